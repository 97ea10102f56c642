"""The `openai_chat` channel: request shape, history, re-opening, failures."""

from __future__ import annotations

import pytest
from aiohttp import web
from channel_targets import FAST, ScriptedTarget, answer, slow

from agenteval.channels import ChannelError, ConversationState, TargetSpec


def completion(content: str) -> dict:
    return {"choices": [{"index": 0, "message": {"role": "assistant", "content": content}}]}


def echo_turns_app(seen: list[dict]) -> web.Application:
    """Answers "turn N: <last user message>" where N counts the user messages it was sent."""

    async def handle(request: web.Request) -> web.Response:
        body = await request.json()
        seen.append(
            {"body": body, "auth": request.headers.get("Authorization"), "path": request.path}
        )
        users = [m["content"] for m in body["messages"] if m["role"] == "user"]
        return web.json_response(completion(f"turn {len(users)}: {users[-1]}"))

    app = web.Application()
    app.router.add_post("/v1/chat/completions", handle)
    return app


def openai_target(base_url: str, **config) -> TargetSpec:
    return TargetSpec(
        "t-openai", "openai_chat", {"base_url": base_url, "model": "m1", **FAST, **config}
    )


async def test_sends_model_params_system_prompt_key_and_the_whole_history(serve, factory):
    seen: list[dict] = []
    base = await serve(echo_turns_app(seen)) + "/v1/"
    channel = factory.open(
        openai_target(
            base, api_key="sk-test", system_prompt="You are a tester.", params={"temperature": 0}
        )
    )

    first = await channel.send("hello")
    second = await channel.send("and then?")

    assert (first.text, second.text) == ("turn 1: hello", "turn 2: and then?")
    body = seen[1]["body"]
    assert body["model"] == "m1" and body["temperature"] == 0
    assert body["messages"] == [
        {"role": "system", "content": "You are a tester."},
        {"role": "user", "content": "hello"},
        {"role": "assistant", "content": "turn 1: hello"},
        {"role": "user", "content": "and then?"},
    ]
    assert seen[0]["auth"] == "Bearer sk-test" and seen[0]["path"] == "/v1/chat/completions"
    assert channel.conversation_id is None
    assert channel.state.history == [("hello", "turn 1: hello"), ("and then?", "turn 2: and then?")]


async def test_reopened_from_state_it_continues_the_conversation(serve, factory):
    seen: list[dict] = []
    spec = openai_target(await serve(echo_turns_app(seen)) + "/v1")
    state = ConversationState(history=[("我家空调坏了", "请问您怎么称呼？"), ("王伟", "请留电话")])

    reply = await factory.open(spec, state).send("13800138000")

    assert reply.text == "turn 3: 13800138000"
    assert [m["content"] for m in seen[0]["body"]["messages"]] == [
        "我家空调坏了",
        "请问您怎么称呼？",
        "王伟",
        "请留电话",
        "13800138000",
    ]


async def test_no_api_key_means_no_authorization_header(serve, factory):
    seen: list[dict] = []
    channel = factory.open(openai_target(await serve(echo_turns_app(seen)) + "/v1"))
    await channel.send("hi")
    assert seen[0]["auth"] is None


async def test_a_failed_turn_is_not_added_to_the_history(serve, factory):
    target = ScriptedTarget(
        [
            answer(completion("one")),
            answer({"error": "nope"}, status=400),
            answer(completion("three")),
        ]
    )
    channel = factory.open(openai_target(await serve(target.app())))

    await channel.send("1")
    with pytest.raises(ChannelError):
        await channel.send("2")
    await channel.send("3")

    assert [m["content"] for m in target.requests[2]["json"]["messages"]] == ["1", "one", "3"]


async def test_a_completion_without_content_is_a_bad_response(serve, factory):
    target = ScriptedTarget([answer({"choices": []})])
    channel = factory.open(openai_target(await serve(target.app())))
    with pytest.raises(ChannelError) as caught:
        await channel.send("hi")
    assert (
        caught.value.kind == "bad_response" and "choices.0.message.content" in caught.value.message
    )


async def test_sampling_fields_and_extra_body_go_into_every_request(serve, factory):
    seen: list[dict] = []
    base = await serve(echo_turns_app(seen)) + "/v1"
    channel = factory.open(openai_target(
        base, temperature=0.3, max_tokens=64, top_p=0.9, stop=["\nUser:"], seed=7,
        extra_body={"chat_template_kwargs": {"enable_thinking": False}, "temperature": 1.5}))

    await channel.send("hi")

    body = seen[0]["body"]
    assert (body["temperature"], body["max_tokens"], body["top_p"], body["stop"], body["seed"]) \
        == (0.3, 64, 0.9, ["\nUser:"], 7)  # the named field wins over the same key in extra_body
    assert body["chat_template_kwargs"] == {"enable_thinking": False}
    assert body["model"] == "m1" and "stream" not in body


def test_the_config_refuses_extra_body_keys_the_channel_sets(factory):
    base = {"base_url": "http://x/v1", "model": "m"}
    for key in ("model", "messages", "stream"):
        problems = factory.validate_config("openai_chat", {**base, "extra_body": {key: 1}})
        assert problems == [{"path": "channelConfig.extra_body",
                             "message": f"may not set {key!r}"}]
    assert factory.validate_config("openai_chat", {**base, "max_tokens": 0})
    assert factory.validate_config("openai_chat", {**base, "max_tokens": 10, "stop": "END",
                                                   "seed": 1, "temperature": 0}) == []


async def test_a_timeout_is_not_retried_by_default_but_a_503_is(serve, factory):
    target = ScriptedTarget([slow(1.0, answer(completion("late"))), answer(completion("ok"))])
    channel = factory.open(openai_target(await serve(target.app())))
    with pytest.raises(ChannelError) as caught:
        await channel.send("hi")
    assert caught.value.kind == "timeout" and len(target.requests) == 1

    busy = ScriptedTarget([answer({"error": "busy"}, status=503), answer(completion("ok"))])
    reply = await factory.open(openai_target(await serve(busy.app()))).send("hi")
    assert reply.text == "ok" and len(busy.requests) == 2


async def test_retry_on_timeout_true_retries_a_timeout(serve, factory):
    target = ScriptedTarget([slow(1.0, answer(completion("late"))), answer(completion("ok"))])
    channel = factory.open(openai_target(await serve(target.app()), retry_on_timeout=True))
    assert (await channel.send("hi")).text == "ok"
    assert len(target.requests) == 2
