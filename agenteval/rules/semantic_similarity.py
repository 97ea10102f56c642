"""`semantic_similarity`: is the last reply close enough to a reference answer?

With an EMBEDDING model configured: cosine similarity of the embeddings of
reply and reference (`method: "embedding"`; vectors are cached like judge
answers when the provider offers a response cache). A failing embedding call
is an error result (MODEL_ERROR), not a silent fallback. Without one: the
built-in lexical similarity (`method: "lexical"`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from agenteval.domain.cases import CaseSpec, RuleResult, Turn
from agenteval.llm.cache import cache_key
from agenteval.llm.errors import ModelCallError
from agenteval.rules.base import ModelProvider, last_reply_or_failure
from agenteval.rules.judge import cached_model_call, response_cache_of
from agenteval.rules.lexical_similarity import lexical_similarity
from agenteval.rules.registry import register_rule

NAME = "semantic_similarity"

PARAMS_SCHEMA: dict[str, Any] = {
    "properties": {
        "reference": {"type": "string", "minLength": 1,
                      "description": "the answer the reply should resemble"},
        "min_similarity": {"type": "number", "minimum": 0, "maximum": 1, "default": 0.7},
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
               "(embedding cosine with an EMBEDDING model, else character n-gram TF-IDF "
               "cosine). Score: the similarity.",
               scope="last_turn", model_role="EMBEDDING", params_schema=PARAMS_SCHEMA)
@dataclass(frozen=True)
class SemanticSimilarity:
    reference: str
    min_similarity: float = 0.7

    async def evaluate(self, case: CaseSpec, dialog: Sequence[Turn],
                       models: ModelProvider) -> RuleResult:
        reply = last_reply_or_failure(NAME, dialog)
        if isinstance(reply, RuleResult):
            return reply
        client = models.get("EMBEDDING")
        detail: dict[str, Any] = {"min_similarity": self.min_similarity}
        if client is None:
            similarity = lexical_similarity(reply, self.reference)
            detail["method"] = "lexical"
        else:
            detail.update(method="embedding", model=client.model)
            try:
                similarity, detail["cached"] = await embedding_similarity(
                    client, models, reply, self.reference)
            except ModelCallError as error:
                return RuleResult.failed_to_run(NAME, error.message, detail={
                    **detail, "error_kind": error.kind})
        similarity = round(similarity, 4)
        return RuleResult(NAME, passed=similarity >= self.min_similarity, score=similarity,
                          detail={"similarity": similarity, **detail})
