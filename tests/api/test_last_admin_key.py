"""The server keeps at least one active ADMIN key: revoking the last one would lock everyone out."""

from __future__ import annotations

from tests.support.graphql_client import GraphQLClient

ME = "query { me { id role } }"
CREATE_KEY = """mutation($name: String!, $role: KeyRole!) {
  createApiKey(name: $name, role: $role) { secret apiKey { id } } }"""
REVOKE_KEY = "mutation($id: ID!) { revokeApiKey(id: $id) { id revoked } }"
API_KEYS = "query { apiKeys { id role revoked } }"


async def test_the_last_active_admin_key_cannot_be_revoked(gql: GraphQLClient) -> None:
    own = (await gql.execute(ME))["me"]["id"]
    error = await gql.error(REVOKE_KEY, {"id": own})
    assert error.code == "CONFLICT"
    assert "last active ADMIN key" in str(error)
    keys = (await gql.execute(API_KEYS))["apiKeys"]
    assert [k["revoked"] for k in keys if k["id"] == own] == [False]
    assert (await gql.execute(ME))["me"]["role"] == "ADMIN"


async def test_an_admin_key_can_be_revoked_while_another_stays_active(gql: GraphQLClient) -> None:
    created = (await gql.execute(CREATE_KEY, {"name": "second admin", "role": "ADMIN"}))["createApiKey"]
    second = gql.with_key(created["secret"])
    own = (await gql.execute(ME))["me"]["id"]
    # The second ADMIN revokes the first; now the second is the last one and is kept.
    assert (await second.execute(REVOKE_KEY, {"id": own}))["revokeApiKey"]["revoked"] is True
    assert (await second.error(REVOKE_KEY, {"id": created["apiKey"]["id"]})).code == "CONFLICT"


async def test_other_roles_keys_are_revoked_as_before(gql: GraphQLClient) -> None:
    created = (await gql.execute(CREATE_KEY, {"name": "viewer", "role": "VIEWER"}))["createApiKey"]
    revoked = await gql.execute(REVOKE_KEY, {"id": created["apiKey"]["id"]})
    assert revoked["revokeApiKey"]["revoked"] is True
    # Revoking an already revoked key again still answers (idempotent), not CONFLICT.
    again = await gql.execute(REVOKE_KEY, {"id": created["apiKey"]["id"]})
    assert again["revokeApiKey"]["revoked"] is True
