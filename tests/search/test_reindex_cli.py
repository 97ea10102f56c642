"""`agenteval reindex` on a database written without indexing (a previous release's, or a
process that died with messages queued): adds them once, then adds nothing."""

from __future__ import annotations

import asyncio
from pathlib import Path

from click.testing import CliRunner

from agenteval.cli import main
from agenteval.engine.catalog.conversation_sets import store_conversation_set
from agenteval.store import database
from agenteval.store.search import documents, index_writes, segmenter
from agenteval.store.search.search_reads import search

DIALOGS = [{"id": "a", "turns": [{"user": "发票什么时候开", "reply": "确认收货后开具"}],
            "metadata": {}}]


async def _seed(url: str) -> None:
    await database.migrate(url)
    await database.open_database(url)
    try:
        index_writes.disable()  # as before this release: nothing indexed at write time
        await store_conversation_set("week 49", "jsonl", DIALOGS, 1, {}, {})
    finally:
        await database.close_database()


async def _found(url: str, query: str) -> int:
    await database.open_database(url)
    try:
        await segmenter.ready()
        return (await search(segmenter.query_words(query), documents.KINDS, 0, 20)).total
    finally:
        await database.close_database()


def test_reindex_adds_what_was_stored_before_and_then_nothing(tmp_path: Path) -> None:
    url = f"sqlite://{tmp_path / 'old.db'}"
    asyncio.run(_seed(url))
    assert asyncio.run(_found(url, "发票")) == 0
    first = CliRunner().invoke(main, ["reindex", "--database-url", url])
    assert first.exit_code == 0, first.output
    assert "imported: 2 added" in first.output and "run: 0 added" in first.output
    assert asyncio.run(_found(url, "发票")) == 1
    again = CliRunner().invoke(main, ["reindex", "--database-url", url])
    assert "imported: 0 added" in again.output
