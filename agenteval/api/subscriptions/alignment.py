"""alignmentUpdates: an alignment attempt now, then once more when its background work ends.

The work may run in another process, so this reads the stored attempt (once a second)
rather than listening on the bus; an attempt whose process died is ended FAILED by the
runtime's takeover loop (the `alignment` owned kind), so the stream ends then too.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncGenerator

import strawberry

from agenteval.api.ids import parse_id
from agenteval.api.permissions import CanRead
from agenteval.api.types.alignment import Alignment
from agenteval.errors import NotFound
from agenteval.store.judge_revisions import alignments
from agenteval.store.judge_revisions.alignments import RUNNING

POLL_INTERVAL_S = 1.0


@strawberry.type
class AlignmentSubscriptions:
    @strawberry.subscription(permission_classes=[CanRead],
                             description="The attempt as it is now, then as it ends (ADOPTED, "
                                         "REJECTED, REFUSED or FAILED); ends after that.")
    async def alignment_updates(self, id: strawberry.ID) -> AsyncGenerator[Alignment, None]:
        alignment_id = parse_id(id, "id")
        row = await alignments.get(alignment_id)
        if row is None:
            raise NotFound(f"alignment {id} does not exist")
        yield Alignment.from_row(row)
        while row is not None and row.decision == RUNNING:
            await asyncio.sleep(POLL_INTERVAL_S)
            row = await alignments.get(alignment_id)
            if row is not None and row.decision != RUNNING:
                yield Alignment.from_row(row)
