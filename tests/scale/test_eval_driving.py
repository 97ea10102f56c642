"""The built-in driver across processes: killing the process that drives an eval moves the
driving to another process, which carries the eval to COMPLETED (not the watchdog)."""

from __future__ import annotations

import signal

from agenteval.store.models import EvalEvent, EvalSession, IntelligentEval
from tests.api.intelligent_support import APPROVE, CREATE_EVAL, SEEDS, create_target
from tests.scale.cluster import Cluster, wait_until
from tests.support.graphql_client import GraphQLClient
from tests.support.owned_work import drive_lease_name


async def _status(eval_id: str, *statuses: str) -> bool:
    return await IntelligentEval.filter(id=eval_id, status__in=statuses).exists()


async def test_killing_the_driving_process_moves_the_driving_elsewhere(
        cluster: Cluster, local: GraphQLClient) -> None:
    driving = {"driver": "builtin", "time_scale": "0.004"}
    first, second = cluster.start("a", **driving), cluster.start("b", **driving)
    await cluster.ready(first, second)
    target = await create_target(local)
    created = (await local.execute(CREATE_EVAL, {"input": {
        "name": "driven", "targetId": target, "goal": "check booking", "seeds": SEEDS,
        "intent": "find flaws", "roleDescription": "customers", "timeWindowHours": 1}}
    ))["createIntelligentEval"]
    eval_id = created["id"]
    # The test process does not drive: a serving process takes the planning over.
    await wait_until(lambda: _status(eval_id, "PENDING_APPROVAL"), 30, "a plan")
    await cluster.client(first).execute(APPROVE, {"id": eval_id})  # first wakes the evaluator
    await wait_until(lambda: EvalSession.filter(eval_id=eval_id).exists(), 30, "a session")
    driver = await wait_until(lambda: cluster.owner_of(drive_lease_name(eval_id)), 10,
                              "the driving process")
    cluster.signal(driver, signal.SIGKILL)
    await wait_until(lambda: _status(eval_id, "COMPLETED", "FAILED", "CANCELLED"), 120,
                     "the eval to end")
    row = await IntelligentEval.get(id=eval_id)
    assert row.status == "COMPLETED", row.failure_reason
    planned = (row.plan or {})["estimatedSessions"]
    assert await EvalSession.filter(eval_id=eval_id).count() == planned
    assert await EvalEvent.filter(eval_id=eval_id, type="REPORT_SUBMITTED").count() == 1
    survivor = second if driver is first else first
    assert "taking over the evaluator of eval" in survivor.log_text()  # not the watchdog
