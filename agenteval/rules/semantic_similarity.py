"""`semantic_similarity`: is the last reply close enough to a reference answer?

Without an EMBEDDING model the built-in lexical similarity is used
(`method: "lexical"`); the embedding path plugs in here later through
`models.get("EMBEDDING")`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from agenteval.domain.cases import CaseSpec, RuleResult, Turn
from agenteval.rules.base import ModelProvider, last_reply_or_failure
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
        similarity = round(lexical_similarity(reply, self.reference), 4)
        return RuleResult(NAME, passed=similarity >= self.min_similarity, score=similarity,
                          detail={"similarity": similarity, "method": "lexical",
                                  "min_similarity": self.min_similarity})
