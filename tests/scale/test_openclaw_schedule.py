"""The openclaw driver's per-session wake-ups survive the process that approved the eval.

A fake OpenClaw gateway (an aiohttp server in the test process) records every
`/hooks/agent` request. Two `agenteval serve` processes drive with openclaw;
the one that approves an eval owns its schedule of session wake-ups. Killed
(-9) or terminated mid-schedule, the other process takes the schedule over and
wakes the remaining sessions — each session once, none twice.
"""

from __future__ import annotations

import signal
import time
from collections import Counter
from collections.abc import AsyncIterator

import pytest

from actors.ownership import lease_name
from agenteval.domain.owned_kinds import SCHEDULES
from agenteval.store import leases
from agenteval.store.evals.wake_records import woken_so_far
from tests.api.intelligent_support import APPROVE, CREATE_EVAL, SEEDS, SUBMIT_PLAN, create_target
from tests.scale.cluster import LEASE_TTL_S, Cluster, Node, wait_until
from tests.support.fake_openclaw import FakeGateway, running_gateway
from tests.support.graphql_client import GraphQLClient

TOKEN = "scale-hooks-token"
SESSIONS = 6
# The plan's hour lasts 7.2 s: the six sessions are due 1.2 s apart.
TIME_SCALE = 0.002


def session_keys(gateway: FakeGateway, eval_id: str) -> Counter[str]:
    """How often each session of the eval was woken, by its Idempotency-Key."""
    prefix = f"agenteval-{eval_id}-evaluator-session-"
    return Counter(key.removeprefix(prefix) for key in gateway.keys if key.startswith(prefix))


@pytest.fixture
async def gateway() -> AsyncIterator[FakeGateway]:
    async with running_gateway(TOKEN) as fake:
        yield fake


def _plan() -> dict[str, object]:
    return {"dimensions": ["booking"],
            "virtualUsers": [{"persona": {"name": "老王", "patience": "low"},
                              "goal": "book a repair", "dimension": "booking"}],
            "timeDistribution": [{"timeSlot": "0-1h", "sessions": SESSIONS}],
            "estimatedSessions": SESSIONS,
            "budget": {"maxTurnsPerSession": 3, "totalMaxTurns": 3 * SESSIONS}}


async def _approved_by(cluster: Cluster, local: GraphQLClient, node: Node) -> str:
    """An eval planned through the test's own service and approved on `node`."""
    target = await create_target(local)
    created = (await local.execute(CREATE_EVAL, {"input": {
        "name": "woken per session", "targetId": target, "goal": "check booking",
        "seeds": SEEDS, "intent": "find flaws", "roleDescription": "customers",
        "timeWindowHours": 1}}))["createIntelligentEval"]
    await local.execute(SUBMIT_PLAN, {"id": created["id"], "plan": _plan()})
    await cluster.client(node).execute(APPROVE, {"id": created["id"]})
    return str(created["id"])


def _start_two(cluster: Cluster, gateway: FakeGateway) -> tuple[Node, Node]:
    driving = {"driver": "openclaw", "openclaw_url": gateway.url,
               "openclaw_hooks_token": TOKEN, "time_scale": str(TIME_SCALE)}
    return cluster.start("a", **driving), cluster.start("b", **driving)


async def _sessions_woken(eval_id: str, count: int) -> bool:
    return len((await woken_so_far(eval_id)).sessions) >= count


async def _assert_each_session_woken_once(gateway: FakeGateway, eval_id: str) -> None:
    await wait_until(lambda: _sessions_woken(eval_id, SESSIONS), 30, "every session woken")
    expected = {f"0-{n}": 1 for n in range(SESSIONS)}
    assert session_keys(gateway, eval_id) == expected, gateway.keys
    assert gateway.keys.count(f"agenteval-{eval_id}-evaluator-r1") == 1  # the approval
    # Done: released, so no process takes the finished schedule over again.
    await wait_until(lambda: _released(eval_id), 10, "the schedule's lease released")


async def _released(eval_id: str) -> bool:
    current = await leases.current(lease_name(SCHEDULES, eval_id))
    return current is not None and current[0] == ""


@pytest.mark.parametrize("stop", [signal.SIGKILL, signal.SIGTERM], ids=["kill", "term"])
async def test_the_survivor_wakes_the_remaining_sessions_once_each(
        cluster: Cluster, local: GraphQLClient, gateway: FakeGateway, stop: signal.Signals) -> None:
    first, second = _start_two(cluster, gateway)
    await cluster.ready(first, second)
    eval_id = await _approved_by(cluster, local, first)
    assert await wait_until(lambda: cluster.owner_of(lease_name(SCHEDULES, eval_id)), 10,
                            "the schedule's owner") is first
    await wait_until(lambda: _sessions_woken(eval_id, 2), 20, "two sessions woken")
    cluster.signal(first, stop)
    stopped_at, woken_before = time.monotonic(), len(session_keys(gateway, eval_id))
    assert woken_before < SESSIONS

    async def woken_after_stop() -> bool:
        return len(session_keys(gateway, eval_id)) > woken_before

    await wait_until(woken_after_stop, LEASE_TTL_S + 10, "a wake-up by the survivor")
    resumed_in = time.monotonic() - stopped_at
    await _assert_each_session_woken_once(gateway, eval_id)
    assert "taking over the session wake-ups of eval" in second.log_text()
    # The survivor claims within the lease's time to live and one claim interval (plus
    # the wait for the next session's time, at most 1.2 s).
    assert resumed_in < LEASE_TTL_S + 1.0 + 1.2 + 2.0, resumed_in
    print(f"{stop.name}: the survivor woke the next session {resumed_in:.2f} s later")


async def test_a_schedule_nobody_claimed_is_taken_over(
        cluster: Cluster, local: GraphQLClient, gateway: FakeGateway) -> None:
    """The approving process died before it claimed the schedule (here: the test's own
    service approves, and it does not drive): another process wakes the evaluator and
    every session, once."""
    first, second = _start_two(cluster, gateway)
    await cluster.ready(first, second)
    target = await create_target(local)
    created = (await local.execute(CREATE_EVAL, {"input": {
        "name": "approved elsewhere", "targetId": target, "goal": "check booking",
        "seeds": SEEDS, "intent": "find flaws", "roleDescription": "customers",
        "timeWindowHours": 1}}))["createIntelligentEval"]
    eval_id = str(created["id"])
    await local.execute(SUBMIT_PLAN, {"id": eval_id, "plan": _plan()})
    await local.execute(APPROVE, {"id": eval_id})  # driver none: nobody is woken here
    await _assert_each_session_woken_once(gateway, eval_id)
