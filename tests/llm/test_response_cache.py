"""The response cache: a repeated judge call is answered without calling the model."""

from __future__ import annotations

from typing import Any

from agenteval.llm import InMemoryResponseCache, cache_key
from tests.support.fake_llm_server import FakeLLMServer

SCHEMA = {"type": "object", "required": ["verdict"]}
PROMPT = [{"role": "user", "content": "Judge this. Answer in JSON."}]


async def test_a_cache_hit_makes_no_server_call(server: FakeLLMServer, make_client) -> None:
    server.script("chat", '{"verdict": "pass"}')
    cache = InMemoryResponseCache()
    client = make_client()

    first = await client.chat(PROMPT, json_schema=SCHEMA, cache=cache)
    second = await client.chat(PROMPT, json_schema=SCHEMA, cache=cache)

    assert (first.cached, second.cached) == (False, True)
    assert second.data == first.data == {"verdict": "pass"}
    assert second.usage == first.usage
    assert len(server.requests) == 1
    assert client.calls == 1
    assert client.usage_totals == first.usage  # a hit costs nothing


async def test_without_a_cache_the_model_is_called_again(server: FakeLLMServer,
                                                         make_client) -> None:
    server.script("chat", '{"verdict": "pass"}', '{"verdict": "fail"}')
    client = make_client()

    first = await client.chat(PROMPT, json_schema=SCHEMA)
    second = await client.chat(PROMPT, json_schema=SCHEMA)

    assert (first.data, second.data) == ({"verdict": "pass"}, {"verdict": "fail"})
    assert not second.cached
    assert len(server.requests) == 2


async def test_other_prompt_params_or_sample_miss_the_cache(server: FakeLLMServer,
                                                            make_client) -> None:
    cache = InMemoryResponseCache()
    client = make_client()
    server.script("chat", *['{"verdict": "x"}'] * 4)

    await client.chat(PROMPT, json_schema=SCHEMA, cache=cache)
    await client.chat([{"role": "user", "content": "Other. JSON."}], json_schema=SCHEMA,
                      cache=cache)
    await client.chat(PROMPT, json_schema=SCHEMA, cache=cache, temperature=0.7)
    await client.chat(PROMPT, json_schema=SCHEMA, cache=cache, sample_index=1)

    assert len(server.requests) == 4
    assert len(cache.entries) == 4


async def test_invalid_answers_are_not_cached(server: FakeLLMServer, make_client) -> None:
    server.script("chat", "nope", "still nope", '{"verdict": "pass"}')
    cache = InMemoryResponseCache()
    client = make_client()

    try:
        await client.chat(PROMPT, json_schema=SCHEMA, cache=cache)
    except Exception:  # noqa: BLE001 - the failure itself is tested elsewhere
        pass
    result = await client.chat(PROMPT, json_schema=SCHEMA, cache=cache)

    assert (result.data, result.cached) == ({"verdict": "pass"}, False)


class BrokenCache:
    async def get(self, key: str) -> dict[str, Any] | None:
        raise RuntimeError("database is gone")

    async def set(self, key: str, value: dict[str, Any]) -> None:
        raise RuntimeError("database is gone")


async def test_a_broken_cache_falls_back_to_the_model(server: FakeLLMServer,
                                                      make_client) -> None:
    server.script("chat", '{"verdict": "pass"}')

    result = await make_client().chat(PROMPT, json_schema=SCHEMA, cache=BrokenCache())

    assert (result.data, result.cached) == ({"verdict": "pass"}, False)


def test_cache_key_is_canonical_and_covers_everything() -> None:
    messages = [{"role": "user", "content": "你好"}]
    key = cache_key("m", messages, {"temperature": 0, "seed": 1})

    assert key == cache_key("m", [{"content": "你好", "role": "user"}], {"seed": 1, "temperature": 0})
    assert len(key) == 64
    assert key != cache_key("m2", messages, {"temperature": 0, "seed": 1})
    assert key != cache_key("m", messages, {"temperature": 0, "seed": 2})
    assert key != cache_key("m", [{"role": "user", "content": "你好!"}],
                            {"temperature": 0, "seed": 1})
