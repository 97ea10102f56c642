"""Queries of QA scorecards and word libraries (any key may read them)."""

from __future__ import annotations

import strawberry
from strawberry.scalars import JSON

from agenteval.api.permissions import CanRead, IsOperator
from agenteval.api.text_arguments import bounded
from agenteval.api.types.scorecard import Scorecard, WordLibrary
from agenteval.engine.catalog import scorecards
from agenteval.errors import NotFound


@strawberry.type
class ScorecardQueries:
    @strawberry.field(permission_classes=[CanRead],
                      description="Every stored scorecard version (newest version first per "
                                  "name), or one name's versions.")
    async def scorecards(self, name: str | None = None) -> list[Scorecard]:
        return [Scorecard.from_row(row) for row in await scorecards.list_scorecards(
            bounded(name, "name"))]

    @strawberry.field(permission_classes=[CanRead], description="A scorecard by name@version.")
    async def scorecard(self, ref: str) -> Scorecard | None:
        try:
            return Scorecard.from_row(await scorecards.get_scorecard(bounded(ref, "ref") or ""))
        except NotFound:
            return None

    @strawberry.field(permission_classes=[CanRead])
    async def word_libraries(self, name: str | None = None) -> list[WordLibrary]:
        return [WordLibrary.from_row(row) for row in await scorecards.list_word_libraries(
            bounded(name, "name"))]

    @strawberry.field(permission_classes=[IsOperator], description=(
        "Score one conversation ([{role, content}], roles user/assistant) with a draft "
        "scorecard document (YAML or JSON); nothing is stored and no model is called "
        "(model-judged items come back not judged)."))
    async def scorecard_dry_run(self, document: str, messages: JSON) -> JSON:
        return JSON(await scorecards.dry_run(document, messages))  # type: ignore[arg-type]  # JSON is Any at run time
