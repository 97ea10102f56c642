"""The `websocket` channel against a real aiohttp websocket server."""

from __future__ import annotations

import asyncio
import json

import pytest
from aiohttp import WSMsgType, web
from channel_targets import FAST

from agenteval.channels import ChannelError, ConversationState, TargetSpec


class WsBot:
    """Replies {"data": {"reply": "<n>: <message>"}} where n counts frames on this socket."""

    def __init__(self, silent_first: int = 0, plain_text: bool = False) -> None:
        self.connections = 0
        self.frames: list[dict] = []
        self.silent_first = silent_first  # ignore this many frames in total (to force timeouts)
        self.plain_text = plain_text

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        socket = web.WebSocketResponse()
        await socket.prepare(request)
        self.connections += 1
        count = 0
        async for message in socket:
            if message.type != WSMsgType.TEXT:
                continue
            frame = json.loads(message.data)
            self.frames.append(frame)
            if frame.get("message") == "close please":
                await socket.close()
                break
            if len(self.frames) <= self.silent_first:
                continue
            count += 1
            if frame.get("message") == "html please":
                await socket.send_str("<html>oops</html>")
            elif self.plain_text:
                await socket.send_str(f"{count}: {frame['message']}")
            else:
                await socket.send_json({"data": {"reply": f"{count}: {frame['message']}"}})
        return socket

    def app(self) -> web.Application:
        app = web.Application()
        app.router.add_get("/ws", self.handle)
        return app


def ws_target(http_url: str, **config) -> TargetSpec:
    url = http_url.replace("http://", "ws://") + "/ws"
    return TargetSpec(
        "t-ws", "websocket", {"url": url, "reply_path": "data.reply", **FAST, **config}
    )


async def test_one_socket_carries_the_whole_conversation(serve, factory):
    bot = WsBot()
    channel = factory.open(ws_target(await serve(bot.app())))

    assert bot.connections == 0  # opened lazily
    first, second = await channel.send("hello"), await channel.send("again")

    assert (first.text, second.text) == ("1: hello", "2: again")
    assert bot.connections == 1
    assert bot.frames == [
        {"message": "hello", "session_id": channel.conversation_id},
        {"message": "again", "session_id": channel.conversation_id},
    ]
    await channel.aclose()
    await channel.aclose()  # idempotent


async def test_conversations_use_separate_sockets_and_ids(serve, factory):
    bot = WsBot()
    spec = ws_target(await serve(bot.app()))
    one, two = factory.open(spec), factory.open(spec)
    await asyncio.gather(one.send("a"), two.send("b"))
    assert bot.connections == 2 and one.conversation_id != two.conversation_id
    await one.aclose()
    await two.aclose()


async def test_send_template_and_reopened_session_id(serve, factory):
    bot = WsBot(plain_text=True)
    spec = ws_target(
        await serve(bot.app()),
        reply_path="",
        send_template={"message": "{{message}}", "sid": "{{session_id}}", "turn": "{{turn}}"},
    )
    channel = factory.open(spec, ConversationState("sess-7", [("earlier", "reply")]))

    reply = await channel.send("hi")

    assert reply.text == "1: hi"
    assert bot.frames == [{"message": "hi", "sid": "sess-7", "turn": "1"}]
    await channel.aclose()


async def test_a_silent_target_times_out_and_the_retry_uses_a_fresh_socket(serve, factory):
    bot = WsBot(silent_first=1)
    channel = factory.open(ws_target(await serve(bot.app()), timeout_s=0.2))

    reply = await channel.send("hello")

    assert reply.text == "1: hello"
    assert bot.connections == 2
    await channel.aclose()


async def test_a_socket_closed_by_the_target_is_a_connection_error(serve, factory):
    bot = WsBot()
    channel = factory.open(ws_target(await serve(bot.app()), retries=0))
    with pytest.raises(ChannelError) as caught:
        await channel.send("close please")
    assert caught.value.kind == "connection"
    await channel.aclose()


async def test_a_non_json_frame_is_a_bad_response(serve, factory):
    channel = factory.open(ws_target(await serve(WsBot().app())))
    with pytest.raises(ChannelError) as caught:
        await channel.send("html please")
    assert caught.value.kind == "bad_response" and "<html>oops</html>" in caught.value.message
    await channel.aclose()


async def test_a_refused_handshake_is_an_http_status_error(serve, factory):
    channel = factory.open(ws_target(await serve(web.Application()), retries=0))  # /ws is a 404
    with pytest.raises(ChannelError) as caught:
        await channel.send("hi")
    assert (caught.value.kind, caught.value.status) == ("http_status", 404)
