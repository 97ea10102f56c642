"""Judging examples go into the judge's prompt, in the dialog's language, and change its key."""

from __future__ import annotations

from agenteval.llm.cache import cache_key
from agenteval.rules.judged.intent_classification import IntentClassification, check_params
from agenteval.rules.judged.llm_score import score_messages
from agenteval.rules.judged.task_completion import TaskCompletion

SLOT = {"name": "appointment_time", "description": "预约时间", "examples": [
    {"dialog_excerpt": "user: 明天下午三点可以", "filled": True, "why": "具体时间"},
    {"dialog_excerpt": "user: 尽快吧", "filled": False}]}


def prompt(messages: list[dict]) -> str:
    return messages[-1]["content"]


def test_slot_examples_are_shown_under_their_slot_in_chinese_for_a_chinese_dialog() -> None:
    rule = TaskCompletion(mode="slot", required_slots=[SLOT])
    text = prompt(rule.messages("[turn 1] user: 我要预约"))
    assert "- appointment_time: 预约时间\n   判断示例:\n   - 「user: 明天下午三点可以」→ 已收集（具体时间）\n" \
           "   - 「user: 尽快吧」→ 未收集" in text


def test_step_examples_in_english_for_an_english_dialog() -> None:
    step = {"name": "confirm", "description": "confirms the booking", "examples": [
        {"dialog_excerpt": "agent: Booked, RP12345", "filled": True, "why": "explicit"}]}
    text = prompt(TaskCompletion(mode="step", required_steps=[step]).messages(
        "[turn 1] user: book me"))
    assert '1. confirm: confirms the booking\n   Judging examples:\n' \
           '   - "agent: Booked, RP12345" → done (explicit)' in text


def test_llm_score_and_intent_examples_are_in_the_prompt_and_the_cache_key() -> None:
    examples = [{"dialog_excerpt": "agent: 好的。", "score": 2, "why": "没有单号"}]
    with_examples = score_messages("礼貌", "last_turn", "[turn 1] agent: 好的", examples)
    without = score_messages("礼貌", "last_turn", "[turn 1] agent: 好的")
    assert "判断示例:\n- 「agent: 好的。」→ 2（没有单号）" in prompt(with_examples)
    assert cache_key("m", with_examples, {}) != cache_key("m", without, {})

    intent = IntentClassification(expected_intent="booking",
                                  intent_taxonomy={"booking": "wants a visit"},
                                  examples=[{"dialog_excerpt": "user: can someone come?",
                                             "intent": "booking"}])
    assert '- "user: can someone come?" → booking' in prompt(intent.messages("user: hi"))


def test_an_intent_example_must_name_an_intent_of_the_taxonomy() -> None:
    params = {"expected_intent": "booking", "intent_taxonomy": {"booking": "b"},
              "examples": [{"dialog_excerpt": "x", "intent": "refund"}]}
    assert check_params(params) == [("examples[0].intent", "'refund' is not in intent_taxonomy")]


def test_a_long_dialog_keeps_the_turns_that_mention_a_slot_keyword() -> None:
    from agenteval.domain.judging.cases import Turn
    from agenteval.rules.dialog_format import format_dialog

    dialog = [Turn(i, f"small talk {i} " * 20, f"reply {i} " * 20, 5) for i in range(12)]
    dialog[3] = Turn(3, "my phone is 13800138000", "noted", 5)
    plain = format_dialog(dialog, 1500)
    kept = format_dialog(dialog, 1500, ["13800138000"])
    assert "13800138000" not in plain.text
    assert "[turn 3] user: my phone is 13800138000" in kept.text
    assert kept.text.count("elided") == 2  # before and after the kept turn
    assert 3 not in kept.truncation["elided_turns"] and 0 not in kept.truncation["elided_turns"]


async def test_task_completion_sends_the_judge_the_turn_with_a_slot_keyword() -> None:
    import json

    from agenteval.domain.judging.cases import Turn
    from tests.rules.judging import judging

    dialog = [Turn(i, f"small talk {i} " * 20, f"reply {i} " * 20, 5) for i in range(12)]
    dialog[2] = Turn(2, "call me on 13800138000", "noted", 5)
    params = {"mode": "slot", "required_slots": [
        {"name": "phone", "description": "the phone number", "keywords": ["1380013"]}]}
    async with judging(max_dialog_chars=1_500) as j:
        j.server.script("chat", json.dumps({"rationale": "given", "slots": {"phone": {
            "filled": True, "turn_index": 2, "quote": "13800138000"}}}))
        result = await j.run("task_completion", params, dialog)
        prompt = j.prompt()
    assert "[turn 2] user: call me on 13800138000" in prompt
    assert result.detail["slots"][0]["filled"] is True and result.error is None
