"""Every model call reports its token usage to the client's sink; a cache hit reports a saving."""

from __future__ import annotations

from typing import Any

from agenteval.llm import InMemoryResponseCache, ModelClient, ModelEndpoint
from tests.llm.conftest import FAST
from tests.support.fake_llm_server import FakeLLMServer, Respond, chat_completion

SCHEMA = {"type": "object", "required": ["verdict"]}
PROMPT = [{"role": "user", "content": "Judge this. Answer in JSON."}]


class Sink:
    def __init__(self) -> None:
        self.records: list[tuple[str, str, int, int, bool]] = []

    async def record_usage(self, role: str, model: str, prompt_tokens: int,
                           completion_tokens: int, cached: bool) -> None:
        self.records.append((role, model, prompt_tokens, completion_tokens, cached))


class BrokenSink:
    async def record_usage(self, *args: Any) -> None:
        raise RuntimeError("database gone")


def client(server: FakeLLMServer, sink: Any, role: str = "JUDGE") -> ModelClient:
    endpoint = ModelEndpoint(role=role, model="m-1", base_url=server.url,  # type: ignore[arg-type]
                             params=FAST)
    return ModelClient(endpoint, usage_sink=sink)


async def test_each_chat_answer_and_the_corrective_retry_are_recorded(
        server: FakeLLMServer) -> None:
    server.script("chat", Respond(chat_completion("not json", usage={
        "prompt_tokens": 100, "completion_tokens": 7})),
        Respond(chat_completion('{"verdict": "ok"}', usage={
            "prompt_tokens": 130, "completion_tokens": 9})))
    sink = Sink()
    async with client(server, sink) as model:
        await model.chat(PROMPT, json_schema=SCHEMA)
    assert sink.records == [("JUDGE", "m-1", 100, 7, False), ("JUDGE", "m-1", 130, 9, False)]


async def test_a_cache_hit_is_recorded_as_saved_not_as_a_call(server: FakeLLMServer) -> None:
    server.script("chat", '{"verdict": "pass"}')
    sink, cache = Sink(), InMemoryResponseCache()
    async with client(server, sink) as model:
        await model.chat(PROMPT, json_schema=SCHEMA, cache=cache)
        await model.chat(PROMPT, json_schema=SCHEMA, cache=cache)
    assert [record[-1] for record in sink.records] == [False, True]
    assert sink.records[0][2:4] == sink.records[1][2:4] == (10, 5)


async def test_embeddings_and_moderations_are_recorded(server: FakeLLMServer) -> None:
    sink = Sink()
    async with client(server, sink, "EMBEDDING") as embedder:
        await embedder.embed(["hello world", "again"])
    async with client(server, sink, "MODERATION") as moderator:
        await moderator.moderate("hello")
    roles = [record[0] for record in sink.records]
    assert roles == ["EMBEDDING", "MODERATION"]
    assert sink.records[0][2] > 0  # the fake server reports prompt tokens for embeddings


async def test_a_failing_sink_never_fails_the_call(server: FakeLLMServer) -> None:
    server.script("chat", '{"verdict": "pass"}')
    async with client(server, BrokenSink()) as model:
        answer = await model.chat(PROMPT, json_schema=SCHEMA)
    assert answer.data == {"verdict": "pass"}
