"""Subscription fan-out: M `intelligentEvalEvents` subscribers of one eval on one process.

Through the real schema and services (each subscriber subscribes as a websocket
client's operation would, with its own context). The eval gets `--events`
heartbeats, one at a time; for each, every subscriber's delivery is timed from
just before the mutation that commits the event (so the mutation's own time is
included: an upper bound of commit → client). Reported: p50/p99 over all
deliveries, and whether every subscriber saw every event in order.
Target: p99 ≤ 50 ms with 500 subscribers.

Run: .venv/bin/python bench/subscriptions.py [--subscribers 500] [--events 20]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from figures import record

from agenteval.api.context import Context
from agenteval.api.schema import build_schema
from agenteval.app import create_app
from agenteval.config import Settings
from agenteval.drivers.builtin.transport import AsgiTransport

ADMIN_KEY = "bench-admin-key"
CREATE_TARGET = "mutation($i: CreateTargetInput!) { createTarget(input: $i) { id } }"
CREATE_EVAL = "mutation($i: CreateIntelligentEvalInput!) { createIntelligentEval(input: $i) { id } }"
HEARTBEAT = "mutation($id: ID!) { heartbeat(evalId: $id, note: \"bench\") { id } }"
EVENTS = """subscription($id: ID!, $after: Int) {
  intelligentEvalEvents(evalId: $id, afterSequence: $after) { sequence type } }"""


async def _gql(transport: AsgiTransport, query: str, variables: dict[str, Any]) -> Any:
    _, body = await transport.post_json({"query": query, "variables": variables},
                                        {"X-API-Key": ADMIN_KEY})
    if body.get("errors"):
        raise RuntimeError(body["errors"])
    return body["data"]


async def bench(url: str, subscribers: int, events: int) -> tuple[list[float], bool]:
    settings = Settings(database_url=url, admin_key=ADMIN_KEY, driver="none", demo=False,
                        watchdog_interval_s=0, resume_runs=False)
    app = create_app(settings, migrate=True)
    async with app.router.lifespan_context(app):
        transport = AsgiTransport(app)
        target = await _gql(transport, CREATE_TARGET, {"i": {
            "name": "bench", "channelType": "demo", "channelConfig": {}}})
        eval_id = (await _gql(transport, CREATE_EVAL, {"i": {
            "name": "fan-out", "targetId": target["createTarget"]["id"], "goal": "g",
            "seeds": {}, "intent": "i", "roleDescription": "r"}}))["createIntelligentEval"]["id"]
        schema = build_schema()
        streams = [await schema.subscribe(  # type: ignore[misc]
            EVENTS, variable_values={"id": eval_id, "after": 1},
            context_value=Context(services=app.state.services, secret=ADMIN_KEY))
            for _ in range(subscribers)]
        seen: list[list[int]] = [[] for _ in streams]
        latencies: list[float] = []
        sent_at: dict[int, float] = {}

        async def listen(index: int, stream: Any) -> None:
            async for result in stream:
                event = result.data["intelligentEvalEvents"]
                latencies.append((time.perf_counter() - sent_at[event["sequence"]]) * 1000)
                seen[index].append(event["sequence"])
                if len(seen[index]) == events:
                    return

        listeners = [asyncio.create_task(listen(i, s)) for i, s in enumerate(streams)]
        await asyncio.sleep(0.5)  # every subscriber has read the log and waits
        for sequence in range(2, events + 2):
            sent_at[sequence] = time.perf_counter()
            await _gql(transport, HEARTBEAT, {"id": eval_id})
            deadline = time.perf_counter() + 10
            delivered = subscribers * (sequence - 1)
            while sum(map(len, seen)) < delivered and time.perf_counter() < deadline:  # noqa: ASYNC110
                await asyncio.sleep(0.005)
        await asyncio.wait(listeners, timeout=10)
        for task in listeners:
            task.cancel()
        for stream in streams:
            await stream.aclose()  # type: ignore[union-attr]
    expected = list(range(2, events + 2))
    return latencies, all(s == expected for s in seen)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--subscribers", type=int, default=500)
    parser.add_argument("--events", type=int, default=20)
    parser.add_argument("--database-url", help="default: a temporary SQLite file")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        url = args.database_url or f"sqlite://{Path(scratch) / 'subs.db'}"
        latencies, in_order = asyncio.run(bench(url, args.subscribers, args.events))
    ordered = sorted(latencies)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))] if ordered else float("inf")
    expected = args.subscribers * args.events
    print(f"{args.subscribers} subscribers x {args.events} events: {len(latencies)}/{expected} "
          f"delivered, every subscriber in order: {in_order}")
    if ordered:
        print(f"  commit -> client  p50 {statistics.median(ordered):.1f} ms  p99 {p99:.1f} ms")
    record(f"subscription fan-out p99 ({args.subscribers} subscribers, one process)", p99, "ms",
           50, command="python bench/subscriptions.py")
    record("subscription deliveries lost or out of order", expected - len(latencies)
           + (0 if in_order else 1), "", 0, command="python bench/subscriptions.py")


if __name__ == "__main__":
    main()
