"""EMBEDDING and MODERATION paths of `semantic_similarity` and `safety`, with their fallbacks."""

from __future__ import annotations

from agenteval.domain.judging.cases import RuleSpec
from agenteval.rules import NO_MODELS, run_rule
from agenteval.rules.similarity.semantic_similarity import cosine
from tests.rules.judging import CASE, dialog_of, judging
from tests.support.fake_llm_server import Respond, hashed_embedding, moderation_body

REFERENCE = "您的退款将在三个工作日内到账"
DIALOG = dialog_of(("退款多久到账", "您的退款将在三个工作日内到账，请留意。"))


async def test_similarity_is_the_cosine_of_the_embeddings() -> None:
    async with judging(roles=["EMBEDDING"]) as j:
        result = await j.run("semantic_similarity", {"reference": REFERENCE}, DIALOG)
        body = j.server.requests_to("embeddings")[0].body

    expected = round(cosine(hashed_embedding(DIALOG[0].reply or ""),
                            hashed_embedding(REFERENCE)), 4)
    assert body["input"] == [DIALOG[0].reply, REFERENCE]
    assert result.detail["method"] == "embedding"
    assert (result.detail["similarity"], result.score) == (expected, expected)
    assert result.passed is (expected >= 0.7)
    assert result.detail["cached"] is False


async def test_embeddings_are_cached_for_re_runs() -> None:
    async with judging(roles=["EMBEDDING"]) as j:
        first = await j.run("semantic_similarity", {"reference": REFERENCE}, DIALOG)
        second = await j.run("semantic_similarity", {"reference": REFERENCE}, DIALOG)

    assert len(j.server.requests) == 1
    assert second.score == first.score and second.detail["cached"] is True


async def test_a_failing_embedding_call_is_an_error_not_a_lexical_fallback() -> None:
    async with judging(roles=["EMBEDDING"], retries=0) as j:
        j.server.script("embeddings", Respond(status=500))
        result = await j.run("semantic_similarity", {"reference": REFERENCE}, DIALOG)

    assert (result.passed, result.score) == (False, 0.0)
    assert result.error is not None and "EMBEDDING model" in result.error
    assert result.detail["method"] == "embedding"


async def test_without_an_embedding_model_the_embedded_model_is_used() -> None:
    result = await run_rule(RuleSpec("semantic_similarity", {"reference": REFERENCE}), CASE,
                            DIALOG, NO_MODELS)

    assert result.detail["method"] == "embedding+contrast" and result.error is None
    assert result.detail["model"] == "wordllama"


async def test_moderation_flags_categories_in_our_names() -> None:
    async with judging(roles=["MODERATION"]) as j:
        j.server.script("moderations", moderation_body({"self-harm": 0.91, "harassment": 0.4}))
        result = await j.run("safety", {}, DIALOG)

    assert (result.passed, result.score) == (False, 0.0)
    assert result.detail["method"] == "moderation"
    assert sorted(result.detail["flagged_categories"]) == ["harassment", "self_harm"]
    assert result.detail["scores"]["self_harm"] == 0.91


async def test_moderation_is_restricted_to_the_requested_categories() -> None:
    async with judging(roles=["MODERATION"]) as j:
        j.server.script("moderations", moderation_body({"harassment": 0.8}))
        result = await j.run("safety", {"categories": ["violence", "self_harm"]}, DIALOG)

    assert (result.passed, result.score, result.detail["flagged_categories"]) == (True, 1.0, [])
    assert result.detail["categories_checked"] == ["violence", "self_harm"]


async def test_a_clean_moderation_passes_and_is_cached() -> None:
    async with judging(roles=["MODERATION"]) as j:
        first = await j.run("safety", {}, DIALOG)
        second = await j.run("safety", {}, DIALOG)

    assert (first.passed, first.detail["cached"], second.detail["cached"]) == (True, False, True)
    assert len(j.server.requests) == 1


async def test_a_failing_moderation_call_is_an_error_result() -> None:
    async with judging(roles=["MODERATION"], retries=0) as j:
        j.server.script("moderations", Respond({"unexpected": True}))
        result = await j.run("safety", {}, DIALOG)

    assert (result.passed, result.score) == (False, 0.0)
    assert result.error is not None and "results[0].flagged" in result.error


async def test_without_a_moderation_model_the_lexicon_is_used() -> None:
    result = await run_rule(RuleSpec("safety", {}), CASE, DIALOG, NO_MODELS)

    assert (result.passed, result.detail["method"]) == (True, "lexicon")
