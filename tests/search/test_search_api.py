"""`search` through the real app: ingested conversations found by Chinese and English words,
bad queries refused with VALIDATION_FAILED, an INGEST key refused, pages by cursor."""

from __future__ import annotations

import asyncio

import httpx
import pytest
from starlette.applications import Starlette
from tortoise import connections

from agenteval.store.models import MonitoredConversation
from agenteval.store.search import catch_up, index_writes
from agenteval.store.search.reindex import reindex
from tests.api.monitoring.helpers import key_of, post_ingest, turn
from tests.support.graphql_client import GraphQLClient, running_app

SEARCH = """query($q: String!, $kinds: [SearchKind!], $first: Int, $after: String) {
  search(query: $q, kinds: $kinds, first: $first, after: $after) {
    totalCount pageInfo { hasNextPage endCursor }
    edges { node { kind conversationId ownerId title turnIndex role matches
                   messageKey caseKey attempt snippet { text highlighted } } } } }"""

CONVERSATIONS = [
    turn("c-refund", "user", "你好，我要退款，订单号 A123", "1"),
    turn("c-refund", "assistant", "好的，退款会在三个工作日内退回原支付账户", "2"),
    turn("c-english", "user", "My parcel never arrived, I want a refund", "1"),
    turn("c-english", "assistant", "Sorry! The refund is on its way.", "2"),
    turn("c-repair", "user", "空调坏了，订单 B456 能上门维修吗", "1"),
    turn("c-repair", "assistant", "可以，师傅明天上门", "2"),
]


@pytest.fixture
async def ingested(app: Starlette) -> tuple[GraphQLClient, httpx.AsyncClient]:
    async with running_app(app) as http:
        # The start-up catch-up (a background task) walks the sources once; left running,
        # it could index a turn again after a test deleted the index to reindex it.
        await asyncio.gather(*(task for task in asyncio.all_tasks()
                               if task.get_name() == catch_up.TASK_NAME))
        answer = await post_ingest(http, CONVERSATIONS)
        assert answer.status_code == 200, answer.text
        await index_writes.flush()
        yield GraphQLClient(http), http


async def _search(gql: GraphQLClient, q: str, **variables: object) -> dict:
    return (await gql.execute(SEARCH, {"q": q, **variables}))["search"]


async def _conversation_ids(gql: GraphQLClient, q: str) -> list[str]:
    nodes = [edge["node"] for edge in (await _search(gql, q))["edges"]]
    return [await _external_id(gql, n["conversationId"]) for n in nodes]


async def _external_id(gql: GraphQLClient, conversation_id: str) -> str:
    return (await MonitoredConversation.get(id=conversation_id)).external_id


async def test_an_ingested_turn_is_found_by_a_two_character_chinese_word(ingested):
    gql, _ = ingested
    found = await _search(gql, "退款")
    assert found["totalCount"] == 1
    node = found["edges"][0]["node"]
    assert node["kind"] == "MONITORED" and node["matches"] == 2
    assert await _external_id(gql, node["conversationId"]) == "c-refund"
    assert node["title"] == "c-refund"
    # The first matching message, by the key its sender gave: the conversation page opens there.
    assert (node["messageKey"], node["caseKey"], node["attempt"]) == ("1", None, None)
    assert [f["text"] for f in node["snippet"] if f["highlighted"]] == ["退款"]
    assert "退款" in "".join(f["text"] for f in node["snippet"])


async def test_an_english_word_finds_its_conversation_and_a_mixed_query_needs_both(ingested):
    gql, _ = ingested
    assert await _conversation_ids(gql, "Refund") == ["c-english"]
    assert await _conversation_ids(gql, "上门 维修") == ["c-repair"]
    assert await _conversation_ids(gql, "refund 退款") == []
    assert await _conversation_ids(gql, "A123 退款") == ["c-refund"]


async def test_no_match_is_an_empty_page_and_kinds_narrow_the_search(ingested):
    gql, _ = ingested
    empty = await _search(gql, "发票")
    assert empty == {"totalCount": 0, "pageInfo": {"hasNextPage": False, "endCursor": None},
                     "edges": []}
    assert (await _search(gql, "退款", kinds=["RUN", "SESSION"]))["totalCount"] == 0
    assert (await _search(gql, "退款", kinds=["MONITORED"]))["totalCount"] == 1


async def test_pages_follow_the_cursor(ingested):
    gql, _ = ingested
    first = await _search(gql, "订单", first=1)
    assert first["totalCount"] == 2 and first["pageInfo"]["hasNextPage"] is True
    second = await _search(gql, "订单", first=1, after=first["pageInfo"]["endCursor"])
    assert second["pageInfo"]["hasNextPage"] is False
    ids = {first["edges"][0]["node"]["conversationId"], second["edges"][0]["node"]["conversationId"]}
    assert {await _external_id(gql, i) for i in ids} == {"c-refund", "c-repair"}


@pytest.mark.parametrize("query, message", [
    ("", "must not be empty"), ("   ", "must not be empty"), ("退" * 201, "at most 200"),
    ("，。！？", "no word")])
async def test_a_bad_query_is_refused_with_validation_failed(ingested, query, message):
    gql, _ = ingested
    error = await gql.error(SEARCH, {"q": query})
    assert error.code == "VALIDATION_FAILED"
    assert error.details[0]["path"] == "query" and message in error.details[0]["message"]


async def test_a_bad_cursor_or_page_size_is_refused(ingested):
    gql, _ = ingested
    assert (await gql.error(SEARCH, {"q": "退款", "after": "nope"})).code == "VALIDATION_FAILED"
    assert (await gql.error(SEARCH, {"q": "退款", "first": 100000})).code == "VALIDATION_FAILED"


async def test_an_ingest_key_reads_nothing_and_a_viewer_searches_everything(ingested):
    gql, _ = ingested
    ingest = await key_of(gql, "INGEST")
    assert (await gql.with_key(ingest).error(SEARCH, {"q": "退款"})).code == "FORBIDDEN"
    assert (await gql.with_key(None).error(SEARCH, {"q": "退款"})).code == "UNAUTHENTICATED"
    viewer = await key_of(gql, "VIEWER")
    assert (await _search(gql.with_key(viewer), "退款"))["totalCount"] == 1


async def test_reindex_adds_what_the_index_lost_and_a_second_run_adds_nothing(ingested):
    gql, _ = ingested
    client = connections.get("default")
    await client.execute_script("DELETE FROM search_documents")
    assert (await _search(gql, "退款"))["totalCount"] == 0
    added = await reindex(batch=2)
    assert added == {"run": 0, "session": 0, "monitored": 6, "imported": 0}
    assert await _conversation_ids(gql, "退款") == ["c-refund"]
    assert await reindex() == {"run": 0, "session": 0, "monitored": 0, "imported": 0}
