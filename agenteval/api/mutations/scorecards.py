"""QA scorecard and word-library mutations (OPERATOR). A version never changes: an edit is
saved as the next version, so old results are never rescored silently."""

from __future__ import annotations

import strawberry

from agenteval.api.permissions import IsOperator
from agenteval.api.text_arguments import bounded, bounded_list
from agenteval.api.types.scorecard import Scorecard, WordLibrary
from agenteval.engine.catalog import scorecards


@strawberry.type
class ScorecardMutations:
    @strawberry.mutation(permission_classes=[IsOperator], description=(
        "Store a scorecard version from its YAML or JSON document (docs/scorecards.md). The "
        "same content again returns the stored version; other content under a stored "
        "name@version is CONFLICT."))
    async def save_scorecard(self, document: str) -> Scorecard:
        return Scorecard.from_row(await scorecards.save_scorecard(document))

    @strawberry.mutation(permission_classes=[IsOperator], description=(
        "Store a word-library version (blank and repeated words dropped); the same rules as "
        "saveScorecard."))
    async def save_word_library(self, name: str, version: int,
                                words: list[str]) -> WordLibrary:
        return WordLibrary.from_row(await scorecards.save_word_library(
            bounded(name, "name") or "", version, bounded_list(words, "words")))
