"""`semantic_similarity`: is the last reply close enough to a reference answer?

In order of preference:
1. an EMBEDDING model configured: cosine similarity of the embeddings of reply
   and reference (`method: "embedding"`, `model`: the configured one; vectors
   are cached like judge answers when the provider offers a response cache). A
   failing embedding call is an error result (MODEL_ERROR), not a silent fallback;
2. the embedded model shipped with the `wordllama` package, offline
   (`method: "embedding"`, `model: "wordllama"`);
3. the built-in lexical similarity when that package is missing
   (`method: "lexical"`).

Each has its own default `min_similarity` (see DEFAULT_THRESHOLDS and
docs/rules.md for how they were chosen on the labelled pairs in
`rules/calibration/`). None of them understands negation: "booking confirmed"
and "booking cancelled" look alike to all three; pair this rule with a
keyword or judge rule when that difference matters.
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from agenteval.domain.cases import CaseSpec, RuleResult, Turn
from agenteval.llm.cache import cache_key
from agenteval.llm.errors import ModelCallError
from agenteval.rules.base import ModelProvider, last_reply_or_failure
from agenteval.rules.embedded_model import MODEL_NAME as EMBEDDED_MODEL
from agenteval.rules.embedded_model import EmbeddedModelMissing, embedded_similarity
from agenteval.rules.judge import cached_model_call, response_cache_of
from agenteval.rules.lexical_similarity import lexical_similarity
from agenteval.rules.registry import register_rule

NAME = "semantic_similarity"

# Default pass thresholds by method. The embedded model's maximises balanced accuracy
# on the calibration set's paraphrase-vs-unrelated pairs (0.755 at 0.6; see
# tests/rules/test_similarity_calibration.py). The lexical measure has no threshold
# that tracks meaning there (best balanced accuracy 0.67 at 0.06, i.e. pass almost
# anything), so it keeps 0.7: "nearly the same wording", all a character measure can
# vouch for. A configured model is unknown to us: 0.7, as before.
CONFIGURED_MODEL_THRESHOLD = 0.7
EMBEDDED_THRESHOLD = 0.6
LEXICAL_THRESHOLD = 0.7

PARAMS_SCHEMA: dict[str, Any] = {
    "properties": {
        "reference": {"type": "string", "minLength": 1,
                      "description": "the answer the reply should resemble"},
        "min_similarity": {"type": "number", "minimum": 0, "maximum": 1,
                           "description": "pass threshold; default by method: configured "
                                          "EMBEDDING model 0.7, embedded wordllama 0.6, "
                                          "lexical 0.7"},
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
               "(embedding cosine with the EMBEDDING model, else with the embedded offline "
               "wordllama model, else character n-gram TF-IDF cosine). Score: the similarity.",
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
    try:
        # A thread: the first call loads the model (about a second), later ones are cheap.
        similarity = await asyncio.to_thread(embedded_similarity, reply, reference)
    except EmbeddedModelMissing:
        detail["method"] = "lexical"
        return lexical_similarity(reply, reference), LEXICAL_THRESHOLD
    detail.update(method="embedding", model=EMBEDDED_MODEL)
    return similarity, EMBEDDED_THRESHOLD
