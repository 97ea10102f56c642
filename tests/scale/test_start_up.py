"""Start-up singletons: three processes on an empty database make one ADMIN key, one demo;
a process that cannot bind its port has taken no work."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from agenteval.store import database
from agenteval.store.models import ApiKey, IntelligentEval, Run, Target
from tests import backends
from tests.api.static_helpers import create_target, run_scenario, simple_cases
from tests.scale.cluster import Cluster, wait_until
from tests.support.graphql_client import GraphQLClient


@pytest.fixture
def empty_database(postgres_url: str) -> Iterator[str]:
    """A PostgreSQL database with nothing in it, not even the tables."""
    url = backends.create_postgres_database()
    try:
        yield url
    finally:
        backends.drop_postgres_database(url)


async def test_three_processes_on_an_empty_database_make_one_key_and_one_demo(
        empty_database: str, redis_url: str, tmp_path: Path) -> None:
    cluster = Cluster(empty_database, redis_url, tmp_path, env={"AGENTEVAL_ADMIN_KEY": ""})
    try:
        nodes = [cluster.start(name, demo="true") for name in "abc"]
        await cluster.ready(*nodes, timeout=90)
        await database.open_database(empty_database)
        try:
            assert await ApiKey.filter(role="ADMIN").count() == 1
            assert await IntelligentEval.all().count() == 1
            assert await Target.all().count() == 1
        finally:
            await database.close_database()
        printed = [node.log_text().count("created an ADMIN API key") for node in nodes]
        assert sorted(printed) == [0, 0, 1]
    finally:
        cluster.stop_all()
        print(cluster.dump_logs())


async def test_a_process_that_cannot_bind_takes_no_run(
        cluster: Cluster, local: GraphQLClient) -> None:
    serving = cluster.start("a", run_claim_limit=0)  # serves, executes nothing
    await cluster.ready(serving)
    target = await create_target(local)
    _, run_id = await run_scenario(local, target, simple_cases(3))
    port = serving.url.rsplit(":", 1)[1]
    clashing = cluster.start("b", port=port)  # the port is taken: it cannot serve
    assert await asyncio.to_thread(clashing.process.wait, 60) != 0
    assert "address already in use" in clashing.log_text().lower()
    assert await Run.filter(id=run_id, status="QUEUED").exists()
    executing = cluster.start("c")
    await wait_until(lambda: Run.filter(id=run_id, status="COMPLETED").exists(), 60,
                     "a serving process to run it")
    await cluster.ready(executing)
