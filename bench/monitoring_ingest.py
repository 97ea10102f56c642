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
import json
import statistics
import sys
import time
import uuid

import figures
import httpx
from served import ADMIN_KEY, free_port, server

HEADERS = {"X-API-Key": ADMIN_KEY}


def ndjson_batch(run: str, number: int, size: int = 100) -> bytes:
    lines = []
    for i in range(size):
        conversation = f"{run}-{number}-{i // 10}"
        lines.append(json.dumps({
            "source": "bench", "conversationId": conversation, "messageId": f"m{i % 10}",
            "role": "user" if i % 2 == 0 else "assistant",
            "content": f"message {i} of batch {number}: where is my order 12345? call 13800138000",
            "latencyMs": 420}))
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


async def sustained(client: httpx.AsyncClient, path: str, make: object, content_type: str,
                    seconds: float, concurrency: int, turns_per_request: int) -> float:
    run = uuid.uuid4().hex[:8]
    counter = iter(range(10**9))
    done = 0
    deadline = time.monotonic() + seconds

    async def sender() -> None:
        nonlocal done
        while time.monotonic() < deadline:
            body = make(run, next(counter))  # type: ignore[operator]
            response = await client.post(path, content=body,
                                         headers={**HEADERS, "Content-Type": content_type})
            if response.status_code != 200:
                raise RuntimeError(f"{response.status_code}: {response.text[:300]}")
            done += turns_per_request

    started = time.monotonic()
    await asyncio.gather(*(sender() for _ in range(concurrency)))
    return done / (time.monotonic() - started)


async def paced(client: httpx.AsyncClient, rate_requests: float, seconds: float) -> list[float]:
    """Open loop: requests started on a schedule whatever the answers; their latencies (ms)."""
    run = uuid.uuid4().hex[:8]
    latencies: list[float] = []
    tasks = []

    async def one(number: int) -> None:
        began = time.monotonic()
        response = await client.post("/api/ingest", content=ndjson_batch(run, number),
                                     headers={**HEADERS, "Content-Type": "application/x-ndjson"})
        assert response.status_code == 200, response.text[:200]
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
    port = free_port()
    label = "PostgreSQL" if args.database_url.startswith("postgres") else "SQLite"
    import os
    os.environ["AGENTEVAL_MONITORING_POLL_S"] = "0"  # judging idle: ingestion alone
    os.environ["AGENTEVAL_INGEST_BACKLOG_LIMIT"] = "0"
    with server(args.database_url, port):
        limits = httpx.Limits(max_connections=64)
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", limits=limits,
                                     timeout=60) as client:
            if "one" in args.only:
                one = await sustained(client, "/api/ingest", single, "application/json",
                                      args.seconds, args.concurrency * 2, 1)
                print(f"{label}: one-turn requests: {one:,.0f} requests/s")
                return
            ndjson = await sustained(client, "/api/ingest", ndjson_batch, "application/x-ndjson",
                                     args.seconds, args.concurrency, 100)
            print(f"{label}: NDJSON batches of 100: {ndjson:,.0f} turns/s")
            figures.record(f"ingest NDJSON turns/s ({label})", ndjson, "turns/s", 2000, "higher")
            otlp = await sustained(client, "/v1/traces", otlp_batch, "application/x-protobuf",
                                   args.seconds, args.concurrency, 100)
            print(f"{label}: OTLP 50 spans (100 turns): {otlp:,.0f} turns/s")
            figures.record(f"ingest OTLP turns/s ({label})", otlp, "turns/s", 2000, "higher")
            one = await sustained(client, "/api/ingest", single, "application/json",
                                  args.seconds, args.concurrency * 2, 1)
            print(f"{label}: one-turn requests: {one:,.0f} requests/s")
            figures.record(f"ingest one-turn requests/s ({label})", one, "req/s", 300, "higher")
            rate = 0.7 * ndjson / 100
            latencies = sorted(await paced(client, rate, args.seconds))
            p50 = statistics.median(latencies)
            p99 = latencies[int(0.99 * (len(latencies) - 1))]
            print(f"{label}: at 70 % ({rate:.1f} batches/s): ack p50 {p50:.0f} ms, "
                  f"p99 {p99:.0f} ms")
            figures.record(f"ingest ack p99 at 70 % ({label})", p99, "ms", 100)
    per_turn = await bytes_per_turn(args.database_url)
    if per_turn is not None:
        print(f"{label}: {per_turn:,.0f} bytes per stored turn (table, indexes, TOAST)")
        figures.record("bytes per stored turn (PostgreSQL)", per_turn, "bytes")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", default=None)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--only", default="")
    arguments = parser.parse_args()
    if arguments.database_url is None:
        import tempfile
        arguments.database_url = f"sqlite://{tempfile.mkdtemp()}/bench.db"
    asyncio.run(main(arguments))
    sys.exit(0)
