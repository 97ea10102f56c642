"""Sessions across processes: one turn at a time, each stored turn sent to the target once."""

from __future__ import annotations

import asyncio
import signal
from typing import Any

from agenteval.store.models import EvalMessage
from tests.api.intelligent_support import CREATE_TARGET, SEND, executing_eval, start_session
from tests.scale.cluster import Cluster, CountingBot, wait_until
from tests.support.graphql_client import GraphQLClient


async def _session(local: GraphQLClient, bot_url: str) -> str:
    target = (await local.execute(CREATE_TARGET, {"input": {
        "name": "bot", "channelType": "http", "channelConfig": {
            "url": f"{bot_url}/chat", "reply_path": "reply", "timeout_s": 30, "retries": 0}}}
    ))["createTarget"]["id"]
    created = await executing_eval(local, target, per_session=50, total=100)
    return await start_session(local, created["id"])


async def _send(client: GraphQLClient, session_id: str, content: str,
                key: str | None = None) -> dict[str, Any]:
    data = await client.execute(SEND, {"id": session_id, "content": content, "key": key})
    return data["sendMessage"]


async def test_concurrent_messages_on_two_processes_are_each_sent_and_stored_once(
        cluster: Cluster, local: GraphQLClient, bot: tuple[CountingBot, str]) -> None:
    counting, url = bot
    counting.delay_s = 0.02
    first, second = cluster.start("a"), cluster.start("b")
    await cluster.ready(first, second)
    session_id = await _session(local, url)
    clients = [cluster.client(first), cluster.client(second)]
    answers = await asyncio.gather(*(
        _send(clients[n % 2], session_id, f"message {n}") for n in range(20)))
    turns = sorted(answer["userMessage"]["turnIndex"] for answer in answers)
    assert turns == list(range(20))
    assert all(counting.seen[f"message {n}"] == 1 for n in range(20)), counting.seen
    assert await EvalMessage.filter(session_id=session_id, role="USER").count() == 20


async def test_a_retry_after_the_owner_died_calls_the_target_once_and_replays_after(
        cluster: Cluster, local: GraphQLClient, bot: tuple[CountingBot, str]) -> None:
    counting, url = bot
    first, second, third = cluster.start("a"), cluster.start("b"), cluster.start("c")
    await cluster.ready(first, second, third)
    session_id = await _session(local, url)
    counting.hang.add("hang on")
    lost = asyncio.create_task(_send(cluster.client(first), session_id, "hang on", "k1"))
    await wait_until(lambda: _seen(counting, "hang on", 1), 20, "the target to get the turn")
    cluster.signal(first, signal.SIGKILL)
    retried = await _send(cluster.client(second), session_id, "hang on", "k1")
    assert counting.seen["hang on"] == 2  # the dead owner's call was never stored
    again = await _send(cluster.client(third), session_id, "hang on", "k1")
    assert again["reply"]["id"] == retried["reply"]["id"] and counting.seen["hang on"] == 2
    # Concurrent retries of one key on two processes: one call, one stored exchange.
    both = await asyncio.gather(*(_send(cluster.client(node), session_id, "twice", "k2")
                                  for node in (second, third)))
    assert counting.seen["twice"] == 1
    assert both[0]["reply"]["id"] == both[1]["reply"]["id"]
    assert await EvalMessage.filter(session_id=session_id, role="USER").count() == 2
    lost.cancel()
    await asyncio.gather(lost, return_exceptions=True)


async def _seen(counting: CountingBot, message: str, times: int) -> bool:
    return counting.seen[message] >= times
