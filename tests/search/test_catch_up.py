"""A process killed with documents still queued for the index: the next start finds the
tail it lost and indexes it, once; what lies under two indexed batches is reindex's."""

from __future__ import annotations

import asyncio

import pytest
from starlette.applications import Starlette

from agenteval.app import create_app
from agenteval.config import Settings
from agenteval.store.search import catch_up, documents, index_writes
from tests.api.static_helpers import create_target, run_scenario, wait_for_run
from tests.support.graphql_client import GraphQLClient, running_app

SEARCH = "query($q: String!) { search(query: $q) { totalCount } }"
CASES = [{"id": "booking", "messages": ["我家空调坏了，想预约维修"]}]


async def _found(gql: GraphQLClient, query: str) -> int:
    await index_writes.flush()
    return int((await gql.execute(SEARCH, {"q": query}))["search"]["totalCount"])


async def _run_without_index(gql: GraphQLClient) -> None:
    """A run stored while its documents only sat in the queue of a process that died."""
    index_writes.disable()
    try:
        _, run_id = await run_scenario(gql, await create_target(gql), CASES)
        await wait_for_run(gql, run_id)
    finally:
        index_writes.enable()
    assert await _found(gql, "空调") == 0


async def test_the_next_start_indexes_what_a_dead_process_had_queued(
        app: Starlette, settings: Settings) -> None:
    async with running_app(app) as http:
        await _run_without_index(GraphQLClient(http))
    async with running_app(create_app(settings, migrate=False)) as http:
        gql = GraphQLClient(http)
        for _ in range(100):  # the catch-up is background work of the start
            if await _found(gql, "空调") == 1:
                break
            await asyncio.sleep(0.05)
        assert await _found(gql, "空调") == 1
        assert await catch_up.catch_up() == dict.fromkeys(documents.KINDS, 0)


async def test_the_walk_back_stops_after_indexed_batches(gql: GraphQLClient) -> None:
    await _run_without_index(gql)  # the older, lost tail
    for _ in range(3):  # three newer runs, indexed as they were written
        _, run_id = await run_scenario(gql, await create_target(gql), [
            {"id": "other", "messages": ["发票什么时候开"]}])
        await wait_for_run(gql, run_id)
    await index_writes.flush()
    # Two turns (user and reply documents) per run: with batches of one turn the newest
    # two runs are already indexed, so the walk stops before the lost one.
    assert (await catch_up.catch_up(batch=1, quiet=2))[documents.RUN] == 0
    assert await _found(gql, "空调") == 0
    assert (await catch_up.catch_up(batch=1, quiet=4))[documents.RUN] == 2
    assert await _found(gql, "空调") == 1


async def test_a_failed_catch_up_is_logged_and_never_raised(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    async def broken() -> dict[str, int]:
        raise OSError("database went away")

    monkeypatch.setattr(catch_up, "catch_up", broken)
    await catch_up.catch_up_once()  # the server's background loop: returns, does not raise
    assert "start-up catch-up failed" in caplog.text and "agenteval reindex" in caplog.text
