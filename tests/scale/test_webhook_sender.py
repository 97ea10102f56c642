"""Webhooks across processes: one process sends (the `webhooks` singleton's lease); when it
is killed or stopped another takes the sending over, and the stopped one, woken up,
sends and writes nothing."""

from __future__ import annotations

import asyncio
import signal

from agenteval.store import database
from agenteval.store.models import WebhookDelivery
from tests.api.intelligent_support import SUBMIT_PLAN, create_eval, create_target, plan
from tests.notifications.platforms import PlatformServer
from tests.scale.cluster import LEASE_TTL_S, Cluster, Node, wait_until
from tests.support.graphql_client import GraphQLClient
from tests.support.local_server import Serve

SENDER_LEASE = "webhooks:cluster"
CREATE = """mutation($url: String!) {
  createWebhook(name: "team", url: $url, format: JSON, events: []) { id } }"""


async def _two_nodes_and_the_sender(cluster: Cluster) -> tuple[Node, Node]:
    nodes = cluster.start("a"), cluster.start("b")
    await cluster.ready(*nodes)
    sender = await wait_until(lambda: cluster.owner_of(SENDER_LEASE), 10, "a sender")
    return sender, next(node for node in nodes if node is not sender)


async def _plan_pending(gql: GraphQLClient, serve: Serve, server: PlatformServer) -> None:
    """A webhook and an eval whose plan is submitted (one `eval.plan_pending` to send)."""
    base = await serve(server.app())
    try:
        await gql.execute(CREATE, {"url": f"{base}/hook/secret"})
        eval_id = (await create_eval(gql, await create_target(gql)))["id"]
        await gql.execute(SUBMIT_PLAN, {"id": eval_id, "plan": plan()})
    finally:
        await gql.http.aclose()


async def test_a_killed_sender_hands_the_webhooks_to_the_survivor(
        cluster: Cluster, database_url: str, serve: Serve) -> None:
    await database.open_database(database_url)
    try:
        sender, survivor = await _two_nodes_and_the_sender(cluster)
        cluster.signal(sender, signal.SIGKILL)
        server = PlatformServer("JSON")
        await _plan_pending(cluster.client(survivor), serve, server)

        async def received() -> bool:
            return bool(server.received)

        # The dead sender's lease expires, the survivor's next look takes the sending over.
        await wait_until(received, LEASE_TTL_S + 8, "the survivor's delivery")
        assert await cluster.owner_of(SENDER_LEASE) is survivor
    finally:
        await database.close_database()


async def test_a_stopped_sender_woken_up_sends_nothing_twice(
        cluster: Cluster, database_url: str, serve: Serve) -> None:
    await database.open_database(database_url)
    try:
        sender, other = await _two_nodes_and_the_sender(cluster)
        cluster.signal(sender, signal.SIGSTOP)
        await wait_until(lambda: _owned_by(cluster, other), LEASE_TTL_S + 8, "the takeover")
        server = PlatformServer("JSON")
        await _plan_pending(cluster.client(other), serve, server)

        async def received() -> bool:
            return bool(server.received)

        await wait_until(received, 5, "the delivery")
        cluster.signal(sender, signal.SIGCONT)
        await asyncio.sleep(3 * LEASE_TTL_S)  # the woken process finds its lease gone
        assert server.requests == 1
        [delivery] = await WebhookDelivery.all()
        assert (delivery.status, delivery.attempts) == ("DELIVERED", 1)
        assert await cluster.owner_of(SENDER_LEASE) is other
        assert "the webhooks singleton moved to another process" in sender.log_text()
    finally:
        await database.close_database()


async def _owned_by(cluster: Cluster, node: Node) -> bool:
    return await cluster.owner_of(SENDER_LEASE) is node
