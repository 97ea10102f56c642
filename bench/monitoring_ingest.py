"""Monitoring ingestion against one `agenteval serve` process (judging idle):

- turns/s sustained with NDJSON batches of 100 turns, and with OTLP (protobuf, 50 spans of
  one user + one assistant message each = 100 turns a request), `--concurrency` senders;
- one-turn requests/s;
- p50/p99 acknowledgement at 70 % of the sustained NDJSON rate (open loop, paced);
- bytes per stored turn (PostgreSQL: the turn partitions' total size / turns).

The load generator runs in this process, on the same 2-core machine as the server.

Run: .venv/bin/python bench/monitoring_ingest.py --database-url postgres://root@127.0.0.1:5432/bench_x
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import statistics
import sys
import time
import uuid

import aiohttp
import figures
from served import ADMIN_KEY, cpu_s, free_port, server

HEADERS = {"X-API-Key": ADMIN_KEY}


def ndjson_batch(run: str, number: int, size: int = 100) -> bytes:
    lines = []
    for i in range(size):
        conversation = f"{run}-{number}-{i // 10}"
        lines.append(json.dumps({
            "source": "bench", "conversationId": conversation, "messageId": f"m{i % 10}",
            "role": "user" if i % 2 == 0 else "assistant",
            "content": f"message {i} of batch {number}: where is my order 12345? call 13800138000",
            "latencyMs": 420, "end": i % 10 == 9}))
    return "\n".join(lines).encode()


def otlp_batch(run: str, number: int, spans: int = 50) -> bytes:
    from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import (
        ExportTraceServiceRequest,
    )
    from opentelemetry.proto.common.v1.common_pb2 import AnyValue, KeyValue

    request = ExportTraceServiceRequest()
    resource = request.resource_spans.add()
    resource.resource.attributes.append(KeyValue(key="service.name",
                                                 value=AnyValue(string_value="bench-otel")))
    scope = resource.scope_spans.add()
    for index in range(spans):
        span = scope.spans.add()
        span.trace_id = uuid.uuid4().bytes
        span.span_id = uuid.uuid4().bytes[:8]
        span.start_time_unix_nano = time.time_ns()
        span.end_time_unix_nano = span.start_time_unix_nano + 300_000_000
        for key, text in (("session.id", f"{run}-{number}-{index}"),
                          ("llm.input_messages.0.message.role", "user"),
                          ("llm.input_messages.0.message.content", f"where is order {index}?"),
                          ("llm.output_messages.0.message.role", "assistant"),
                          ("llm.output_messages.0.message.content", "It ships today.")):
            span.attributes.append(KeyValue(key=key, value=AnyValue(string_value=text)))
    return request.SerializeToString()


class Meter:
    """CPU seconds used by the load generator (this process), the server process(es) and
    the PostgreSQL backends serving them, so a figure can be read per request even on a
    machine other work shares."""

    def __init__(self, servers: list[int], database_url: str) -> None:
        self.servers = servers
        self.database_url = database_url

    async def backends(self) -> list[int]:
        if not self.database_url.startswith("postgres"):
            return []
        import asyncpg

        url = self.database_url.replace("postgres://", "postgresql://", 1)
        connection = await asyncpg.connect(url)
        try:
            rows = await connection.fetch(
                "SELECT pid FROM pg_stat_activity WHERE datname = current_database() "
                "AND pid <> pg_backend_pid()")
        finally:
            await connection.close()
        return [row["pid"] for row in rows]

    async def read(self) -> tuple[float, float, float]:
        database = 0.0
        for pid in await self.backends():
            with contextlib.suppress(OSError):
                database += cpu_s(pid)
        return time.process_time(), sum(cpu_s(pid) for pid in self.servers), database


async def post(session: aiohttp.ClientSession, url: str, body: bytes, content_type: str
               ) -> None:
    async with session.post(url, data=body,
                            headers={**HEADERS, "Content-Type": content_type}) as response:
        text = await response.read()
        if response.status != 200:
            raise RuntimeError(f"{response.status}: {text[:300]!r}")


async def sustained(session: aiohttp.ClientSession, urls: list[str], path: str, make: object,
                    content_type: str, seconds: float, concurrency: int,
                    turns_per_request: int, meter: Meter, label: str) -> float:
    """Closed loop, `concurrency` senders spread over the servers; turns/s (or requests/s)."""
    run = uuid.uuid4().hex[:8]
    counter = iter(range(10**9))
    done = 0
    requests = 0
    deadline = time.monotonic() + seconds

    async def sender(url: str) -> None:
        nonlocal done, requests
        while time.monotonic() < deadline:
            await post(session, url + path, make(run, next(counter)),  # type: ignore[operator]
                       content_type)
            done += turns_per_request
            requests += 1

    before = await meter.read()
    started = time.monotonic()
    await asyncio.gather(*(sender(urls[i % len(urls)]) for i in range(concurrency)))
    elapsed = time.monotonic() - started
    after = await meter.read()
    client, server, database = (1e6 * (b - a) / max(requests, 1)
                                for a, b in zip(before, after, strict=True))
    print(f"  {label}: {requests} requests in {elapsed:.1f} s; CPU per request: load "
          f"generator {client:,.0f} µs, server {server:,.0f} µs, database {database:,.0f} µs")
    return done / elapsed


async def paced(session: aiohttp.ClientSession, urls: list[str], rate_requests: float,
                seconds: float) -> list[float]:
    """Open loop: requests started on a schedule whatever the answers; their latencies (ms)."""
    run = uuid.uuid4().hex[:8]
    latencies: list[float] = []
    tasks = []

    async def one(number: int) -> None:
        began = time.monotonic()
        await post(session, urls[number % len(urls)] + "/api/ingest", ndjson_batch(run, number),
                   "application/x-ndjson")
        latencies.append((time.monotonic() - began) * 1000)

    start = time.monotonic()
    for number in range(int(rate_requests * seconds)):
        await asyncio.sleep(max(0.0, start + number / rate_requests - time.monotonic()))
        tasks.append(asyncio.create_task(one(number)))
    await asyncio.gather(*tasks)
    return latencies


def single(run: str, number: int) -> bytes:
    return json.dumps({"source": "bench", "conversationId": f"{run}-{number // 10}",
                       "messageId": f"m{number % 10}", "role": "user",
                       "content": f"one turn {number}"}).encode()


async def bytes_per_turn(database_url: str) -> float | None:
    if not database_url.startswith("postgres"):
        return None
    import asyncpg

    connection = await asyncpg.connect(database_url.replace("postgres://", "postgresql://", 1))
    try:
        size = await connection.fetchval(
            "SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0) FROM pg_inherits i "
            "JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent "
            "WHERE p.relname = 'monitored_turns'")
        count = await connection.fetchval("SELECT count(*) FROM monitored_turns")
    finally:
        await connection.close()
    return size / count if count else None


async def main(args: argparse.Namespace) -> None:
    label = "PostgreSQL" if args.database_url.startswith("postgres") else "SQLite"
    label += f", {args.processes} processes" if args.processes > 1 else ""
    # Judging idle (ingestion alone) unless --judging: then each server's worker runs.
    os.environ["AGENTEVAL_MONITORING_POLL_S"] = "1" if args.judging else "0"
    os.environ["AGENTEVAL_INGEST_BACKLOG_LIMIT"] = "0"
    phases = set(args.only.split(",")) if args.only else {"ndjson", "otlp", "one", "paced"}
    with contextlib.ExitStack() as stack:
        ports = [free_port() for _ in range(args.processes)]
        children = [stack.enter_context(server(args.database_url, port)) for port in ports]
        urls = [f"http://127.0.0.1:{port}" for port in ports]
        meter = Meter([child.pid for child in children], args.database_url)
        connector = aiohttp.TCPConnector(limit=64)
        timeout = aiohttp.ClientTimeout(total=60)
        async with aiohttp.ClientSession(connector=connector, timeout=timeout) as session:
            if args.judging:
                await create_monitor(session, urls[0])
            ndjson = None
            if "ndjson" in phases or ("paced" in phases and not args.paced_rate):
                ndjson = await sustained(session, urls, "/api/ingest", ndjson_batch,
                                         "application/x-ndjson", args.seconds, args.concurrency,
                                         100, meter, "NDJSON")
                print(f"{label}: NDJSON batches of 100: {ndjson:,.0f} turns/s")
                figures.record(f"ingest NDJSON turns/s ({label})", ndjson, "turns/s", 2000,
                               "higher")
            if "otlp" in phases:
                otlp = await sustained(session, urls, "/v1/traces", otlp_batch,
                                       "application/x-protobuf", args.seconds, args.concurrency,
                                       100, meter, "OTLP")
                print(f"{label}: OTLP 50 spans (100 turns): {otlp:,.0f} turns/s")
                figures.record(f"ingest OTLP turns/s ({label})", otlp, "turns/s", 2000, "higher")
            if "one" in phases:
                one = await sustained(session, urls, "/api/ingest", single, "application/json",
                                      args.seconds, args.concurrency * 2, 1, meter, "one-turn")
                print(f"{label}: one-turn requests: {one:,.0f} requests/s")
                figures.record(f"ingest one-turn requests/s ({label})", one, "req/s", 300,
                               "higher")
            if "paced" in phases and (ndjson or args.paced_rate):
                rate = args.paced_rate or 0.7 * (ndjson or 0) / 100
                latencies = sorted(await paced(session, urls, rate, args.seconds))
                p50 = statistics.median(latencies)
                p99 = latencies[int(0.99 * (len(latencies) - 1))]
                print(f"{label}: paced at {rate * 100:,.0f} turns/s ({rate:.1f} batches/s): "
                      f"ack p50 {p50:.0f} ms, p99 {p99:.0f} ms")
                figures.record(f"ingest ack p99 at 70 % ({label})", p99, "ms", 100)
            if args.judging:
                verdicts, waiting = await judged(args.database_url)
                print(f"{label}: judged meanwhile: {verdicts:,} verdicts, {waiting:,} "
                      f"conversations not judged yet at the end")
                began = time.monotonic()
                while waiting and time.monotonic() - began < 120:
                    await asyncio.sleep(0.5)
                    verdicts, waiting = await judged(args.database_url)
                print(f"{label}: the rest judged {time.monotonic() - began:.1f} s after the "
                      f"load stopped ({verdicts:,} verdicts, {waiting:,} still waiting)")
    per_turn = await bytes_per_turn(args.database_url)
    if per_turn is not None:
        print(f"{label}: {per_turn:,.0f} bytes per stored turn (table, indexes, TOAST)")
        figures.record("bytes per stored turn (PostgreSQL)", per_turn, "bytes")


MONITOR = """mutation($judge: JSON!) { createMonitor(name: "bench", judge: $judge) { id } }"""
RULES = [{"type": "keyword_match", "params": {"keywords": ["order"]}},
         {"type": "commitment_phrases"}, {"type": "personal_data_leak"},
         {"type": "forbidden_reply", "params": {"patterns": ["stupid"]}},
         {"type": "response_time", "params": {"max_ms": 3000}}]


async def create_monitor(session: aiohttp.ClientSession, url: str) -> None:
    """A monitor of 5 model-free rules on every source: the servers' workers judge at close."""
    async with session.post(url + "/graphql", json={
            "query": MONITOR, "variables": {"judge": {"kind": "rules", "rules": RULES}}},
            headers=HEADERS) as response:
        body = await response.json()
        assert not body.get("errors"), body


async def judged(database_url: str) -> tuple[int, int]:
    """(verdicts stored, conversations not judged yet)."""
    query = ("SELECT (SELECT count(*) FROM monitor_verdicts), "
             "(SELECT count(*) FROM monitored_conversations WHERE status <> 'JUDGED')")
    if database_url.startswith("postgres"):
        import asyncpg

        connection = await asyncpg.connect(database_url.replace("postgres://", "postgresql://"))
        try:
            row = await connection.fetchrow(query)
        finally:
            await connection.close()
        return int(row[0]), int(row[1])
    import sqlite3

    with contextlib.closing(sqlite3.connect(database_url.removeprefix("sqlite://"))) as db:
        verdicts, waiting = db.execute(query).fetchone()
    return int(verdicts), int(waiting)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", default=None)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--only", default="",
                        help="comma-separated phases: ndjson, otlp, one, paced")
    parser.add_argument("--processes", type=int, default=1,
                        help="servers behind the same database, the load spread over them")
    parser.add_argument("--paced-rate", type=float, default=None,
                        help="batches/s of the open-loop phase (default 70 %% of NDJSON's)")
    parser.add_argument("--judging", action="store_true",
                        help="the servers' monitoring workers judge meanwhile (a monitor of "
                             "5 model-free rules; every 10-turn conversation ends)")
    arguments = parser.parse_args()
    if arguments.database_url is None:
        import tempfile
        arguments.database_url = f"sqlite://{tempfile.mkdtemp()}/bench.db"
    asyncio.run(main(arguments))
    sys.exit(0)
