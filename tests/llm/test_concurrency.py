"""Requests in flight to one endpoint are bounded across all its clients."""

from __future__ import annotations

import asyncio

from tests.support.fake_llm_server import FakeLLMServer, Respond, chat_completion

PROMPT = [{"role": "user", "content": "hi"}]


async def test_max_concurrency_is_shared_by_clients_of_one_endpoint(server: FakeLLMServer,
                                                                    make_client) -> None:
    server.script("chat", *[Respond(chat_completion("ok"), delay_s=0.1)] * 6)
    first, second = make_client(max_concurrency=2), make_client(max_concurrency=2)

    results = await asyncio.gather(*(client.chat(PROMPT)
                                     for client in (first, second, first, second, first, second)))

    assert [result.text for result in results] == ["ok"] * 6
    assert server.max_in_flight == 2


async def test_other_models_have_their_own_limit(server: FakeLLMServer, make_client) -> None:
    server.script("chat", *[Respond(chat_completion("ok"), delay_s=0.1)] * 4)
    judge = make_client(model="judge", max_concurrency=1)
    planner = make_client(role="PLANNER", model="planner", max_concurrency=1)

    await asyncio.gather(judge.chat(PROMPT), planner.chat(PROMPT),
                         judge.chat(PROMPT), planner.chat(PROMPT))

    assert server.max_in_flight == 2
