"""The generic `http` channel against real local targets that misbehave on purpose."""

from __future__ import annotations

import time

import pytest
from channel_targets import ScriptedTarget, answer, drop, http_target, slow, text

from agenteval.channels import ChannelError, ConversationState


async def test_a_normal_reply_carries_text_latency_and_raw_document(serve, factory):
    target = ScriptedTarget([slow(0.05, answer({"answer": "您好", "extra": 1}))])
    channel = factory.open(http_target(await serve(target.app())))

    reply = await channel.send("你好")

    assert reply.text == "您好"
    assert 40 <= reply.latency_ms < 1000
    assert reply.raw == {"answer": "您好", "extra": 1}
    assert target.requests[0]["method"] == "POST"
    assert target.requests[0]["json"] == {"message": "你好", "session_id": channel.conversation_id}
    await channel.aclose()


async def test_reply_path_follows_dots_and_list_indexes(serve, factory):
    target = ScriptedTarget([answer({"choices": [{"message": {"content": "deep"}}]})])
    channel = factory.open(
        http_target(await serve(target.app()), reply_path="choices.0.message.content")
    )
    assert (await channel.send("hi")).text == "deep"


async def test_a_slow_target_times_out_then_the_retry_succeeds(serve, factory):
    target = ScriptedTarget([slow(1.0, answer({"answer": "late"})), answer({"answer": "fast"})])
    channel = factory.open(http_target(await serve(target.app()), timeout_s=0.2))

    reply = await channel.send("hello")

    assert reply.text == "fast"
    assert len(target.requests) == 2
    assert reply.latency_ms < 200  # the successful attempt only, not the timed-out one


async def test_a_target_that_stays_slow_fails_with_timeout_after_all_attempts(serve, factory):
    target = ScriptedTarget([slow(1.0, answer({"answer": "late"}))])
    channel = factory.open(http_target(await serve(target.app()), timeout_s=0.1, retries=1))

    with pytest.raises(ChannelError) as caught:
        await channel.send("hello")

    assert caught.value.kind == "timeout"
    assert "0.1 s" in caught.value.message and "2 attempts" in caught.value.message
    assert len(target.requests) == 2


async def test_a_500_is_retried_and_the_200_after_it_is_returned(serve, factory):
    target = ScriptedTarget([answer({"error": "boom"}, status=500), answer({"answer": "ok"})])
    channel = factory.open(http_target(await serve(target.app())))

    assert (await channel.send("hi")).text == "ok"
    assert len(target.requests) == 2


async def test_persistent_5xx_fails_as_http_status_with_an_excerpt(serve, factory):
    target = ScriptedTarget([text("upstream exploded", status=503, content_type="text/plain")])
    channel = factory.open(http_target(await serve(target.app())))

    with pytest.raises(ChannelError) as caught:
        await channel.send("hi")

    assert (caught.value.kind, caught.value.status) == ("http_status", 503)
    assert "upstream exploded" in caught.value.message
    assert len(target.requests) == 3  # 1 + retries (2)


async def test_429_waits_as_long_as_retry_after_says(serve, factory):
    target = ScriptedTarget(
        [
            answer({"error": "slow down"}, status=429, headers={"Retry-After": "1"}),
            answer({"answer": "ok"}),
        ]
    )
    channel = factory.open(http_target(await serve(target.app())))

    started = time.monotonic()
    reply = await channel.send("hi")

    assert reply.text == "ok"
    assert time.monotonic() - started >= 0.95  # backoff_s is 0.01: only Retry-After explains this
    assert reply.latency_ms < 500


async def test_400_is_not_retried(serve, factory):
    target = ScriptedTarget(
        [answer({"error": "bad field 'query'"}, status=400), answer({"answer": "ok"})]
    )
    channel = factory.open(http_target(await serve(target.app())))

    with pytest.raises(ChannelError) as caught:
        await channel.send("hi")

    assert (caught.value.kind, caught.value.status) == ("http_status", 400)
    assert "bad field" in caught.value.message
    assert len(target.requests) == 1


async def test_html_instead_of_json_is_a_bad_response_quoting_the_page(serve, factory):
    target = ScriptedTarget([text("<html><body>Welcome to nginx</body></html>")])
    channel = factory.open(http_target(await serve(target.app())))

    with pytest.raises(ChannelError) as caught:
        await channel.send("hi")

    assert caught.value.kind == "bad_response"
    assert "not JSON" in caught.value.message and "Welcome to nginx" in caught.value.message
    assert len(target.requests) == 1  # a wrong answer is not retried


async def test_a_dropped_connection_is_retried(serve, factory):
    target = ScriptedTarget([drop(), answer({"answer": "back"})])
    channel = factory.open(http_target(await serve(target.app())))

    assert (await channel.send("hi")).text == "back"
    assert len(target.requests) == 2


async def test_a_target_that_always_drops_fails_as_connection(serve, factory):
    target = ScriptedTarget([drop()])
    channel = factory.open(http_target(await serve(target.app())))

    with pytest.raises(ChannelError) as caught:
        await channel.send("hi")

    assert caught.value.kind == "connection"
    assert len(target.requests) == 3


async def test_nobody_listening_is_a_connection_error(factory):
    channel = factory.open(http_target("http://127.0.0.1:9/chat", retries=0))
    with pytest.raises(ChannelError) as caught:
        await channel.send("hi")
    assert caught.value.kind == "connection"


async def test_json_without_the_reply_path_is_a_bad_response(serve, factory):
    target = ScriptedTarget([answer({"data": {"text": "wrong place"}})])
    channel = factory.open(http_target(await serve(target.app()), reply_path="data.answer"))

    with pytest.raises(ChannelError) as caught:
        await channel.send("hi")

    assert caught.value.kind == "bad_response"
    assert "data.answer" in caught.value.message and "wrong place" in caught.value.message


async def test_an_empty_reply_is_a_bad_response(serve, factory):
    target = ScriptedTarget([answer({"answer": "   "})])
    channel = factory.open(http_target(await serve(target.app())))
    with pytest.raises(ChannelError) as caught:
        await channel.send("hi")
    assert caught.value.kind == "bad_response" and "empty" in caught.value.message


async def test_body_template_headers_and_turn_are_sent(serve, factory):
    target = ScriptedTarget([answer({"answer": "ok"})])
    spec = http_target(
        await serve(target.app()),
        headers={"Authorization": "Bearer s3cret"},
        body={
            "q": "say: {{message}}",
            "meta": {"turn": "{{turn}}", "tags": ["{{session_id}}"]},
            "n": 1,
        },
    )
    channel = factory.open(spec)

    await channel.send("one")
    await channel.send("two")

    sid = channel.conversation_id
    assert [r["json"] for r in target.requests] == [
        {"q": "say: one", "meta": {"turn": "0", "tags": [sid]}, "n": 1},
        {"q": "say: two", "meta": {"turn": "1", "tags": [sid]}, "n": 1},
    ]
    assert target.requests[0]["headers"]["Authorization"] == "Bearer s3cret"


async def test_get_sends_the_template_as_query_parameters(serve, factory):
    target = ScriptedTarget([answer({"answer": "ok"})])
    channel = factory.open(
        http_target(await serve(target.app()), method="GET", body={"text": "{{message}}"})
    )
    await channel.send("hi there")
    assert target.requests[0]["method"] == "GET" and target.requests[0]["query"] == {
        "text": "hi there"
    }


async def test_without_session_id_path_a_stable_generated_id_is_sent_and_survives_reopening(
    serve, factory
):
    target = ScriptedTarget([answer({"answer": "ok"})])
    spec = http_target(await serve(target.app()))
    first, other = factory.open(spec), factory.open(spec)

    await first.send("a")
    await first.send("b")
    await other.send("c")
    reopened = factory.open(spec, ConversationState(first.conversation_id, first.state.history))
    await reopened.send("d")

    ids = [r["json"]["session_id"] for r in target.requests]
    assert ids[0] == ids[1] == ids[3] == first.conversation_id
    assert ids[2] != ids[0] and len(ids[0]) >= 16


async def test_with_session_id_path_the_targets_id_is_sent_back_and_persisted(serve, factory):
    target = ScriptedTarget(
        [answer({"answer": "first", "conversation_id": "conv-42"}), answer({"answer": "next"})]
    )
    spec = http_target(
        await serve(target.app()),
        body={"query": "{{message}}", "conversation_id": "{{session_id}}"},
        session_id_path="conversation_id",
    )
    channel = factory.open(spec)
    assert channel.conversation_id is None

    await channel.send("hello")
    assert channel.conversation_id == "conv-42"
    await channel.send("again")  # the target stops repeating the id: it is kept

    reopened = factory.open(spec, ConversationState(conversation_id=channel.conversation_id))
    await reopened.send("after restart")

    sent = [r["json"]["conversation_id"] for r in target.requests]
    assert sent == ["", "conv-42", "conv-42"]
    assert reopened.state.history == [("after restart", "next")]


async def test_a_url_aiohttp_cannot_use_is_a_connection_error_not_a_crash(factory):
    channel = factory.open(http_target("http://127.0.0.1:99999/chat", retries=0))
    with pytest.raises(ChannelError) as caught:
        await channel.send("hi")
    assert caught.value.kind == "connection"


async def test_a_reply_that_does_not_decode_after_a_retry_says_how_many_attempts(serve, factory):
    # The reply is decoded inside the retried attempt (ChannelContext.exchange), so the
    # final error names the attempts made, as every error after a retry does.
    target = ScriptedTarget([answer({"error": "boom"}, status=500),
                             text("not json", content_type="text/plain")])
    channel = factory.open(http_target(await serve(target.app()), backoff_s=0))

    with pytest.raises(ChannelError) as caught:
        await channel.send("hi")

    assert caught.value.kind == "bad_response"
    assert "not JSON" in caught.value.message and "after 2 attempts" in caught.value.message
    assert len(target.requests) == 2
