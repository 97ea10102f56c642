"""No request freezes the process: while each hostile request runs on a real `agenteval
serve`, /healthz answers within 200 ms (quadratic e-mail masking, a catastrophic regex in
a judge rule); patterns RE2 cannot run are refused at import with their field named."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.api.offline_helpers import IMPORT, JUDGE
from tests.api.static_helpers import IMPORT_SCENARIO, document
from tests.scale.cluster import Cluster, Node
from tests.support.graphql_client import GraphQLClient

HEALTHZ_LIMIT_S = 0.2
RUN = "query($id: ID!) { run(id: $id) { status outcomes(first: 5) { edges { node { passed } } } } }"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[Cluster, Node]]:
    cluster = Cluster(f"sqlite://{tmp_path}/agenteval.db", None, tmp_path)
    try:
        yield cluster, cluster.start("server")
    finally:
        cluster.stop_all()
        print(cluster.dump_logs())


async def _slowest_healthz_while(node: Node, hostile: asyncio.Task[object]) -> float:
    """The slowest /healthz answer while `hostile` runs (polled every 20 ms)."""
    slowest = 0.0
    async with httpx.AsyncClient(base_url=node.url, timeout=30) as http:
        while not hostile.done():
            started = time.perf_counter()
            assert (await http.get("/healthz")).status_code == 200
            slowest = max(slowest, time.perf_counter() - started)
            await asyncio.sleep(0.02)
    hostile.result()
    return slowest


def _email_bait(dialogs: int) -> str:
    """Long word runs without an `@`: quadratic for `[\\w.+-]+@…` in Python's re."""
    rows = [{"id": f"c{i}", "messages": [{"role": "user", "content": "a" * 19_000},
                                         {"role": "assistant", "content": "b" * 19_000}]}
            for i in range(dialogs)]
    return "\n".join(json.dumps(row) for row in rows) + "\n"


async def test_healthz_answers_while_hostile_requests_run(
        server: tuple[Cluster, Node]) -> None:
    cluster, node = server
    await cluster.ready(node)
    gql = cluster.client(node)
    masking = asyncio.create_task(gql.execute(IMPORT, {
        "document": _email_bait(8), "format": "jsonl", "redact": ["email"]}))
    assert await _slowest_healthz_while(node, masking) < HEALTHZ_LIMIT_S
    assert masking.result()["importConversations"]["redacted"] == [{"name": "email", "count": 0}]

    # A catastrophic pattern on a 27-character reply: exponential for a backtracking engine.
    reply = {"id": "x", "messages": [{"role": "user", "content": "hi"},
                                     {"role": "assistant", "content": "a" * 26 + "!"}]}
    stored = (await gql.execute(IMPORT, {"document": json.dumps(reply) + "\n",
                                         "format": "jsonl"}))["importConversations"]
    rules = {"eval_rules": [{"type": "keyword_match",
                             "params": {"keywords": ["(a+)+$"], "regex": True}}]}
    run_id = (await gql.execute(JUDGE, {"setId": stored["id"], "rules": rules})
              )["judgeConversations"]["id"]

    async def judged() -> dict[str, object]:
        while True:
            run = (await gql.execute(RUN, {"id": run_id}))["run"]
            if run["status"] in ("COMPLETED", "FAILED"):
                return run
            await asyncio.sleep(0.02)

    judging = asyncio.create_task(judged())
    assert await _slowest_healthz_while(node, judging) < HEALTHZ_LIMIT_S
    run = judging.result()
    assert run["status"] == "COMPLETED"
    assert run["outcomes"]["edges"][0]["node"]["passed"] is False  # judged, not skipped


async def test_patterns_the_linear_engine_cannot_run_are_refused_with_their_field(
        gql: GraphQLClient) -> None:
    cases = [{"id": "c", "messages": ["hi"], "expectation": {"regex": ["ok", "(?=a)a"]},
              "eval_rules": [{"type": "keyword_match",
                              "params": {"keywords": [r"(\w)\1"], "regex": True}}]}]
    error = await gql.error(IMPORT_SCENARIO, {"document": document(cases)})
    assert error.code == "VALIDATION_FAILED"
    paths = {problem["path"]: problem["message"] for problem in error.details}
    assert any(path.endswith("expectation.regex[1]") for path in paths), paths
    assert any(path.endswith("keywords[0]") for path in paths), paths
    assert all("RE2" in message for message in paths.values()), paths
