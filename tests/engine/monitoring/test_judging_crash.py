"""Each closed conversation is judged exactly once per version across processes, one of
them killed with SIGKILL mid-judging; both databases."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from datetime import UTC, datetime
from pathlib import Path

from tortoise.functions import Count

from agenteval.domain.monitoring.ingest_lines import IngestTurn
from agenteval.store.models import Monitor, MonitoredConversation, MonitorVerdict
from agenteval.store.monitoring.ingest_writes import store_turns
from agenteval.store.monitoring.partitions import ensure_partitions
from agenteval.store.monitoring.sources import create_source

WORKER = Path(__file__).with_name("judge_worker.py")
ROOT = Path(__file__).resolve().parents[3]
CONVERSATIONS = 600


async def start(url: str, name: str) -> asyncio.subprocess.Process:
    process = await asyncio.create_subprocess_exec(
        sys.executable, str(WORKER), url, name, env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    assert process.stdout is not None
    assert (await asyncio.wait_for(process.stdout.readline(), 30)).strip() == b"started"
    return process


async def test_kill_9_mid_judging_still_judges_each_conversation_exactly_once(db: str) -> None:
    source = await create_source("shop", quiet_period_s=0.01)
    await Monitor.create(name="a", judge={"rules": [{"type": "keyword_match",
                                                     "params": {"keywords": ["ok"]}}]})
    await Monitor.create(name="b", judge={"rules": [{"type": "commitment_phrases"}]})
    today = datetime.now(UTC).date()
    await ensure_partitions({today})
    batch = [IngestTurn(line=i, source="shop", conversation_id=f"c{c}", message_key=f"m{i}",
                        position=i, role=("user", "assistant")[i % 2], content=f"ok {i}",
                        timestamp=None, end=i == 3)
             for c in range(CONVERSATIONS) for i in range(4)]
    await store_turns(batch, {"shop": source}, today)

    doomed = await start(db, "doomed")
    for _ in range(600):  # kill it once it is judging
        judged_before = await MonitorVerdict.all().count()
        if judged_before:
            break
        await asyncio.sleep(0.05)
    doomed.send_signal(signal.SIGKILL)
    await doomed.wait()
    survivor = await start(db, "survivor")
    helper = await start(db, "helper")
    for process in (survivor, helper):
        _, err = await asyncio.wait_for(process.communicate(), 240)
        assert process.returncode == 0, err.decode()[-2000:]

    print(f"{judged_before} verdicts written before the kill")
    assert 0 < judged_before < 2 * CONVERSATIONS  # killed mid-way
    assert await MonitoredConversation.exclude(status="JUDGED").count() == 0
    assert await MonitorVerdict.all().count() == 2 * CONVERSATIONS
    repeated = await (MonitorVerdict.annotate(n=Count("id"))
                      .group_by("monitor_id", "conversation_id", "version")
                      .filter(n__gt=1).values("conversation_id"))
    assert repeated == []
