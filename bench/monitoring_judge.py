"""Monitoring's judging: closed conversations judged per second by one process (ingestion
idle), 10-turn conversations, a monitor of 5 model-free rules, verdicts stored.

Run: .venv/bin/python bench/monitoring_judge.py --database-url postgres://…/bench_x [--conversations 2000]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import tempfile
import time
from datetime import UTC, datetime

import figures
from served import cpu_s

from agenteval.domain.monitoring.ingest_lines import IngestTurn
from agenteval.engine.monitoring.judging import Judge
from agenteval.store import database
from agenteval.store.models import Monitor, MonitoredConversation
from agenteval.store.monitoring.ingest_writes import store_turns
from agenteval.store.monitoring.partitions import ensure_partitions
from agenteval.store.monitoring.sources import create_source

RULES = [{"type": "keyword_match", "params": {"keywords": ["order"]}},
         {"type": "commitment_phrases"}, {"type": "personal_data_leak"},
         {"type": "forbidden_reply", "params": {"patterns": ["stupid"]}},
         {"type": "response_time", "params": {"max_ms": 3000}}]


async def main(url: str, count: int) -> None:
    await database.migrate(url)
    await database.open_database(url)
    source = await create_source(f"bench-{time.time_ns()}", quiet_period_s=0.01)
    await Monitor.create(name=f"bench-{time.time_ns()}", source_id=source.id,
                         judge={"rules": RULES})
    today = datetime.now(UTC).date()
    await ensure_partitions({today})
    for start in range(0, count, 100):
        turns = [IngestTurn(line=i, source=source.name, conversation_id=f"c{c}",
                            message_key=f"m{i}", position=i, role=("user", "assistant")[i % 2],
                            content=f"turn {i}: your order ships today", timestamp=None,
                            latency_ms=400, end=i == 9)
                 for c in range(start, min(count, start + 100)) for i in range(10)]
        await store_turns(turns, {source.name: source}, today)
    judge = Judge()
    database_cpu = await backends_cpu(url)
    began, cpu = time.perf_counter(), time.process_time()
    while await MonitoredConversation.filter(source_id=source.id).exclude(
            status="JUDGED").exists():
        await judge.step(limit=200)
    elapsed, cpu = time.perf_counter() - began, time.process_time() - cpu
    database_cpu = await backends_cpu(url) - database_cpu
    label = "PostgreSQL" if url.startswith("postgres") else "SQLite"
    rate = count / elapsed
    print(f"{label}: {count} closed 10-turn conversations, 5 model-free rules: "
          f"{rate:,.0f} judged/s (closing and claiming included); CPU per conversation: "
          f"this process {1e6 * cpu / count:,.0f} µs, database {1e6 * database_cpu / count:,.0f} µs")
    figures.record(f"monitoring judged conversations/s ({label})", rate, "conv/s", 1000,
                   "higher")
    await database.close_database()


async def backends_cpu(url: str) -> float:
    """CPU seconds used so far by the PostgreSQL backends connected to this database."""
    if not url.startswith("postgres"):
        return 0.0
    from tortoise import Tortoise

    _, rows = await Tortoise.get_connection("default").execute_query(
        "SELECT pid FROM pg_stat_activity WHERE datname = current_database()")
    total = 0.0
    for row in rows:
        with contextlib.suppress(OSError):
            total += cpu_s(row["pid"])
    return total


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", default=f"sqlite://{tempfile.mkdtemp()}/judge.db")
    parser.add_argument("--conversations", type=int, default=2000)
    arguments = parser.parse_args()
    asyncio.run(main(arguments.database_url, arguments.conversations))
