"""`llm_score`: score normalisation, scope, the prompt it sends and its audit detail."""

from __future__ import annotations

from agenteval.rules import validate_rule_params
from agenteval.rules.judged.llm_score import ANSWER_SCHEMA
from tests.rules.judging import answer, dialog_of, judging

DIALOG = dialog_of(("我想退货", "请提供订单号"), ("订单号 A123", "已为您办理退货，三天内退款。"))
CRITERIA = "The reply is polite and solves the problem"


async def test_score_is_raw_score_over_ten_and_passes_at_min_score() -> None:
    async with judging() as j:
        j.server.script("chat", answer(score=8, rationale="polite and complete"))
        result = await j.run("llm_score", {"criteria": CRITERIA}, DIALOG)

    assert (result.passed, result.score, result.error) == (True, 0.8, None)
    detail = result.detail
    assert (detail["raw_score"], detail["rationale"], detail["scope"]) == (
        8, "polite and complete", "last_turn")
    judge = detail["judge"]
    assert judge["model"] == "judge-model"
    assert judge["prompt_version"] == "llm_score/v1"
    assert (judge["samples"], judge["agreement"], judge["cached"]) == (
        [{"raw_score": 8}], 1.0, False)
    assert judge["raw_output"] == answer(score=8, rationale="polite and complete")
    assert judge["usage"] == {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15}


async def test_below_min_score_fails_with_its_score() -> None:
    async with judging() as j:
        j.server.script("chat", answer(score=6.5, rationale="curt"))
        result = await j.run("llm_score", {"criteria": CRITERIA, "min_score": 7}, DIALOG)

    assert (result.passed, result.score, result.error) == (False, 0.65, None)


async def test_request_is_temperature_zero_json_and_last_turn_only_by_default() -> None:
    async with judging() as j:
        j.server.script("chat", answer(score=9, rationale="ok"))
        await j.run("llm_score", {"criteria": CRITERIA}, DIALOG)
        body = j.chat_bodies()[0]
        prompt = j.prompt()

    assert body["temperature"] == 0
    assert body["response_format"] == {"type": "json_schema", "json_schema": {
        "name": "llm_score", "schema": ANSWER_SCHEMA, "strict": True}}
    assert "JSON" in prompt and CRITERIA in prompt
    assert "[turn 1] agent: 已为您办理退货" in prompt
    assert "我想退货" not in prompt


async def test_full_dialog_scope_shows_every_turn_and_evaluation_scope_alias_works() -> None:
    async with judging() as j:
        j.server.script("chat", answer(score=10, rationale="ok"))
        result = await j.run("llm_score", {"criteria": CRITERIA,
                                           "evaluation_scope": "full_dialog"}, DIALOG)
        prompt = j.prompt()

    assert result.detail["scope"] == "full_dialog"
    assert "[turn 0] user: 我想退货" in prompt and "[turn 1] user: 订单号 A123" in prompt
    assert result.score == 1.0


def test_params_are_checked() -> None:
    assert validate_rule_params("llm_score", {"criteria": "x", "min_score": 11}) == [
        {"path": "params.min_score", "message": "must be ≤ 10"}]
    assert validate_rule_params("llm_score", {})[0]["path"] == "params.criteria"
    assert validate_rule_params("llm_score", {"criteria": "x", "samples": 16})[0]["path"] == (
        "params.samples")
