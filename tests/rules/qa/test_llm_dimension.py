"""QA dimensions in prose against a scripted OpenAI-compatible judge (a real local server):
the structured answer, the evidence policy (an unverifiable quote is not judged, flagged),
and such an item in a scorecard (unsampled → not judged, never "not hit")."""

from __future__ import annotations

from agenteval.rules import NO_MODELS
from agenteval.rules.qa.scorecard_runner import compile_scorecard, load_scorecard
from agenteval.rules.qa.scorecard_runner import score_conversation as score
from tests.rules.judging import answer, dialog_of, judging

DIMENSION = "坐席是否在客户表达不满后先致歉再解决问题？"
PARAMS = {"dimension": DIMENSION, "examples": [
    {"dialog_excerpt": "user: 太慢了！ agent: 非常抱歉，我马上加急", "verdict": "yes",
     "why": "先致歉"}]}
COMPLAINT = dialog_of(("我要投诉，师傅迟到了三个小时", "您的投诉已记录，投诉编号 CP95056。"),
                      ("就这样？", "相关部门会在 3 个工作日内处理。"))


async def test_a_no_with_a_verified_quote_fails_and_cites_the_turn() -> None:
    async with judging() as j:
        j.server.script("chat", answer(verdict="no", evidence=[
            {"turn_index": 0, "quote": "您的投诉已记录", "reason": "没有致歉就记录了投诉"}],
            rationale="未致歉"))
        result = await j.run("qa_llm_dimension", PARAMS, COMPLAINT)
        body = j.chat_bodies()[0]
    assert DIMENSION in j.prompt(0) and "判断示例" in j.prompt(0) and "先致歉" in j.prompt(0)
    assert body["response_format"]["type"] == "json_schema"
    assert (result.passed, result.error) == (False, None)
    assert result.detail["outcome"] == "fail" and result.detail["language"] == "zh"
    assert result.detail["evidence"][0]["verified"] is True
    assert result.detail["judge"]["prompt_version"] == "qa_llm_dimension/v1"


async def test_an_unverifiable_quote_is_not_judged_and_flagged() -> None:
    async with judging() as j:
        j.server.script("chat", answer(verdict="no", evidence=[
            {"turn_index": 0, "quote": "这不是我们的问题", "reason": "推卸责任"}], rationale="x"))
        result = await j.run("qa_llm_dimension", PARAMS, COMPLAINT)
    assert not result.passed and result.error is not None
    assert result.detail["outcome"] == "not_judged"
    assert result.detail["flag"] == "unverified_evidence"
    assert result.detail["unverified_quotes"] == [{"turn_index": 0, "quote": "这不是我们的问题"}]


async def test_a_situation_that_never_came_up_is_not_applicable() -> None:
    async with judging() as j:
        j.server.script("chat", answer(verdict="not_applicable", evidence=[], rationale="无投诉"))
        result = await j.run("qa_llm_dimension", {**PARAMS, "if_not_applicable": "pass"},
                             dialog_of(("空调坏了", "好的，请问您怎么称呼？")))
    assert result.passed and result.detail["outcome"] == "not_applicable"


SCORECARD = {"name": "judged", "version": 1, "items": [
    {"id": "apology", "points": -10, "check": {"type": "qa_llm_dimension", "params": PARAMS}},
    {"id": "closing", "points": -3, "check": {"type": "qa_phrase", "params": {
        "position": "last", "phrases": ["祝您生活愉快"]}}},
]}


async def test_in_a_scorecard_a_model_item_is_hit_not_judged_when_unsampled_or_an_error() -> None:
    compiled = compile_scorecard(load_scorecard(SCORECARD))
    async with judging() as j:
        j.server.script("chat", answer(verdict="no", evidence=[
            {"turn_index": 0, "quote": "您的投诉已记录", "reason": "未致歉"}], rationale="x"))
        judged = await score(compiled, COMPLAINT, j.models)
        unsampled = await score(compiled, COMPLAINT, j.models, sampler=lambda item, key: False)
        asked = len(j.chat_bodies())
    assert [o.status for o in judged.items] == ["hit", "hit"] and judged.total == 87
    assert judged.items[0].evidence[0]["turn_index"] == 0
    assert [o.status for o in unsampled.items] == ["not_judged", "hit"] and asked == 1
    assert unsampled.total == 97 and unsampled.passed
    without_model = await score(compiled, COMPLAINT, NO_MODELS)
    assert without_model.items[0].status == "error" and not without_model.passed
