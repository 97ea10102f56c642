"""semantic_similarity without an EMBEDDING model: the embedded wordllama model through the
contrast check, and the lexical fallback (same check) when that package is missing."""

from __future__ import annotations

import subprocess
import sys

import pytest

from agenteval.rules import NO_MODELS
from agenteval.rules.similarity import embedded_model, semantic_similarity
from agenteval.rules.similarity.embedded_model import EmbeddedModelMissing
from agenteval.rules.similarity.semantic_similarity import SemanticSimilarity
from tests.support.turns import reply_turn

REFERENCE = "您的空调维修已预约成功，师傅明天上午上门"


@pytest.fixture
def without_embedded_model(monkeypatch: pytest.MonkeyPatch) -> None:
    def missing(text1: str, text2: str) -> float:
        raise EmbeddedModelMissing("the wordllama package is not installed")

    monkeypatch.setattr(semantic_similarity, "embedded_similarity", missing)


@pytest.mark.parametrize("reply, min_similarity, passed", [
    (REFERENCE, 0.7, True),
    ("您的空调维修已经预约成功，师傅明天上午会上门。", 0.7, True),
    ("今天天气很好，我们去公园散步吧", 0.7, False),
    ("今天天气很好，我们去公园散步吧", 0.0, True),
])
async def test_lexical_fallback(case, without_embedded_model, reply, min_similarity, passed):
    rule = SemanticSimilarity(reference=REFERENCE, min_similarity=min_similarity)
    result = await rule.evaluate(case, [reply_turn(reply)], NO_MODELS)
    assert result.passed is passed
    assert result.score == result.detail["similarity"]
    assert result.detail["method"] == "lexical+contrast" and "model" not in result.detail


@pytest.mark.parametrize("reference, reply, passed", [
    (REFERENCE, "已经帮您约好了，维修空调的师傅明天上午到您家。", True),
    (REFERENCE, "我们的营业时间是早九点到晚六点。", False),
    (REFERENCE, "您的空调维修预约没有成功，师傅明天上午不能上门", False),
    ("Your repair appointment is booked for tomorrow morning.",
     "Your repair is booked for tomorrow morning.", True),
    ("Your repair appointment is booked for tomorrow morning.",
     "A technician will come to fix it tomorrow before noon.", True),
    ("Your repair appointment is booked for tomorrow morning.",
     "Our store sells kitchen appliances.", False),
    ("Your refund has been approved.", "Your refund has not been approved.", False),
])
async def test_the_embedded_model_is_the_default_without_a_configured_one(
        case, reference, reply, passed):
    result = await SemanticSimilarity(reference=reference).evaluate(
        case, [reply_turn(reply)], NO_MODELS)
    assert result.detail["method"] == "embedding+contrast"
    assert result.detail["model"] == "wordllama"
    assert result.detail["min_similarity"] == semantic_similarity.embedded_threshold(reference)
    assert result.passed is passed, result.detail


@pytest.mark.parametrize("reference, threshold", [
    (REFERENCE, semantic_similarity.EMBEDDED_THRESHOLD_CHINESE),
    ("Your refund has been approved.", semantic_similarity.EMBEDDED_THRESHOLD_OTHER),
])
def test_the_embedded_default_threshold_follows_the_reference_language(reference, threshold):
    assert semantic_similarity.embedded_threshold(reference) == threshold


async def test_a_negated_copy_of_the_reference_names_its_cue(case):
    result = await SemanticSimilarity(reference="您的退款已经到账。").evaluate(
        case, [reply_turn("您的退款还没有到账。")], NO_MODELS)
    assert result.detail["contrast"] == ["negation"]
    assert result.detail["whole_similarity"] > 0.8 > result.score
    assert not result.passed


async def test_without_the_embedded_model_the_lexical_default_threshold_applies(
        case, without_embedded_model):
    result = await SemanticSimilarity(reference=REFERENCE).evaluate(
        case, [reply_turn("今天天气很好")], NO_MODELS)
    assert result.detail["min_similarity"] == semantic_similarity.LEXICAL_THRESHOLD


def test_the_model_loads_from_the_package_files_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    embedded_model.embedded_model.cache_clear()
    # Any attempt to reach a hub would go through requests: make it fail loudly.
    import requests

    def no_network(*args: object, **kwargs: object) -> None:
        raise AssertionError("the embedded model tried to download something")

    monkeypatch.setattr(requests, "get", no_network)
    monkeypatch.setattr(requests.Session, "request", no_network)
    assert 0.0 <= embedded_model.embedded_similarity("退款已到账", "钱已经退回来了") <= 1.0


def test_the_cli_does_not_import_the_embedding_model_at_start_up() -> None:
    code = ("import sys, agenteval.cli, agenteval.rules.similarity.semantic_similarity; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('wordllama', 'tokenizers', 'safetensors', 'numpy')))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True).stdout.strip()
    assert loaded == "[]"


async def test_an_error_turn_fails(case, error_dialog):
    result = await SemanticSimilarity(reference="x").evaluate(case, error_dialog, NO_MODELS)
    assert not result.passed and "timeout" in result.detail["reason"]


async def test_a_paraphrase_scores_far_above_an_unrelated_reply(case):
    rule = SemanticSimilarity(reference="Your repair appointment is booked for tomorrow morning.")
    paraphrase = await rule.evaluate(
        case, [reply_turn("We've scheduled the technician to come tomorrow morning.")], NO_MODELS)
    unrelated = await rule.evaluate(
        case, [reply_turn("Our store sells kitchen appliances.")], NO_MODELS)
    assert paraphrase.score > unrelated.score + 0.3
