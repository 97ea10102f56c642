"""Judges that learn (OPERATOR): align a JUDGE rule with reviewers' corrections, roll back."""

from __future__ import annotations

import strawberry

from agenteval.api.context import ResolverInfo
from agenteval.api.permissions import IsOperator
from agenteval.api.text_arguments import judge_key
from agenteval.api.types.alignment import Alignment, AlignmentStrategy, JudgeRevision
from agenteval.domain.alignment.strategy import Strategy
from agenteval.engine.alignment import service
from agenteval.engine.alignment.align import DEFAULT_SEED, AlignRequest
from agenteval.store.access.api_keys import key_label


@strawberry.type
class AlignmentMutations:
    @strawberry.mutation(
        permission_classes=[IsOperator],
        description="Learn judging examples for a JUDGE rule from reviewers' corrections and "
                    "adopt them (a new judge revision) only when κ on held-out reviews rises: "
                    "the lower bound of Δκ's paired-bootstrap 95 % interval above 0. Refused "
                    "(recorded, with the count) under 40 held-out reviews. Answers at once "
                    "with the attempt RUNNING; the judge works in the background and the "
                    "outcome is read with `alignment(id)` / `alignments`, the "
                    "`alignmentUpdates` subscription or the `review.alignment_finished` "
                    "webhook event. Every attempt is recorded.")
    async def align_judge(self, info: ResolverInfo, rule_type: str, language: str = "en",
                          judge_model: str | None = None,
                          strategy: AlignmentStrategy = AlignmentStrategy.MOST_RECENT,
                          seed: int = DEFAULT_SEED) -> Alignment:
        key = await info.context.require_key()
        row = await service.align_judge(AlignRequest(
            rule_type, language, judge_model, Strategy(strategy.value), seed,
            created_by=key_label(key)), info.context.services.owned)
        return Alignment.from_row(row)

    @strawberry.mutation(
        permission_classes=[IsOperator],
        description="Make an older revision of a judge the active one (0: none, the rules' "
                    "own examples only); the history is kept. Null when none is active.")
    async def roll_back_judge_revision(self, rule_type: str, language: str, judge_model: str,
                                       to_revision: int) -> JudgeRevision | None:
        judge_key(ruleType=rule_type, language=language, judgeModel=judge_model)
        row = await service.roll_back(rule_type, language, judge_model, to_revision)
        return None if row is None else JudgeRevision.from_row(row)
