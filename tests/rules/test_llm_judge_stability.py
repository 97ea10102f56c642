"""Stable judging: cache, majority vote, corrective retry, transient errors, error results."""

from __future__ import annotations

from agenteval.domain.judging.cases import RuleSpec
from agenteval.rules import NO_MODELS, run_rule
from tests.rules.judging import CASE, answer, dialog_of, judging
from tests.support.fake_llm_server import Respond

DIALOG = dialog_of(("hello", "Hi! How can I help you today?"))
PARAMS = {"criteria": "friendly greeting"}


async def test_second_run_of_the_same_case_is_served_by_the_cache() -> None:
    async with judging() as j:
        j.server.script("chat", answer(score=9, rationale="warm"))
        first = await j.run("llm_score", PARAMS, DIALOG)
        calls_after_first = len(j.server.requests)
        second = await j.run("llm_score", PARAMS, DIALOG)

    assert calls_after_first == 1
    assert len(j.server.requests) == 1  # zero calls on the re-run
    assert (second.passed, second.score) == (first.passed, first.score)
    assert second.detail["judge"]["cached"] is True
    assert "usage" not in second.detail["judge"]
    assert second.detail["judge"]["raw_output"] == first.detail["judge"]["raw_output"]


async def test_cache_false_asks_the_model_every_time() -> None:
    async with judging() as j:
        j.server.script("chat", answer(score=9, rationale="a"), answer(score=3, rationale="b"))
        first = await j.run("llm_score", {**PARAMS, "cache": False}, DIALOG)
        second = await j.run("llm_score", {**PARAMS, "cache": False}, DIALOG)

    assert len(j.server.requests) == 2
    assert (first.score, second.score) == (0.9, 0.3)
    assert j.cache.entries == {}


async def test_three_samples_vote_and_report_agreement_two_thirds() -> None:
    async with judging() as j:
        # Samples run concurrently: answer by arrival so the scores are known, not their order.
        j.server.script("chat", answer(score=8, rationale="good"),
                        answer(score=3, rationale="bad"), answer(score=8, rationale="good"))
        result = await j.run("llm_score", {**PARAMS, "samples": 3}, DIALOG)
        bodies = j.chat_bodies()

    judge = result.detail["judge"]
    assert len(bodies) == 3
    assert sorted(s["raw_score"] for s in judge["samples"]) == [3, 8, 8]
    assert judge["agreement"] == round(2 / 3, 4)
    assert (result.detail["raw_score"], result.score, result.passed) == (8, 0.8, True)
    assert len(j.cache.entries) == 3  # each sample has its own cache entry


async def test_a_voted_verdict_is_reproduced_from_the_cache() -> None:
    async with judging() as j:
        j.server.script("chat", answer(score=8, rationale="g"), answer(score=3, rationale="b"),
                        answer(score=8, rationale="g"))
        first = await j.run("llm_score", {**PARAMS, "samples": 3}, DIALOG)
        second = await j.run("llm_score", {**PARAMS, "samples": 3}, DIALOG)

    assert len(j.server.requests) == 3
    assert second.detail["judge"]["samples"] == first.detail["judge"]["samples"]
    assert second.detail["judge"]["cached"] is True


async def test_malformed_json_then_a_valid_answer_passes_after_two_calls() -> None:
    async with judging() as j:
        j.server.script("chat", "I would say 9 out of 10", answer(score=9, rationale="ok"))
        result = await j.run("llm_score", PARAMS, DIALOG)
        corrective = j.chat_bodies()[1]["messages"]

    assert (result.passed, result.score, result.error) == (True, 0.9, None)
    assert len(j.server.requests) == 2
    assert "not valid" in corrective[-1]["content"]


async def test_malformed_twice_is_an_error_result_not_a_verdict() -> None:
    async with judging() as j:
        j.server.script("chat", "no idea", answer(score=42, rationale="out of range"))
        result = await j.run("llm_score", PARAMS, DIALOG)

    assert (result.passed, result.score) == (False, 0.0)
    assert result.error is not None and "invalid answer after a corrective retry" in result.error
    assert result.detail["judge"]["error_kind"] == "invalid_output"
    assert result.detail["judge"]["prompt_version"] == "llm_score/v1"
    assert j.cache.entries == {}  # a bad answer is never cached


async def test_429_with_retry_after_then_ok() -> None:
    async with judging() as j:
        j.server.script("chat", Respond(status=429, headers={"Retry-After": "0"}),
                        answer(score=7, rationale="fine"))
        result = await j.run("llm_score", PARAMS, DIALOG)

    assert (result.passed, result.score, result.error) == (True, 0.7, None)
    assert len(j.server.requests) == 2


async def test_persistent_500_is_an_error_result_after_the_retries() -> None:
    # One known form, so the 500s are not taken for refusals of the form (see
    # tests/llm/test_structured_output.py for auto's probing).
    async with judging(retries=2, structured_output="json_object") as j:
        j.server.script("chat", *[Respond(status=500)] * 3)
        result = await j.run("llm_score", PARAMS, DIALOG)

    assert len(j.server.requests) == 3
    assert (result.passed, result.score) == (False, 0.0)
    assert result.error is not None and "HTTP 500 after 3 attempts" in result.error
    assert result.detail["judge"]["status"] == 500


async def test_without_a_judge_model_the_rule_is_an_error_result() -> None:
    result = await run_rule(RuleSpec("llm_score", PARAMS), CASE, DIALOG, NO_MODELS)

    assert (result.passed, result.score) == (False, 0.0)
    assert result.error is not None and "needs a JUDGE model" in result.error


async def test_a_failed_last_turn_is_not_sent_to_the_judge() -> None:
    failed = dialog_of(("hello", None))
    async with judging() as j:
        result = await j.run("llm_score", PARAMS, failed)

    assert j.server.requests == []
    assert (result.passed, result.error) == (False, None)
    assert "no reply to evaluate" in result.detail["reason"]
