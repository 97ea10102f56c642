"""A background alignment attempt whose process is killed with SIGKILL mid-judging does not
stay RUNNING: the runtime's takeover loop (here, this process's) claims the lapsed
`alignment` key and ends the attempt FAILED, with its webhook event; both databases."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time
import uuid
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from actors import ActorSystem, OwnedSystem
from actors.ownership import lease_name
from agenteval.domain.owned_kinds import ALIGNMENT
from agenteval.engine.alignment.background import alignment_kind
from agenteval.store import leases
from agenteval.store.judge_revisions.alignments import ABANDONED, FINISHED_EVENT
from agenteval.store.judge_revisions.revisions import list_revisions
from agenteval.store.models import AlignmentRow, Webhook, WebhookDelivery
from tests.alignment.pattern_judge import MODEL
from tests.support.fake_llm_server import FakeLLMServer

WORKER = Path(__file__).with_name("align_worker.py")
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
async def owned(db: str) -> AsyncIterator[OwnedSystem]:
    system = OwnedSystem(ActorSystem(), leases.DatabaseLeases(), [alignment_kind(30.0)])
    yield system
    await system.shutdown()


async def test_kill_9_mid_attempt_ends_it_failed_not_running(db: str,
                                                             owned: OwnedSystem) -> None:
    await Webhook.create(id=uuid.uuid4(), name="qa", url="http://127.0.0.1:9/h", format="JSON",
                         events=[FINISHED_EVENT])
    never = asyncio.Event()

    async def hung_judge(body: Any) -> str:
        await never.wait()
        raise AssertionError("unreachable")

    async with FakeLLMServer(chat=hung_judge) as llm:
        doomed = await asyncio.create_subprocess_exec(
            sys.executable, str(WORKER), db, llm.url,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
        try:
            assert doomed.stdout is not None
            line = await asyncio.wait_for(doomed.stdout.readline(), 60)
            assert line, (await doomed.communicate())[1].decode()[-2000:]
            alignment_id = uuid.UUID(line.decode().strip())
            for _ in range(200):  # the killed process is judging, not idle
                if llm.max_in_flight:
                    break
                await asyncio.sleep(0.05)
            assert llm.max_in_flight > 0
            current = await leases.current(lease_name(ALIGNMENT, str(alignment_id)))
            assert current is not None and current[0].startswith("doomed:") and current[2]
            assert await owned.take_over_once() == 0  # its owner is alive: not ours
        finally:
            doomed.send_signal(signal.SIGKILL)
            await doomed.wait()
            never.set()
        killed_at = time.monotonic()
        while (await AlignmentRow.get(id=alignment_id)).decision == "RUNNING":
            assert time.monotonic() - killed_at < 10, "still RUNNING 10 s after the kill"
            await owned.take_over_once()  # the takeover loop's one pass
            await asyncio.sleep(0.2)
    row = await AlignmentRow.get(id=alignment_id)
    assert (row.decision, row.reason, row.adopted_revision) == ("FAILED", ABANDONED, None)
    assert row.finished_at is not None
    assert await list_revisions("llm_score", "en", MODEL) == []
    [delivery] = await WebhookDelivery.all()
    assert (delivery.event, delivery.detail["decision"]) == (FINISHED_EVENT, "FAILED")
    assert delivery.detail["alignmentId"] == str(alignment_id)
