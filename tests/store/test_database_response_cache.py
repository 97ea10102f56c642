"""The database response cache: judge answers survive a new client and a new process."""

from __future__ import annotations

import asyncio

from agenteval.llm import ModelClient, ModelEndpoint
from agenteval.store.models import JudgeCacheEntry
from agenteval.store.response_cache import DatabaseResponseCache
from tests.llm.conftest import FAST
from tests.support.fake_llm_server import FakeLLMServer

PROMPT = [{"role": "user", "content": "Answer in JSON: is 2 > 1?"}]
SCHEMA = {"type": "object", "required": ["yes"], "properties": {"yes": {"type": "boolean"}}}


async def test_get_returns_what_set_stored_and_none_for_unknown_keys(db: str) -> None:
    cache = DatabaseResponseCache()

    await cache.set("k" * 64, {"text": "hi", "model": "m", "data": {"a": [1, "二"]}})

    assert await cache.get("k" * 64) == {"text": "hi", "model": "m", "data": {"a": [1, "二"]}}
    assert await cache.get("x" * 64) is None
    entry = await JudgeCacheEntry.get(key="k" * 64)
    assert entry.model == "m" and entry.created_at is not None


async def test_storing_the_same_key_twice_or_concurrently_keeps_one_entry(db: str) -> None:
    cache = DatabaseResponseCache()

    await asyncio.gather(*(cache.set("k" * 64, {"text": str(i), "model": "m"})
                           for i in range(5)))
    await cache.set("k" * 64, {"text": "later", "model": "m"})

    assert await cache.count() == 1
    assert (await cache.get("k" * 64) or {})["text"] != "later"  # first write wins


async def test_a_new_client_is_answered_from_the_database(db: str) -> None:
    async with FakeLLMServer() as server:
        server.script("chat", '{"yes": true}')
        endpoint = ModelEndpoint(role="JUDGE", model="judge-model", base_url=server.url,
                                 params=FAST)
        async with ModelClient(endpoint) as first_client:
            first = await first_client.chat(PROMPT, json_schema=SCHEMA,
                                            cache=DatabaseResponseCache())
        async with ModelClient(endpoint) as second_client:
            second = await second_client.chat(PROMPT, json_schema=SCHEMA,
                                              cache=DatabaseResponseCache())

    assert len(server.requests) == 1
    assert (first.cached, second.cached) == (False, True)
    assert second.data == {"yes": True} and second.usage == first.usage


async def test_answers_seen_are_served_from_memory_as_copies_until_a_database_is_opened(
        db: str) -> None:
    """Answers never change, so a process serves those it has seen without asking the
    database again; each caller gets its own copy; another database forgets them."""
    from agenteval.store import response_cache

    cache = DatabaseResponseCache()
    await cache.set("k" * 64, {"text": "hi", "model": "m"})
    await JudgeCacheEntry.filter(key="k" * 64).delete()  # only memory has it now

    served = await cache.get("k" * 64)
    assert served == {"text": "hi", "model": "m"}
    served["text"] = "changed by a caller"
    assert await cache.get("k" * 64) == {"text": "hi", "model": "m"}

    response_cache.forget_all()  # what opening a database does (store.database)
    assert await cache.get("k" * 64) is None
