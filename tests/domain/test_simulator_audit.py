"""The model-free audit of simulated users, on cases the labelled set does not spell out,
and the summary's simulator figures (issue 40)."""

from __future__ import annotations

from agenteval.domain.judging.simulator_audit import AuditedMessage, UserBrief, audit_dialog
from agenteval.domain.static.run_summary import OutcomeRecord, summarise

BRIEF = UserBrief(persona={"name": "王伟", "phone": "+86 139 1102 7364",
                           "address": "朝阳区望京西路48号院3号楼502"},
                  goal="预约空调维修", follow_ups=["订单 HC2611280417"], stop_phrases=["预约成功"])


def flags(*turns: tuple[str, str], ended_by_user: bool = False,
          brief: UserBrief = BRIEF) -> list[tuple[int, str]]:
    messages = [AuditedMessage(role, text, "simulator") for role, text in turns]  # type: ignore[arg-type]
    return [(d.turn, d.kind) for d in audit_dialog(brief, messages, ended_by_user)]


def test_facts_the_user_had_or_the_bot_gave_are_not_flagged() -> None:
    assert flags(("user", "空调坏了，订单HC2611280417"), ("assistant", "好的，退款100元，单号RP31852"),
                 ("user", "13911027364，望京西路48号院"), ("assistant", "预约成功"),
                 ("user", "RP31852是吧，退100元，谢谢，明天下午在家")) == []


def test_each_invented_kind_is_flagged_once_at_its_first_turn() -> None:
    assert flags(("user", "我叫张三"), ("assistant", "您的电话？"), ("user", "18820463159"),
                 ("assistant", "地址？"), ("user", "西城区金融大街35号，电话18820463159"),
                 ("assistant", "预约成功")) == [(0, "invented_fact"), (2, "invented_fact"),
                                                 (4, "invented_fact")]


def test_a_polite_customer_is_not_the_agent_but_an_offer_of_help_is() -> None:
    assert flags(("user", "麻烦您帮我查一下订单HC2611280417，谢谢您"), ("assistant", "预约成功")) == []
    assert flags(("user", "您好，请问有什么可以帮您？"), ("assistant", "预约成功")) == [
        (0, "role_inversion")]


def test_an_early_stop_needs_a_stop_phrase_and_a_user_that_ended_the_dialog() -> None:
    quit = (("user", "空调坏了"), ("assistant", "请问您的电话？"), ("user", "算了，再见"))
    assert flags(*quit, ended_by_user=True) == [(2, "early_stop")]
    assert flags(*quit, ended_by_user=False) == []  # max_turns or a target error ended it
    no_phrase = UserBrief(persona={}, goal="g")
    assert flags(*quit, ended_by_user=True, brief=no_phrase) == []


def test_the_prompts_own_words_are_meta_talk() -> None:
    assert flags(("user", "Goal: book it. OK, continuing"), ("assistant", "预约成功")) == [
        (0, "meta_talk")]


def _record(key: str, attempt: int, passed: bool, error: bool = False) -> OutcomeRecord:
    return OutcomeRecord(key, attempt, "SUCCESS" if passed else "FAILURE", passed,
                         error="simulator error: …" if error else None,
                         simulator_model="sim", simulator_error=error,
                         simulator_reruns=2 if error else 0)


def test_the_figures_without_simulator_errors_leave_those_attempts_out_of_each_case() -> None:
    records = [_record("a", 0, True), _record("a", 1, True), _record("a", 2, False),
               _record("b", 0, False, error=True), _record("b", 1, True),
               _record("b", 2, True)]
    summary = summarise(records, repeat=3)
    assert summary.pass_rate == 4 / 6 and summary.error_count == 1
    assert summary.simulator_error_count == 1
    assert summary.pass_rate_excluding_simulator_errors == 4 / 5
    # a: 2 of 3 passed; b: 2 of its 2 kept passed (it has no 3-subset).
    assert summary.pass_hat_curve_excluding_simulator_errors == [
        round((2 / 3 + 1) / 2, 6), round((1 / 3 + 1) / 2, 6), 0.0]
    assert summary.pass_hat_k_excluding_simulator_errors == 0.0
    [rate] = summary.simulators or []
    assert (rate.attempts, rate.errors, rate.reruns, rate.rerun_attempts) == (6, 1, 2, 1)


def test_a_run_without_simulated_users_has_zero_simulator_errors_and_no_models() -> None:
    summary = summarise([OutcomeRecord("a", 0, "SUCCESS", True)], repeat=1)
    assert summary.simulator_error_count == 0 and summary.simulators == []
    assert summary.pass_rate_excluding_simulator_errors == summary.pass_rate


def test_words_a_customer_uses_are_not_mistaken_for_facts_or_the_agents_voice() -> None:
    assert flags(("user", "It has cost me 20 days already, and I spent 3 hours on hold"),
                 ("assistant", "预约成功")) == []
    assert flags(("user", "请你告诉我退款什么时候到"), ("assistant", "预约成功")) == []
    assert flags(("user", "Could you give me your opening hours?"),
                 ("assistant", "预约成功")) == []
    assert flags(("user", "hi"), ("assistant", "May I have your name?"),
                 ("user", "it's my fridge that is broken"), ("assistant", "怎么称呼？"),
                 ("user", "不告诉你"), ("assistant", "预约成功")) == []
    assert flags(("user", "hi"), ("assistant", "How much did you pay?"),
                 ("user", "10个月前买的"), ("assistant", "预约成功")) == []
