"""What an eval's progress counts of its sessions and events (IntelligentEval.progress).

The plan's share of the progress is on the eval's row already; the resolver
combines both with `reads.progress`.
"""

from __future__ import annotations

import uuid

from strawberry.dataloader import DataLoader

from agenteval.api.dataloaders.batch import one_per_key
from agenteval.engine.intelligent import reads
from agenteval.engine.intelligent.reads import SessionTally


def eval_progress_by_eval() -> DataLoader[uuid.UUID, SessionTally]:
    return one_per_key(reads.session_tallies, "intelligent eval")
