"""List reads with 10,000 rows: p50 of three UI queries, and the SQL statements each costs.

Through the real ASGI app (a bare ASGI call, as bench/message_throughput.py):
`intelligentEvals(first: 50)`, `runs(first: 50)` with summaries and progress, and
`run { outcomes(first: 50) }` with turns and rule results. The rows: one real
static run of `--rows` cases on the built-in `demo` channel (so every outcome
has its turn and rule results), then copies of that run and of one intelligent
eval until each table holds `--rows` of them. Each query runs `--repeat` times,
the three interleaved (p50 and p99); the statements of one request are counted by wrapping
the connection's execute methods. Target: p50 ≤ 15 ms and p99 ≤ 40 ms each.

Run: .venv/bin/python bench/reads.py [--rows 10000] [--database-url postgres://…]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import statistics
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from asgi_client import ADMIN_KEY, Client
from figures import record
from tortoise import Tortoise

from agenteval.app import create_app
from agenteval.config import Settings
from agenteval.store.models import IntelligentEval, Run

CREATE_TARGET = "mutation($i: CreateTargetInput!) { createTarget(input: $i) { id } }"
IMPORT = "mutation($d: String!) { importScenario(document: $d) { id } }"
CAMPAIGN = "mutation($i: CreateCampaignInput!) { createCampaign(input: $i) { id } }"
START = "mutation($c: ID!) { startRun(campaignId: $c) { id } }"
STATUS = "query($id: ID!) { run(id: $id) { status } }"
CREATE_EVAL = "mutation($i: CreateIntelligentEvalInput!) { createIntelligentEval(input: $i) { id } }"
QUERIES = {
    "intelligentEvals(first: 50)": """{ intelligentEvals(first: 50) { totalCount edges { node {
      id name status target { name } progress { sessionsPlanned turnsUsed turnBudget } } } } }""",
    "runs(first: 50)": """{ runs(first: 50) { totalCount edges { node { id status
      target { name } campaign { name } summary { passRate totalCases latencyP50Ms }
      progress { done total } } } } }""",
    "run { outcomes(first: 50) }": """query($id: ID!) { run(id: $id) { id
      outcomes(first: 50) { totalCount edges { node { caseKey attempt passed successLevel
        turns { index sentMessage reply latencyMs } results { ruleType passed score } } } } } }""",
}
EXECUTE_METHODS = ("execute_query", "execute_query_dict", "execute_insert", "execute_many",
                   "execute_script")


@contextlib.contextmanager
def counted(statements: list[str]) -> Iterator[None]:
    """Append every SQL statement sent while the block runs."""
    def subclasses(cls: type) -> set[type]:
        return {cls}.union(*(subclasses(sub) for sub in cls.__subclasses__()))

    classes = subclasses(type(Tortoise.get_connection("default")))
    originals = [(cls, name, cls.__dict__[name]) for cls in classes
                 for name in EXECUTE_METHODS if name in cls.__dict__]

    def counting(method: Any) -> Any:
        async def execute(self: Any, query: str, *args: Any, **kwargs: Any) -> Any:
            statements.append(query)
            return await method(self, query, *args, **kwargs)
        return execute

    for cls, name, method in originals:
        setattr(cls, name, counting(method))
    try:
        yield
    finally:
        for cls, name, method in originals:
            setattr(cls, name, method)


async def seed(gql: Client, rows: int) -> str:
    """`rows` outcomes in one run, `rows` runs, `rows` intelligent evals; the real run's id."""
    target = (await gql(CREATE_TARGET, {"i": {"name": "bench", "channelType": "demo",
                                              "channelConfig": {}, "maxConcurrency": 64}}))
    target_id = target["createTarget"]["id"]
    cases = [{"id": f"case-{i:05d}", "message": f"question {i}",
              "eval_rules": [{"type": "keyword_match", "params": {"keywords": ["a"]}}]}
             for i in range(rows)]
    scenario = (await gql(IMPORT, {"d": json.dumps({"name": "reads", "cases": cases})}))
    campaign = await gql(CAMPAIGN, {"i": {"name": "reads", "targetIds": [target_id],
                                          "scenarioId": scenario["importScenario"]["id"],
                                          "concurrency": 50}})
    [run] = (await gql(START, {"c": campaign["createCampaign"]["id"]}))["startRun"]
    while (await gql(STATUS, {"id": run["id"]}))["run"]["status"] in ("QUEUED", "RUNNING"):  # noqa: ASYNC110
        await asyncio.sleep(0.2)
    model = await Run.get(id=run["id"])
    copies = [Run(**{**_fields(model), "id": uuid.uuid4(), "cases": []}) for _ in range(rows - 1)]
    await Run.bulk_create(copies, batch_size=1000)
    created = await gql(CREATE_EVAL, {"i": {"name": "reads", "targetId": target_id, "goal": "g",
                                            "seeds": {}, "intent": "i",
                                            "roleDescription": "r"}})
    first = await IntelligentEval.get(id=created["createIntelligentEval"]["id"])
    await IntelligentEval.bulk_create(
        [IntelligentEval(**{**_fields(first), "id": uuid.uuid4(), "name": f"eval {i}"})
         for i in range(rows - 1)], batch_size=1000)
    return str(run["id"])


def _fields(row: Any) -> dict[str, Any]:
    return {name: getattr(row, name) for name in row._meta.db_fields
            if name in row._meta.fields_map} | {
        f"{name}_id": getattr(row, f"{name}_id") for name in row._meta.fk_fields}


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


async def bench(url: str, rows: int, repeat: int) -> dict[str, tuple[float, float, int]]:
    settings = Settings(database_url=url, admin_key=ADMIN_KEY, driver="none", demo=False,
                        watchdog_interval_s=0, resume_runs=False)
    app = create_app(settings, migrate=True)
    async with app.router.lifespan_context(app):
        gql = Client(app)
        started = time.perf_counter()
        run_id = await seed(gql, rows)
        print(f"seeded {rows} outcomes, runs and intelligent evals in "
              f"{time.perf_counter() - started:.1f} s")
        timings: dict[str, list[float]] = {name: [] for name in QUERIES}
        counts: dict[str, int] = {}
        for name, query in QUERIES.items():  # warm up, and count one request's statements
            statements: list[str] = []
            with counted(statements):
                await gql(query, {"id": run_id} if "$id" in query else None)
            counts[name] = len(statements)
        for _ in range(repeat):
            for name, query in QUERIES.items():
                began = time.perf_counter()
                await gql(query, {"id": run_id} if "$id" in query else None)
                timings[name].append((time.perf_counter() - began) * 1000)
    return {name: (statistics.median(values), percentile(values, 0.99), counts[name])
            for name, values in timings.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=10000)
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--database-url", help="default: a temporary SQLite file")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        url = args.database_url or f"sqlite://{Path(scratch) / 'reads.db'}"
        results = asyncio.run(bench(url, args.rows, args.repeat))
    backend = "postgres" if url.startswith("postgres") else "sqlite"
    load = " / ".join(f"{value:.2f}" for value in os.getloadavg())
    print(f"{backend}: {args.rows} rows per table, {args.repeat} requests each; load {load}")
    for name, (p50, p99, statements) in results.items():
        print(f"  {name:30} p50 {p50:7.2f} ms   p99 {p99:7.2f} ms   {statements} SQL statements")
        record(f"read {name} p50 ({backend}, {args.rows} rows, {statements} statements)", p50,
               "ms", 15, command="python bench/reads.py")
        record(f"read {name} p99 ({backend}, {args.rows} rows)", p99, "ms", 40,
               command="python bench/reads.py")


if __name__ == "__main__":
    main()
