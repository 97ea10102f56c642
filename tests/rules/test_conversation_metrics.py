"""The named conversation metrics against a scripted OpenAI-compatible judge and Mia's real replies.

Each test checks what the judge was sent (prompt language, the rule's JSON
Schema enforced on the answer), how the judge's evidence is verified against
the transcript, and the score computed from it.
"""

from __future__ import annotations

import pytest
from jsonschema import Draft202012Validator

from agenteval.demo_bot.bot import replay
from agenteval.domain.judging.cases import Turn
from agenteval.llm.structured_output import strict_problems
from agenteval.rules.conversation import (
    conversation_completeness,
    conversation_relevancy,
    knowledge_retention,
    role_adherence,
)
from agenteval.rules.conversation.language import dialog_language
from tests.rules.judging import answer, dialog_of, judging

ZH_RETURN = ["我要退货，质量有问题", "订单号是 12345"]
EN_RETURN = ["I want to return my kettle", "it arrived damaged", "The order number is 12345"]


def mia(messages: list[str]) -> list[Turn]:
    """The dialog Mia (the demo bot) really has for these user messages."""
    _, replies = replay(messages)
    return dialog_of(*zip(messages, replies, strict=True))


def system_prompt(body: dict) -> str:
    return str(body["messages"][0]["content"])


async def test_knowledge_retention_names_the_lost_context_turn_in_chinese() -> None:
    dialog = mia(ZH_RETURN)
    assert dialog[1].reply is not None and dialog[1].reply.startswith("我没太明白")
    async with judging() as j:
        j.server.script("chat", answer(lapses=[{
            "turn_index": 1, "quote": "我没太明白您的意思", "remembered_turn_index": 0,
            "reason": "退货刚受理，用户补充订单号，智能体却忘了退货的上下文"}],
            rationale="第 1 轮丢失上下文"))
        result = await j.run("knowledge_retention", {}, dialog)
        body = j.chat_bodies()[0]
    assert "记住" in j.prompt(0) and "JSON" in j.prompt(0)
    assert "对话评估员" in system_prompt(body)
    assert "[turn 1] agent: 我没太明白您的意思" in j.prompt(0)
    assert (result.passed, result.score, result.error) == (False, 0.5, None)
    detail = result.detail
    assert detail["language"] == "zh" and detail["lapsed_turns"] == [1]
    [lapse] = detail["lapses"]
    assert lapse["verified"] is True and lapse["remembered_turn_index"] == 0
    assert "unverified_quotes" not in detail
    assert detail["judge"]["prompt_version"] == "knowledge_retention/v1"


async def test_an_english_dialog_gets_the_english_prompt_and_a_wrong_quote_is_flagged() -> None:
    dialog = mia(EN_RETURN)
    async with judging() as j:
        j.server.script("chat", answer(lapses=[
            {"turn_index": 2, "quote": "I didn't  quite get that.", "remembered_turn_index": 1,
             "reason": "forgot the return it had just accepted"},
            {"turn_index": 2, "quote": "Please tell me your order number again",
             "remembered_turn_index": None, "reason": "made up"}], rationale="turn 2"))
        result = await j.run("knowledge_retention", {}, dialog)
        body = j.chat_bodies()[0]
    assert "RETAINS" in j.prompt(0) and "impartial evaluator" in system_prompt(body)
    assert result.detail["language"] == "en"
    # Two lapses in one turn count once: 1 of 3 replies lapsed.
    assert result.score == round(1 - 1 / 3, 4) and result.passed is False
    verified = [lapse["verified"] for lapse in result.detail["lapses"]]
    assert verified == [True, False]  # whitespace normalised; an invented quote is not
    assert result.detail["unverified_quotes"] == [
        {"turn_index": 2, "quote": "Please tell me your order number again"}]


async def test_a_dialog_without_lapses_passes_with_score_one() -> None:
    dialog = mia(["我家空调坏了，想预约维修", "我叫张三"])
    async with judging() as j:
        j.server.script("chat", answer(lapses=[], rationale="都记住了"))
        result = await j.run("knowledge_retention", {}, dialog)
    assert (result.passed, result.score) == (True, 1.0)


async def test_an_answer_off_the_schema_is_a_model_error_not_a_verdict() -> None:
    async with judging() as j:
        # Twice: the first answer and the corrective follow-up's answer.
        j.server.script("chat", answer(score=0.9), answer(lapses="none"))
        result = await j.run("knowledge_retention", {}, mia(ZH_RETURN))
    assert result.error is not None and result.passed is False
    assert len(j.server.requests_to("chat")) == 2


@pytest.mark.parametrize("schema", [knowledge_retention.ANSWER_SCHEMA, role_adherence.ANSWER_SCHEMA,
                                    conversation_relevancy.ANSWER_SCHEMA,
                                    conversation_completeness.ANSWER_SCHEMA])
def test_the_answer_schemas_are_strict_mode_compatible(schema: dict) -> None:
    Draft202012Validator.check_schema(schema)
    assert strict_problems(schema) == []


async def test_the_schema_is_sent_as_structured_output() -> None:
    async with judging(structured_output="json_schema") as j:
        j.server.script("chat", answer(lapses=[], rationale="ok"))
        await j.run("knowledge_retention", {}, mia(ZH_RETURN))
        body = j.chat_bodies()[0]
    sent = body["response_format"]["json_schema"]
    assert sent["strict"] is True
    assert sent["name"] == "knowledge_retention" and sent["schema"] == \
        knowledge_retention.ANSWER_SCHEMA


async def test_role_adherence_puts_the_role_in_the_prompt_and_scores_replies_in_role() -> None:
    role = "You are Mia, HomeCare Appliances' service bot: repairs, returns, complaints only."
    dialog = mia(["hello", "Can you recommend a stock to buy?"])
    async with judging() as j:
        j.server.script("chat", answer(out_of_role=[], rationale="stayed in role"))
        result = await j.run("role_adherence", {"role": role}, dialog)
    assert role in j.prompt(0) and "ROLE" in j.prompt(0)
    assert (result.passed, result.score, result.detail["out_of_role_turns"]) == (True, 1.0, [])


async def test_role_adherence_flags_out_of_role_turns_in_chinese() -> None:
    dialog = dialog_of(("你好", "您好，我是小美。"), ("推荐一只股票", "建议买入 ABC 股份。"))
    async with judging() as j:
        j.server.script("chat", answer(out_of_role=[
            {"turn_index": 1, "quote": "建议买入 ABC 股份", "reason": "超出家电客服的范围"}],
            rationale="第 1 轮越界"))
        result = await j.run("role_adherence", {"role": "你是家电客服小美"}, dialog)
    assert "你是家电客服小美" in j.prompt(0) and "角色" in j.prompt(0)
    assert (result.passed, result.score) == (False, 0.5)
    assert result.detail["out_of_role"][0]["verified"] is True


async def test_relevancy_asks_once_per_reply_over_a_sliding_window() -> None:
    dialog = mia(["我家空调坏了，想预约维修", "我叫张三", "电话是 13800138000", "我想改成退货"])
    relevant = answer(relevant=True, quote="请", reason="答了")
    async with judging() as j:
        j.server.script("chat", relevant, relevant, relevant, answer(
            relevant=False, quote="请问上门维修的地址是哪里？", reason="用户要退货，却继续问地址"))
        result = await j.run("conversation_relevancy", {"window_size": 2}, dialog)
        prompts = [str(b["messages"][1]["content"]) for b in j.chat_bodies()]
    assert len(prompts) == 4
    # The window of turn 3 holds turns 2 and 3 only.
    assert "[turn 2] user" in prompts[3] and "[turn 1] user" not in prompts[3]
    assert "[turn 3]" in prompts[3] and "相关" in prompts[3]
    assert (result.passed, result.score) == (True, 0.75)
    assert result.detail["irrelevant_turns"] == [3]
    assert result.detail["irrelevant"][0]["verified"] is True
    assert result.detail["judge"]["windows"] == 4


async def test_completeness_scores_met_intentions_and_verifies_the_users_quotes() -> None:
    dialog = mia(["我家空调坏了，想预约维修", "我叫张三", "电话是 13800138000", "我想改成退货"])
    async with judging() as j:
        j.server.script("chat", answer(intentions=[
            {"intention": "退货", "turn_index": 3, "quote": "我想改成退货", "met": False,
             "met_turn_index": None, "reason": "智能体继续问地址"}],
            rationale="用户改为退货，没有办理"))
        result = await j.run("conversation_completeness", {}, dialog)
    assert "意图" in j.prompt(0)
    assert (result.passed, result.score, result.detail["unmet_intentions"]) == (False, 0.0, ["退货"])
    assert result.detail["intentions"][0]["verified"] is True


async def test_without_a_judge_each_metric_is_an_error_result() -> None:
    async with judging(roles=("EMBEDDING",)) as j:
        for rule, params in (("knowledge_retention", {}), ("role_adherence", {"role": "r"}),
                             ("conversation_relevancy", {}), ("conversation_completeness", {})):
            result = await j.run(rule, params, mia(ZH_RETURN))
            assert result.error is not None and "needs a JUDGE model" in result.error


def test_language_follows_the_users_messages() -> None:
    assert dialog_language(mia(ZH_RETURN)) == "zh"
    assert dialog_language(mia(EN_RETURN)) == "en"
    # A Chinese message quoting a Latin product name stays Chinese.
    assert dialog_language(dialog_of(("我的 HomeCare KX-200 空调坏了", "好的"))) == "zh"
