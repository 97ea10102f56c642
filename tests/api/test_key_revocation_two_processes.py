"""A revoked API key stops working within a second in every process, its checks cached.

Two service processes share one PostgreSQL database and one Redis. A key is used
on the other process (so its check is cached there), then revoked here: through
`revokeApiKey` (announced on the bus, so the other process evicts it at once) and
straight in the database as `agenteval keys revoke` does (no announcement: the
cached check expires within api_keys.KEY_CACHE_TTL_S). Either way the other
process refuses the key within a second.
"""

from __future__ import annotations

import time
import uuid
from dataclasses import replace

import httpx

from agenteval.app import create_app
from agenteval.config import Settings
from agenteval.store.models import ApiKey
from tests.api.test_two_processes import database_url, other_process  # noqa: F401 - fixtures
from tests.support.graphql_client import GraphQLClient, running_app

CREATE_KEY = """mutation($name: String!, $role: KeyRole!) {
  createApiKey(name: $name, role: $role) { secret apiKey { id } } }"""
REVOKE_KEY = "mutation($id: ID!) { revokeApiKey(id: $id) { revoked } }"
ME = "{ me { id } }"
WITHIN_S = 1.0


async def seconds_until_refused(remote: GraphQLClient) -> float:
    """Poll `me` on the other process every 20 ms until the key is refused."""
    started = time.monotonic()
    while True:
        answer = await remote.raw(ME)
        if answer.get("errors"):
            assert answer["errors"][0]["extensions"]["code"] == "UNAUTHENTICATED", answer
            return time.monotonic() - started
        assert time.monotonic() - started < 5, "the revoked key kept working"


async def used_key(local: GraphQLClient, remote_http: httpx.AsyncClient) -> tuple[str, str]:
    """A new AGENT key, already used (so cached) on the other process: (id, secret)."""
    created = (await local.execute(CREATE_KEY, {"name": "ci", "role": "AGENT"}))["createApiKey"]
    remote = GraphQLClient(remote_http).with_key(created["secret"])
    for _ in range(3):
        assert (await remote.execute(ME))["me"]["id"] == created["apiKey"]["id"]
    return created["apiKey"]["id"], created["secret"]


async def test_a_revoked_key_stops_working_in_the_other_process_within_a_second(
        settings: Settings, redis_url: str, other_process: str) -> None:  # noqa: F811
    app = create_app(replace(settings, redis_url=redis_url), migrate=False)
    async with running_app(app) as local_http, \
            httpx.AsyncClient(base_url=other_process, timeout=30) as remote_http:
        local = GraphQLClient(local_http)

        announced_id, announced_secret = await used_key(local, remote_http)
        await local.execute(REVOKE_KEY, {"id": announced_id})
        announced_s = await seconds_until_refused(
            GraphQLClient(remote_http).with_key(announced_secret))

        silent_id, silent_secret = await used_key(local, remote_http)
        await ApiKey.filter(id=uuid.UUID(silent_id)).update(revoked=True)  # the CLI's way
        silent_s = await seconds_until_refused(GraphQLClient(remote_http).with_key(silent_secret))

    assert announced_s <= WITHIN_S
    assert silent_s <= WITHIN_S
