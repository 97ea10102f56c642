"""`intent_classification`: predicted intent and how well the agent understood it."""

from __future__ import annotations

import pytest

from agenteval.rules import validate_rule_params
from tests.rules.judging import SEED_DIALOG, answer, judging

TAXONOMY = {"appointment_booking": "预约服务", "inquiry": "咨询信息", "complaint": "投诉反馈"}
PARAMS = {"expected_intent": "appointment_booking", "intent_taxonomy": TAXONOMY}


def judged(intent: str, understanding: str, confidence: float = 0.9) -> str:
    return answer(intent=intent, understanding=understanding, confidence=confidence,
                  rationale="because")


@pytest.mark.parametrize(("intent", "understanding", "accept_partial", "passed", "score"), [
    ("appointment_booking", "correct", False, True, 1.0),
    ("appointment_booking", "partial", False, False, 0.5),
    ("appointment_booking", "partial", True, True, 0.5),
    ("appointment_booking", "wrong", True, False, 0.0),
    ("inquiry", "correct", True, False, 0.0),
    ("other", "correct", False, False, 0.0),
])
async def test_verdicts(intent: str, understanding: str, accept_partial: bool, passed: bool,
                        score: float) -> None:
    async with judging() as j:
        j.server.script("chat", judged(intent, understanding))
        result = await j.run("intent_classification",
                             {**PARAMS, "accept_partial": accept_partial}, SEED_DIALOG)

    assert (result.passed, result.score, result.error) == (passed, score, None)
    detail = result.detail
    assert (detail["expected"], detail["predicted"], detail["understanding"]) == (
        "appointment_booking", intent, understanding)
    assert detail["confidence"] == 0.9
    assert detail["judge"]["samples"] == [{"predicted": intent, "understanding": understanding}]
    assert detail["judge"]["prompt_version"] == "intent_classification/v1"


async def test_other_can_be_the_expected_intent() -> None:
    async with judging() as j:
        j.server.script("chat", judged("other", "correct"))
        result = await j.run("intent_classification",
                             {**PARAMS, "expected_intent": "other"}, SEED_DIALOG)

    assert (result.passed, result.detail["predicted"]) == (True, "other")


async def test_the_prompt_lists_the_taxonomy_plus_other_and_reads_the_whole_dialog() -> None:
    async with judging() as j:
        j.server.script("chat", judged("appointment_booking", "correct"))
        await j.run("intent_classification", PARAMS, SEED_DIALOG)
        prompt = j.prompt()

    assert "- appointment_booking: 预约服务" in prompt and "- other: none of the above" in prompt
    assert "[turn 0] user: 我家空调坏了，想预约维修" in prompt and "JSON" in prompt


async def test_an_intent_outside_the_taxonomy_is_corrected_or_an_error() -> None:
    async with judging() as j:
        j.server.script("chat", judged("refund", "correct"), judged("billing", "correct"))
        result = await j.run("intent_classification", PARAMS, SEED_DIALOG)

    assert len(j.server.requests) == 2
    assert (result.passed, result.score) == (False, 0.0)
    assert result.error is not None
    assert (result.detail["expected"], result.detail["predicted"]) == (
        "appointment_booking", None)


def test_the_expected_intent_must_be_in_the_taxonomy_or_other() -> None:
    errors = validate_rule_params("intent_classification",
                                  {**PARAMS, "expected_intent": "refund"})
    assert [e["path"] for e in errors] == ["params.expected_intent"]
    assert "not in intent_taxonomy" in errors[0]["message"]
    assert validate_rule_params("intent_classification",
                                {**PARAMS, "expected_intent": "other"}) == []
    assert validate_rule_params("intent_classification",
                                {"expected_intent": "x"})[0]["path"] == "params.intent_taxonomy"
