"""Runs across processes: killed, stopped or terminated owners hand over, exactly once."""

from __future__ import annotations

import asyncio
import signal
import time
from collections import Counter
from typing import Any

from starlette.applications import Starlette

from agenteval.api.context import Context
from agenteval.api.schema import build_schema
from agenteval.store.models import CaseOutcome, Run
from agenteval.store.runs.run_store import run_lease_name
from tests.api.static_helpers import http_target, run_scenario, simple_cases
from tests.scale.cluster import LEASE_TTL_S, Cluster, CountingBot, Node, wait_until
from tests.support.graphql_client import ADMIN_KEY, GraphQLClient

CASES = 300
PROGRESS_SUB = """subscription($id: ID!) { runProgress(runId: $id) { status done total } }"""


async def _done(run_id: str) -> int:
    rows = await Run.filter(id=run_id).values_list("done", flat=True)
    return int(rows[0])  # type: ignore[arg-type]  # values_list(flat) gives the scalar


async def _owner(cluster: Cluster, run_id: str) -> Node | None:
    return await cluster.owner_of(run_lease_name(run_id))


async def _start_run(local: GraphQLClient, bot_url: str) -> str:
    target = await http_target(local, bot_url, max_concurrency=2, timeout_s=5)
    _, run_id = await run_scenario(local, target, simple_cases(CASES), concurrency=2)
    return run_id


async def _follow_progress(app: Starlette, run_id: str, seen: list[dict[str, Any]]) -> None:
    stream = await build_schema().subscribe(
        PROGRESS_SUB, variable_values={"id": run_id},
        context_value=Context(services=app.state.services, secret=ADMIN_KEY))
    async for result in stream:  # type: ignore[union-attr]  # a subscription gives a stream
        assert not result.errors, result.errors
        seen.append(result.data["runProgress"])


async def _assert_exactly_once(run_id: str, bot: CountingBot) -> Counter[str]:
    run = await Run.get(id=run_id)
    assert (run.status, run.done, run.total) == ("COMPLETED", CASES, CASES)
    keys = await CaseOutcome.filter(run_id=run_id).values_list("case_key", "attempt")
    assert len(keys) == CASES and len(set(keys)) == CASES
    assert all(bot.seen[f"hello {i}"] >= 1 for i in range(CASES))
    return Counter({message: count for message, count in bot.seen.items() if count > 1})


async def test_killed_owners_hand_the_run_over_exactly_once(
        cluster: Cluster, local: GraphQLClient, local_app: Starlette,
        bot: tuple[CountingBot, str]) -> None:
    counting, url = bot
    counting.delay_s = 0.04
    await cluster.ready(cluster.start("a"), cluster.start("b"), cluster.start("c"))
    run_id = await _start_run(local, url)
    seen: list[dict[str, Any]] = []
    follower = asyncio.create_task(_follow_progress(local_app, run_id, seen))
    takeovers = []
    for kill_at, replacement in ((CASES // 4, "d"), (CASES * 3 // 5, "e")):
        await wait_until(lambda at=kill_at: _done_at_least(run_id, at), 60, f"{kill_at} done")
        owner = await wait_until(lambda: _owner(cluster, run_id), 10, "an owner")
        cluster.signal(owner, signal.SIGKILL)
        killed_at = time.monotonic()
        cluster.start(replacement)  # the live ones take over meanwhile
        await wait_until(lambda dead=owner: _owned_by_other(cluster, run_id, dead),
                         LEASE_TTL_S + 10, "a takeover")
        takeovers.append(time.monotonic() - killed_at)
    await wait_until(lambda: _completed(run_id), 90, "the run to complete")
    await asyncio.wait_for(follower, 10)
    repeated = await _assert_exactly_once(run_id, counting)
    # Only attempts in flight (or finished, not yet saved) when a process died repeat.
    assert sum(repeated.values()) - len(repeated) <= 2 * 30, repeated
    done = [progress["done"] for progress in seen]
    assert done == sorted(done) and seen[-1] == {"status": "COMPLETED", "done": CASES,
                                                 "total": CASES}
    assert all(seconds < LEASE_TTL_S + 10 for seconds in takeovers), takeovers
    print(f"takeovers after kill -9: {takeovers}; repeated target calls: {len(repeated)}")


async def test_sigterm_hands_the_run_over_without_waiting_for_the_lease(
        cluster: Cluster, local: GraphQLClient, bot: tuple[CountingBot, str]) -> None:
    counting, url = bot
    counting.delay_s = 0.04
    ttl = 8.0  # long: a hand-over faster than this did not wait for the expiry
    await cluster.ready(cluster.start("a", lease_ttl_s=ttl), cluster.start("b", lease_ttl_s=ttl))
    run_id = await _start_run(local, url)
    await wait_until(lambda: _done_at_least(run_id, 40), 60, "40 done")
    first = await wait_until(lambda: _owner(cluster, run_id), 10, "an owner")
    cluster.signal(first, signal.SIGTERM)
    terminated = time.monotonic()
    await wait_until(lambda: _owned_by_other(cluster, run_id, first), ttl, "the hand-over")
    handed_over = time.monotonic() - terminated
    assert first.process.wait(15) in (0, -signal.SIGTERM)  # uvicorn re-raises the signal
    await wait_until(lambda: _completed(run_id), 90, "the run to complete")
    repeated = await _assert_exactly_once(run_id, counting)
    assert handed_over < ttl * 0.75, handed_over
    assert not repeated, repeated  # SIGTERM lets the attempts in flight finish
    print(f"SIGTERM hand-over in {handed_over:.2f} s")


async def test_an_owner_stopped_past_its_lease_cannot_write_after_it_resumes(
        cluster: Cluster, local: GraphQLClient, bot: tuple[CountingBot, str]) -> None:
    counting, url = bot
    counting.delay_s = 0.04
    await cluster.ready(cluster.start("a"), cluster.start("b"))
    run_id = await _start_run(local, url)
    await wait_until(lambda: _done_at_least(run_id, 40), 60, "40 done")
    first = await wait_until(lambda: _owner(cluster, run_id), 10, "an owner")
    cluster.signal(first, signal.SIGSTOP)
    await wait_until(lambda: _owned_by_other(cluster, run_id, first), LEASE_TTL_S + 10,
                     "the takeover")
    await wait_until(lambda: _done_at_least(run_id, 80), 60, "the new owner to write")
    cluster.signal(first, signal.SIGCONT)
    await wait_until(lambda: _completed(run_id), 90, "the run to complete")
    await _assert_exactly_once(run_id, counting)
    assert first.process.poll() is None  # alive, and it learnt that its epoch is stale,
    # from its lease's renewal or from a fenced write, whichever came first after SIGCONT:
    await wait_until(lambda: _logged_any(first, f"lease {run_lease_name(run_id)} (epoch",
                                         f"run {run_id} was taken over"), 20,
                     "the stale owner to notice it was taken over")


async def _done_at_least(run_id: str, count: int) -> bool:
    return await _done(run_id) >= count


async def _completed(run_id: str) -> bool:
    return await Run.filter(id=run_id, status="COMPLETED").exists()


async def _owned_by_other(cluster: Cluster, run_id: str, previous: Node) -> Node | None:
    owner = await _owner(cluster, run_id)
    return owner if owner is not None and owner is not previous else None


async def _logged_any(node: Node, *texts: str) -> bool:
    log = node.log_text()
    return any(text in log for text in texts)


