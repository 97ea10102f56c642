"""Judge alignment: the recorded attempts and the revisions' history."""

from __future__ import annotations

import strawberry

from agenteval.api.ids import parse_id
from agenteval.api.permissions import CanRead
from agenteval.api.text_arguments import judge_key
from agenteval.api.types.agreement_history import AgreementBucket, JudgeAgreementPoint
from agenteval.api.types.alignment import Alignment, JudgeRevision
from agenteval.engine.alignment.history import agreement_history
from agenteval.store.judge_revisions import alignments, revisions

MAX_ALIGNMENTS = 200


@strawberry.type
class AlignmentQueries:
    @strawberry.field(permission_classes=[CanRead],
                      description="Alignment attempts, the latest first.")
    async def alignments(self, rule_type: str | None = None, language: str | None = None,
                         first: int = 50) -> list[Alignment]:
        judge_key(ruleType=rule_type, language=language)
        rows = await alignments.list_alignments(rule_type, language,
                                                max(0, min(first, MAX_ALIGNMENTS)))
        return [Alignment.from_row(row) for row in rows]

    @strawberry.field(permission_classes=[CanRead],
                      description="κ and agreement of each JUDGE rule with reviewers per judge "
                                  "model, judge revision and day or week (oldest first), over "
                                  "the reviews `alignJudge` reads (docs/judge-alignment.md).")
    async def judge_agreement_history(
            self, rule_type: str | None = None, judge_model: str | None = None,
            language: str | None = None, bucket: AgreementBucket = AgreementBucket.WEEK
    ) -> list[JudgeAgreementPoint]:
        judge_key(ruleType=rule_type, language=language, judgeModel=judge_model)
        points = await agreement_history(rule_type, judge_model, language, bucket.value)
        return [JudgeAgreementPoint.of(point) for point in points]

    @strawberry.field(permission_classes=[CanRead],
                      description="One alignment attempt (RUNNING until its background work "
                                  "ends); null when there is none with this id.")
    async def alignment(self, id: strawberry.ID) -> Alignment | None:
        row = await alignments.get(parse_id(id, "id"))
        return None if row is None else Alignment.from_row(row)

    @strawberry.field(permission_classes=[CanRead],
                      description="Every judge revision (active or not), the newest first per "
                                  "rule type, language and judge model.")
    async def judge_revisions(self, rule_type: str | None = None, language: str | None = None,
                              judge_model: str | None = None) -> list[JudgeRevision]:
        judge_key(ruleType=rule_type, language=language, judgeModel=judge_model)
        rows = await revisions.list_revisions(rule_type, language, judge_model)
        return [JudgeRevision.from_row(row) for row in rows]
