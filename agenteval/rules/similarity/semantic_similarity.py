"""`semantic_similarity`: is the last reply close enough to a reference answer?

In order of preference:
1. an EMBEDDING model configured: cosine similarity of the embeddings of reply
   and reference (`method: "embedding"`, `model`: the configured one; vectors
   are cached like judge answers when the provider offers a response cache). A
   failing embedding call is an error result (MODEL_ERROR), not a silent fallback;
2. the embedded model shipped with the `wordllama` package, offline, read
   through `contrast_similarity` (`method: "embedding+contrast"`,
   `model: "wordllama"`): a reply that copies the reference's words but flips
   them ("booking confirmed" / "booking cancelled") scores low;
3. the built-in lexical similarity, through the same contrast check, when that
   package is missing (`method: "lexical+contrast"`).

Each has its own default `min_similarity`, chosen on the labelled pairs in
`rules/similarity/calibration/` (see DEFAULT thresholds below and docs/trust.md). A
configured model is not put through the contrast check: that would cost a
second embedding call, and its scores are not calibrated here.
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from agenteval.domain.judging.cases import CaseSpec, RuleResult, Turn
from agenteval.llm.cache import cache_key
from agenteval.llm.errors import ModelCallError
from agenteval.rules.base import ModelProvider, last_reply_or_failure
from agenteval.rules.judged.judge import cached_model_call, response_cache_of
from agenteval.rules.registry import register_rule
from agenteval.rules.similarity.embedded_model import MODEL_NAME as EMBEDDED_MODEL
from agenteval.rules.similarity.embedded_model import EmbeddedModelMissing, embedded_similarity
from agenteval.rules.similarity.lexical_similarity import lexical_similarity

NAME = "semantic_similarity"

# Default pass thresholds by method. The embedded model's maximise balanced accuracy on
# the calibration set's development half, per language: its Chinese scores run higher
# (two unrelated Chinese replies score about 0.5, two English ones about 0.2), so a
# Chinese reference (any CJK character) gets 0.5 and any other 0.3 (balanced accuracy
# on the held-out half 0.79 and 0.83; see tests/rules/test_similarity_calibration.py
# and docs/trust.md). The lexical measure has no threshold that tracks meaning (its
# best balanced accuracy is at 0.05: pass almost anything), so it keeps 0.7: "nearly
# the same wording", all a character measure can vouch for. A configured model is
# unknown to us: 0.7, as before.
CONFIGURED_MODEL_THRESHOLD = 0.7
EMBEDDED_THRESHOLD_CHINESE = 0.5
EMBEDDED_THRESHOLD_OTHER = 0.3
LEXICAL_THRESHOLD = 0.7
EMBEDDED_METHOD = "embedding+contrast"
LEXICAL_METHOD = "lexical+contrast"

PARAMS_SCHEMA: dict[str, Any] = {
    "properties": {
        "reference": {"type": "string", "minLength": 1,
                      "description": "the answer the reply should resemble"},
        "min_similarity": {"type": "number", "minimum": 0, "maximum": 1,
                           "description": "pass threshold; default by method: configured "
                                          "EMBEDDING model 0.7, embedded wordllama "
                                          "(embedding+contrast) 0.5 for a Chinese "
                                          "reference and 0.3 otherwise, "
                                          "lexical+contrast 0.7"},
    },
    "required": ["reference"],
}


def cosine(a: Sequence[float], b: Sequence[float]) -> float:
    """Cosine similarity clamped to [0, 1] (opposite vectors count as unrelated)."""
    norm = math.sqrt(sum(x * x for x in a)) * math.sqrt(sum(y * y for y in b))
    if not norm or len(a) != len(b):
        return 0.0
    return max(0.0, min(1.0, sum(x * y for x, y in zip(a, b, strict=True)) / norm))


async def embedding_similarity(client: Any, models: ModelProvider, reply: str,
                               reference: str) -> tuple[float, bool]:
    """(cosine of the two embeddings, whether they came from the cache); ModelCallError."""
    texts = [reply, reference]

    async def embed() -> dict[str, Any]:
        return {"vectors": await client.embed(texts)}

    key = cache_key(client.model, [{"role": "embedding", "content": t} for t in texts],
                    {"endpoint": "embeddings"})
    answer, cached = await cached_model_call(response_cache_of(models), key, embed)
    first, second = answer["vectors"]
    return cosine(first, second), cached


@register_rule(name=NAME, description="The last reply is similar to a reference answer "
               "(embedding cosine with the EMBEDDING model, else the embedded offline "
               "wordllama model, else character n-gram TF-IDF cosine; the offline ones "
               "lower the score of a reply that keeps the reference's words but negates, "
               "inverts or swaps them). Score: the similarity.",
               scope="last_turn", model_role="EMBEDDING", params_schema=PARAMS_SCHEMA)
@dataclass(frozen=True)
class SemanticSimilarity:
    reference: str
    min_similarity: float | None = None

    async def evaluate(self, case: CaseSpec, dialog: Sequence[Turn],
                       models: ModelProvider) -> RuleResult:
        reply = last_reply_or_failure(NAME, dialog)
        if isinstance(reply, RuleResult):
            return reply
        client = models.get("EMBEDDING")
        detail: dict[str, Any] = {}
        if client is None:
            similarity, threshold = await offline_similarity(reply, self.reference, detail)
        else:
            detail.update(method="embedding", model=client.model)
            threshold = CONFIGURED_MODEL_THRESHOLD
            try:
                similarity, detail["cached"] = await embedding_similarity(
                    client, models, reply, self.reference)
            except ModelCallError as error:
                return RuleResult.failed_to_run(NAME, error.message, detail={
                    **detail, "error_kind": error.kind})
        if self.min_similarity is not None:
            threshold = self.min_similarity
        similarity = round(similarity, 4)
        return RuleResult(NAME, passed=similarity >= threshold, score=similarity,
                          detail={"similarity": similarity, "min_similarity": threshold,
                                  **detail})


async def offline_similarity(reply: str, reference: str,
                             detail: dict[str, Any]) -> tuple[float, float]:
    """(similarity, default threshold) without a model server; records the method in detail."""
    # Imported here: the CLI gate's start-up does not need the contrast lexicon.
    from agenteval.rules.similarity.contrast_similarity import contrast_aware_similarity

    # Reference first, as in the calibration set's pairs (the alignment is not
    # exactly symmetric).
    try:
        # A thread: the first call loads the model (about a second), later ones are cheap.
        similarity, contrast = await asyncio.to_thread(
            contrast_aware_similarity, reference, reply, embedded_similarity)
    except EmbeddedModelMissing:
        similarity, contrast = contrast_aware_similarity(reference, reply, lexical_similarity)
        detail.update(method=LEXICAL_METHOD, **contrast)
        return similarity, LEXICAL_THRESHOLD
    detail.update(method=EMBEDDED_METHOD, model=EMBEDDED_MODEL, **contrast)
    return similarity, embedded_threshold(reference)


def embedded_threshold(reference: str) -> float:
    """The embedded model's default threshold for this reference's language."""
    chinese = any("\u4e00" <= char <= "\u9fff" for char in reference)
    return EMBEDDED_THRESHOLD_CHINESE if chinese else EMBEDDED_THRESHOLD_OTHER
