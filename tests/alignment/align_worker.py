"""A process that starts one background alignment attempt and works on it until it is
killed (test_background_kill.py): `python align_worker.py <database url> <judge url>`.

It prints the attempt's id once the attempt is recorded RUNNING; its judge never answers,
so the attempt is still running when the test sends SIGKILL."""

from __future__ import annotations

import asyncio
import os
import sys

from actors import ActorSystem, OwnedSystem
from agenteval.engine.alignment import background
from agenteval.engine.alignment.align import AlignRequest
from agenteval.llm import ModelEndpoint, ModelRegistry
from agenteval.store import database, leases
from tests.alignment.pattern_judge import MODEL, mixed, source_of

LEASE_TTL_S = 1.0


async def main(database_url: str, judge_url: str) -> None:
    await database.open_database(database_url)
    owned = OwnedSystem(ActorSystem(), leases.DatabaseLeases(owner=f"doomed:{os.getpid()}"),
                        [background.alignment_kind(LEASE_TTL_S)])

    async def registry() -> ModelRegistry:
        return ModelRegistry([ModelEndpoint(role="JUDGE", model=MODEL, base_url=judge_url,
                                            params={"timeout_s": 600, "max_retries": 0})])

    row = await background.start(AlignRequest("llm_score", "en"), source_of(mixed(40, "P")),
                                 registry, None, owned)
    print(row.id, flush=True)
    await asyncio.Event().wait()  # until SIGKILL


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))
