"""A wake-up waiting for a busy drive lease is not lost when its process dies.

The built-in driver drives an eval once cluster-wide: a wake-up that finds the
eval's drive lease held waits for it. Should the waiting process die, the role it
was to play is still found in the database (its waiting lease expired unreleased)
and taken over once the current driver lets the eval go.
"""

from __future__ import annotations

import asyncio

from starlette.applications import Starlette

from agenteval.app import in_process_api
from agenteval.bootstrap import claim_interval, role_waiting_of
from agenteval.engine.intelligent.wakeups import Role, WakeUps
from agenteval.store import leases
from tests.api.intelligent_support import CREATE_EVAL, SEEDS, create_target
from tests.scale.cluster import LEASE_TTL_S, wait_until
from tests.support.graphql_client import GraphQLClient, running_app
from tests.support.owned_work import drive_lease_name, driving_system, waiting_lease_name
from tests.support.owned_work import lapsed_drives as abandoned_drives


class Recording:
    """A notifier that records the roles it is asked to wake."""

    def __init__(self) -> None:
        self.woken: list[tuple[str, Role, int]] = []

    async def wake(self, eval_id: str, role: Role, revision: int) -> None:
        self.woken.append((eval_id, role, revision))


async def _planning_eval(gql: GraphQLClient) -> str:
    target = await create_target(gql)
    created = await gql.execute(CREATE_EVAL, {"input": {
        "name": "waits", "targetId": target, "goal": "check booking", "seeds": SEEDS,
        "intent": "find flaws", "roleDescription": "customers"}})
    return str(created["createIntelligentEval"]["id"])  # PLANNING: the planner is awaited


async def _holds(name: str) -> bool:
    current = await leases.current(name)
    return current is not None and current[0] == leases.PROCESS_OWNER and current[2]


async def test_the_role_a_dead_process_was_waiting_to_drive_is_taken_over(
        local_app: Starlette) -> None:
    async with running_app(local_app) as http:
        eval_id = await _planning_eval(GraphQLClient(http))
        # Another process drives the eval now (its planner, say).
        driving = await leases.claim(drive_lease_name(eval_id), 30, owner="host:1:driving")
        assert driving is not None
        waiting = WakeUps(Recording(), owned=driving_system(LEASE_TTL_S))
        waiting.wake(eval_id, "planner", 0)
        await wait_until(lambda: _holds(waiting_lease_name(eval_id)), 10, "the waiting lease")
        assert eval_id not in await abandoned_drives()  # driven, and a live wake-up waits
        # The waiting process goes away (its wake-up cut short; after kill -9 the waiting
        # lease would expire the same way, TTL later), then the driver finishes its role.
        await waiting.aclose()
        assert eval_id not in await abandoned_drives()  # still driven: nothing to take
        await leases.release(driving)
        assert await abandoned_drives() == [eval_id]

        taker = Recording()
        viewer = in_process_api(local_app.state.services, "VIEWER", "test")
        taking: list[WakeUps] = []
        owned = driving_system(LEASE_TTL_S, resume=lambda eval_id, run: taking[0].resumer(
            role_waiting_of(viewer))(eval_id, run))
        taking.append(WakeUps(taker, owned=owned))
        takeover = asyncio.create_task(owned.take_over_forever(claim_interval(LEASE_TTL_S)))
        try:
            await wait_until(lambda: _woken(taker), 10, "the role taken over")
        finally:
            takeover.cancel()
            await asyncio.gather(takeover, return_exceptions=True)
        assert taker.woken == [(eval_id, "planner", 0)]
        await asyncio.sleep(0.2)  # the wake-up released the drive lease: nothing abandoned
        assert await abandoned_drives() == []


async def test_a_waiting_lease_expired_unreleased_counts_as_abandoned(
        local_app: Starlette) -> None:
    async with running_app(local_app) as http:
        eval_id = await _planning_eval(GraphQLClient(http))
        driving = await leases.claim(drive_lease_name(eval_id), 30, owner="host:1:driving")
        assert driving is not None
        # A wake-up of a process killed while it waited: its lease expired, never released.
        assert await leases.claim(waiting_lease_name(eval_id), -1, owner="host:2:dead")
        assert await abandoned_drives() == []  # the eval is driven
        await leases.release(driving)
        assert await abandoned_drives() == [eval_id]
        # A live waiting wake-up elsewhere will drive it itself: not abandoned.
        assert await leases.claim(waiting_lease_name(eval_id), 30, owner="host:3:alive")
        assert await abandoned_drives() == []


async def _woken(recording: Recording) -> bool:
    return bool(recording.woken)
