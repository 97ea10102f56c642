"""A real PostgreSQL restart under two `agenteval serve` processes (a private server, so the
shared one is not disturbed): the run completes and no case reaches the target twice."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from tortoise import Tortoise

from agenteval.store import database
from tests.api.static_helpers import RUN, http_target, run_scenario, simple_cases
from tests.scale.cluster import Cluster, CountingBot, wait_until
from tests.support.graphql_client import GraphQLClient
from tests.support.local_server import local_server
from tests.support.private_postgres import PrivatePostgres

CASES = 200
# Longer than the restart: the run's owner keeps its lease through it, so nothing is
# taken over and every case must be sent exactly once.
LEASE_TTL_S = 15
READS = "{ runs(first: 5) { totalCount } intelligentEvals(first: 5) { totalCount } }"


@pytest.fixture
def private_postgres() -> Iterator[PrivatePostgres]:
    server = PrivatePostgres()
    try:
        server.start()
        server.create_database()
        asyncio.run(_migrate(server.url))
        yield server
    finally:
        server.remove()


async def _migrate(url: str) -> None:
    await database.migrate(url)
    await Tortoise.close_connections()


async def test_a_postgres_restart_sends_no_case_twice(
        private_postgres: PrivatePostgres, tmp_path: Path) -> None:
    cluster = Cluster(private_postgres.url, None, tmp_path,
                      env={"AGENTEVAL_LEASE_TTL_S": str(LEASE_TTL_S)})
    bot = CountingBot(delay_s=0.05)
    try:
        async with local_server(bot.app()) as bot_url:
            first, second = cluster.start("first"), cluster.start("second")
            await cluster.ready(first, second)
            gql = cluster.client(first)
            target = await http_target(gql, bot_url, max_concurrency=4, timeout_s=10)
            _, run_id = await run_scenario(gql, target, simple_cases(CASES), concurrency=4)
            await wait_until(lambda: _sent_at_least(bot, CASES // 4), 60, "a quarter sent")
            codes: Counter[str] = Counter()
            stop = asyncio.Event()
            readers = [asyncio.create_task(_read_while(cluster.client(node), codes, stop))
                       for node in (first, second)]
            await asyncio.to_thread(private_postgres.restart)
            run = await _finished(cluster.client(second), run_id)
            stop.set()
            await asyncio.gather(*readers)
        assert run["status"] == "COMPLETED", run
        assert run["progress"]["done"] == CASES
        twice = {message: count for message, count in bot.seen.items() if count > 1}
        assert twice == {}, f"{len(twice)} cases reached the target more than once"
        assert len(bot.seen) == CASES
        # Requests during the restart: answered, or UNAVAILABLE ("try again"), never INTERNAL.
        print("reads during the restart:", dict(codes))
        assert codes["ok"] > 0 and set(codes) <= {"ok", "UNAVAILABLE"}, codes
    finally:
        cluster.stop_all()
        print(cluster.dump_logs())


async def _read_while(gql: GraphQLClient, codes: Counter[str], stop: asyncio.Event) -> None:
    """Reads that touch the database, counted by how they were answered."""
    while not stop.is_set():
        try:
            body = await gql.raw(READS)
        except httpx.HTTPError:
            codes["no answer"] += 1
        else:
            errors = body.get("errors") or []
            codes[errors[0].get("extensions", {}).get("code", "?") if errors else "ok"] += 1
        await asyncio.sleep(0.02)


async def _sent_at_least(bot: CountingBot, count: int) -> bool:
    return sum(bot.seen.values()) >= count


async def _finished(gql: object, run_id: str, timeout: float = 120) -> dict[str, object]:
    deadline = asyncio.get_running_loop().time() + timeout
    last: dict[str, object] = {}
    while asyncio.get_running_loop().time() < deadline:
        try:
            body = await gql.raw(RUN, {"id": run_id})  # type: ignore[attr-defined]
        except Exception:  # the server restarting under us: ask again
            body = {}
        run = (body.get("data") or {}).get("run")
        if run:
            last = run
            if run["status"] in ("COMPLETED", "FAILED", "CANCELLED"):
                return run
        await asyncio.sleep(0.2)
    raise AssertionError(f"the run did not end within {timeout} s: {last}")
