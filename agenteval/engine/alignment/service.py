"""What the API calls: align with the configured JUDGE and the stored reviews; roll back.

`reviewed_source` is where reviewed judgements come from (engine/alignment/sources.py): the
review queues' per-item reviews, then the case-level reviews of cases with one JUDGE rule.
`align_judge` answers with the RUNNING attempt; the work runs in the background as owned
work of the runtime, the `alignment` kind (engine/alignment/background.py).
"""

from __future__ import annotations

from actors import OwnedSystem
from agenteval.engine.alignment import background
from agenteval.engine.alignment.align import AlignRequest, ReviewSource
from agenteval.engine.alignment.sources import reviewed
from agenteval.engine.catalog.configured_models import load_model_registry
from agenteval.store.judge_revisions import revisions
from agenteval.store.judge_revisions.rows import AlignmentRow, JudgeRevisionRow
from agenteval.store.response_cache import DatabaseResponseCache

reviewed_source: ReviewSource = reviewed


async def align_judge(request: AlignRequest, owned: OwnedSystem) -> AlignmentRow:
    return await background.start(request, reviewed_source, load_model_registry,
                                  DatabaseResponseCache(), owned)


async def roll_back(rule_type: str, language: str, judge_model: str, to_revision: int
                    ) -> JudgeRevisionRow | None:
    return await revisions.roll_back(rule_type, language, judge_model, to_revision)
