"""A run's outcomes at 10,000 rows (issue 36): p50/p95 of one page, its SQL statements.

Through the real ASGI app (a bare ASGI call, bench/asgi_client.py): one real static run
of `--rows` cases on the built-in `demo` channel (every outcome has its turn and rule
result), then `run { outcomes(first: 50) }` with turns and results — the first page,
one deep page (`after` the 5,000th) and the first page of one tag (`tag: "t3"`, a case
in seven) — interleaved with `{ me { id } }`, the floor any
request pays (HTTP, auth, GraphQL). Each `--repeat` times; p50 and p95, and the process's
CPU per request. The statements of one request are counted by wrapping the tortoise
client's execute methods (every SQL statement tortoise sends, on SQLite and asyncpg
alike), keeping those sent from the request's own context (a contextvar), not the
background work's (heartbeats, the key's last-use write).

Issue 36's target: p50 ≤ 15 ms at load < 1.5, or ≤ the p50 of `{ me { id } }` + 8 ms, in
≤ 6 SQL statements per page, on both databases.

Run: .venv/bin/python bench/outcomes_reads.py [--rows 10000] [--repeat 50]
     [--database-url postgres://127.0.0.1:5432/scratch]  (default: a temporary SQLite file)
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import contextvars
import json
import os
import statistics
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from asgi_client import ADMIN_KEY, Client
from figures import record
from reads import CAMPAIGN, CREATE_TARGET, IMPORT, START, STATUS, counted, percentile

from agenteval.app import create_app
from agenteval.config import Settings

PAGE = """query($id: ID!, $after: String) { run(id: $id) { id
  outcomes(first: 50, after: $after) { totalCount pageInfo { hasNextPage endCursor }
    edges { node { caseKey attempt passed successLevel tags
      turns { index sentMessage reply latencyMs } results { ruleType passed score } } } } } }"""
TAGGED = PAGE.replace("$after: String", "$tag: String").replace("after: $after", "tag: $tag")
ME = "{ me { id } }"


# The statements of the request being counted (None: not counting in this context).
_COUNTING: contextvars.ContextVar[list[str] | None] = contextvars.ContextVar(
    "counting", default=None)


async def statements_of(gql: Client, query: str, variables: dict[str, Any] | None
                        ) -> list[str]:
    """The SQL statements this request sent (not what background tasks sent meanwhile)."""
    sent: list[str] = []
    everything: list[tuple[str, list[str] | None]] = []
    with counted_with_context(everything):
        token = _COUNTING.set(sent)
        try:
            await gql(query, variables)
        finally:
            _COUNTING.reset(token)
    return [statement for statement, owner in everything if owner is sent]


class _WithContext(list[str]):
    """A statement list that also notes each statement's counting context."""

    def __init__(self, found: list[tuple[str, list[str] | None]]) -> None:
        super().__init__()
        self.found = found

    def append(self, statement: str) -> None:
        self.found.append((statement, _COUNTING.get()))
        super().append(statement)


@contextlib.contextmanager
def counted_with_context(found: list[tuple[str, list[str] | None]]) -> Iterator[None]:
    """reads.counted, remembering each statement's counting context."""
    with counted(_WithContext(found)):
        yield


async def seed(gql: Client, rows: int) -> str:
    """One real run of `rows` cases on the demo channel; its id."""
    target = await gql(CREATE_TARGET, {"i": {"name": "bench", "channelType": "demo",
                                             "channelConfig": {}, "maxConcurrency": 64}})
    cases = [{"id": f"case-{i:05d}", "message": f"question {i}", "tags": [f"t{i % 7}"],
              "eval_rules": [{"type": "keyword_match", "params": {"keywords": ["a"]}}]}
             for i in range(rows)]
    scenario = await gql(IMPORT, {"d": json.dumps({"name": "reads", "cases": cases})})
    campaign = await gql(CAMPAIGN, {"i": {"name": "reads",
                                          "targetIds": [target["createTarget"]["id"]],
                                          "scenarioId": scenario["importScenario"]["id"],
                                          "concurrency": 50}})
    [run] = (await gql(START, {"c": campaign["createCampaign"]["id"]}))["startRun"]
    while (await gql(STATUS, {"id": run["id"]}))["run"]["status"] in ("QUEUED", "RUNNING"):  # noqa: ASYNC110
        await asyncio.sleep(0.2)
    return str(run["id"])


async def deep_cursor(gql: Client, run_id: str, skip: int) -> str:
    """The cursor after the `skip`-th outcome (walked page by page, as a client would)."""
    after = None
    for _ in range(skip // 50):
        page = (await gql(PAGE, {"id": run_id, "after": after}))["run"]["outcomes"]
        after = page["pageInfo"]["endCursor"]
    assert after is not None
    return str(after)


async def bench(url: str, rows: int, repeat: int
                ) -> dict[str, tuple[float, float, int, float]]:
    settings = Settings(database_url=url, admin_key=ADMIN_KEY, driver="none", demo=False,
                        watchdog_interval_s=0, resume_runs=False)
    app = create_app(settings, migrate=True)
    async with app.router.lifespan_context(app):
        gql = Client(app)
        started = time.perf_counter()
        run_id = await seed(gql, rows)
        print(f"seeded one run of {rows} outcomes in {time.perf_counter() - started:.1f} s")
        deep = await deep_cursor(gql, run_id, min(5000, rows // 2))
        requests = {"{ me { id } }": (ME, None),
                    "outcomes first page": (PAGE, {"id": run_id}),
                    "outcomes after 5,000": (PAGE, {"id": run_id, "after": deep}),
                    # One case in 7 carries t3: the filter walks the whole run.
                    "outcomes tagged t3": (TAGGED, {"id": run_id, "tag": "t3"})}
        timings: dict[str, list[float]] = {name: [] for name in requests}
        cpu: dict[str, list[float]] = {name: [] for name in requests}
        counts: dict[str, int] = {}
        for name, (query, variables) in requests.items():  # warm up; one request's SQL
            await gql(query, variables)
            await asyncio.sleep(0.6)  # past the API key cache: count its lookup too
            statements = await statements_of(gql, query, variables)
            counts[name] = len(statements)
            if os.environ.get("BENCH_SHOW_SQL"):
                print(name, *statements, sep="\n  ")
        for _ in range(repeat):
            for name, (query, variables) in requests.items():
                began, began_cpu = time.perf_counter(), time.process_time()
                await gql(query, variables)
                timings[name].append((time.perf_counter() - began) * 1000)
                # The process's CPU (all threads: the SQLite worker too), which the
                # machine's load moves much less than the wall.
                cpu[name].append((time.process_time() - began_cpu) * 1000)
    return {name: (statistics.median(values), percentile(values, 0.95), counts[name],
                   statistics.median(cpu[name]))
            for name, values in timings.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=10000)
    parser.add_argument("--repeat", type=int, default=50)
    parser.add_argument("--database-url", help="default: a temporary SQLite file")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        url = args.database_url or f"sqlite://{Path(scratch) / 'outcomes.db'}"
        results = asyncio.run(bench(url, args.rows, args.repeat))
    backend = "postgres" if url.startswith("postgres") else "sqlite"
    load = " / ".join(f"{value:.2f}" for value in os.getloadavg())
    print(f"{backend}: one run of {args.rows} outcomes, {args.repeat} requests each; "
          f"load {load}")
    floor = results["{ me { id } }"][0]
    for name, (p50, p95, statements, cpu) in results.items():
        print(f"  {name:22} p50 {p50:7.2f} ms   p95 {p95:7.2f} ms   CPU p50 {cpu:6.2f} ms   "
              f"{statements} SQL statements")
        if name != "{ me { id } }":
            record(f"{name} p50 ({backend}, {args.rows} outcomes, {statements} statements)",
                   p50, "ms", max(15.0, floor + 8), command="python bench/outcomes_reads.py")
    print(f"  target: p50 ≤ max(15, me p50 + 8) = {max(15.0, floor + 8):.2f} ms, ≤ 6 statements")


if __name__ == "__main__":
    main()
