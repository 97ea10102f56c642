"""Every user action names its actor: the key's name and id, in the record of the action."""

from __future__ import annotations

from tests.api import intelligent_support as intelligent
from tests.api.static_helpers import (
    CANCEL_RUN,
    create_target,
    http_target,
    make_key,
    run_scenario,
    simple_cases,
    wait_for_run,
)
from tests.support.graphql_client import GraphQLClient

ME = "{ me { id name } }"
CREATE_KEY = """mutation($name: String!, $role: KeyRole!) {
  createApiKey(name: $name, role: $role) { apiKey { id } } }"""
REVOKE_KEY = "mutation($id: ID!) { revokeApiKey(id: $id) { revoked revokedBy } }"
RUN_ACTORS = "query($id: ID!) { run(id: $id) { status startedBy cancelledBy } }"


async def whoami(client: GraphQLClient) -> str:
    me = (await client.execute(ME))["me"]
    return f"{me['name']} ({me['id']})"


async def test_approve_reject_and_cancel_events_name_the_key(gql: GraphQLClient) -> None:
    operator = await make_key(gql, "OPERATOR")
    actor = (await operator.execute(ME))["me"]
    target = await intelligent.create_target(gql)
    created = await intelligent.create_eval(gql, target)
    await gql.execute(intelligent.SUBMIT_PLAN, {"id": created["id"], "plan": intelligent.plan()})
    await operator.execute(intelligent.REJECT, {"id": created["id"], "feedback": "fewer"})
    await gql.execute(intelligent.SUBMIT_PLAN, {"id": created["id"], "plan": intelligent.plan()})
    await operator.execute(intelligent.APPROVE, {"id": created["id"]})
    await operator.execute(intelligent.CANCEL, {"id": created["id"], "reason": "enough"})
    named = {e["type"]: e["detail"] for e in await intelligent.events(gql, created["id"])
             if e["type"] in ("PLAN_REJECTED", "PLAN_APPROVED", "CANCELLED")}
    expected = {"name": actor["name"], "keyId": actor["id"]}
    assert named["PLAN_REJECTED"] == {"feedback": "fewer", "actor": expected}
    assert named["PLAN_APPROVED"]["actor"] == expected
    assert named["CANCELLED"] == {"reason": "enough", "actor": expected}


async def test_starting_and_cancelling_a_run_name_the_key(gql: GraphQLClient, serve) -> None:
    from tests.api.static_helpers import TargetBehaviour

    operator = await make_key(gql, "OPERATOR")
    slow = await http_target(gql, await serve(TargetBehaviour(delay_s=5.0).app()))
    _, run_id = await run_scenario(operator, slow, simple_cases(3))
    await operator.execute(CANCEL_RUN, {"runId": run_id})
    run = (await gql.execute(RUN_ACTORS, {"id": run_id}))["run"]
    assert run["status"] == "CANCELLED"
    assert run["startedBy"] == run["cancelledBy"] == await whoami(operator)


async def test_a_finished_run_names_who_started_it(gql: GraphQLClient) -> None:
    _, run_id = await run_scenario(gql, await create_target(gql), simple_cases(1))
    await wait_for_run(gql, run_id)
    run = (await gql.execute(RUN_ACTORS, {"id": run_id}))["run"]
    assert run["startedBy"] == await whoami(gql) and run["cancelledBy"] is None


async def test_revoking_a_key_names_the_revoker(gql: GraphQLClient) -> None:
    created = await gql.execute(CREATE_KEY, {"name": "old", "role": "VIEWER"})
    revoked = (await gql.execute(REVOKE_KEY, {"id": created["createApiKey"]["apiKey"]["id"]}))
    assert revoked["revokeApiKey"] == {"revoked": True, "revokedBy": await whoami(gql)}
