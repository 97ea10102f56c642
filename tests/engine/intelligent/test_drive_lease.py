"""Driving an eval holds its drive lease: one wake-up at a time per eval, across processes."""

from __future__ import annotations

import asyncio

from agenteval.engine.intelligent.wakeups import Role, WakeUps
from agenteval.store import leases
from agenteval.store.models import IntelligentEval, Target
from tests.support.owned_work import drive_lease_name, driving_system
from tests.support.owned_work import lapsed_drives as abandoned_drives


class SlowDriver:
    """Records how many wake-ups of one eval run at the same time."""

    def __init__(self) -> None:
        self.running = 0
        self.most = 0
        self.woken: list[Role] = []

    async def wake(self, eval_id: str, role: Role, revision: int) -> None:
        self.running += 1
        self.most = max(self.most, self.running)
        await asyncio.sleep(0.1)
        self.woken.append(role)
        self.running -= 1


async def test_two_processes_never_drive_one_eval_at_once(db: str) -> None:
    driver = SlowDriver()
    # Two WakeUps stand for two processes: the lease, not the object, keeps them apart.
    first, second = WakeUps(driver, owned=driving_system(5)), WakeUps(driver, owned=driving_system(5))
    first.wake("e1", "evaluator", 1)
    second.wake("e1", "analyst", 1)
    await asyncio.gather(first.drain(), second.drain())
    assert driver.most == 1 and sorted(driver.woken) == ["analyst", "evaluator"]
    assert (await leases.current(drive_lease_name("e1")) or ("?", 0, True))[0] == ""


async def test_wake_ups_wait_until_the_process_serves(db: str) -> None:
    driver = SlowDriver()
    wakeups = WakeUps(driver, owned=driving_system(5))
    wakeups.hold_back()
    wakeups.wake("e1", "planner", 0)
    await wakeups.drain()
    assert driver.woken == []
    wakeups.start()
    await wakeups.drain()
    assert driver.woken == ["planner"]


async def test_evals_nobody_drives_are_found(db: str) -> None:
    target = await Target.create(name="t", channel_type="demo", channel_config={})
    rows = [await IntelligentEval.create(name=name, target=target, status=status, goal="g",
                                         intent="i", role_description="r")
            for name, status in (("dead", "EXECUTING"), ("done", "EXECUTING"),
                                 ("never", "PLANNING"), ("alive", "EXECUTING"),
                                 ("over", "COMPLETED"))]
    dead, done, never, alive, over = (str(row.id) for row in rows)
    assert await leases.claim(drive_lease_name(dead), 0.05, owner="died")
    finished = await leases.claim(drive_lease_name(done), 60, owner="p")
    assert finished is not None
    await leases.release(finished)
    assert await leases.claim(drive_lease_name(alive), 60, owner="p")
    assert await leases.claim(drive_lease_name(over), 0.05, owner="died")
    await asyncio.sleep(0.1)
    assert sorted(await abandoned_drives()) == sorted([dead, never])


async def test_a_drive_cut_short_by_a_shutdown_is_handed_over_at_once(db: str) -> None:
    target = await Target.create(name="t", channel_type="demo", channel_config={})
    row = await IntelligentEval.create(name="e", target=target, status="EXECUTING", goal="g",
                                       intent="i", role_description="r")
    started = asyncio.Event()

    class Endless:
        async def wake(self, eval_id: str, role: Role, revision: int) -> None:
            started.set()
            await asyncio.sleep(3600)

    wakeups = WakeUps(Endless(), owned=driving_system(60))
    wakeups.wake(str(row.id), "evaluator", 1)
    await started.wait()
    assert await abandoned_drives() == []  # driven now
    await wakeups.aclose()  # the process shuts down mid-role
    assert await abandoned_drives() == [str(row.id)]  # at once, not after 60 s


async def test_a_start_up_wake_leaves_an_eval_driven_elsewhere_alone(db: str) -> None:
    driver = SlowDriver()
    held = await leases.claim(drive_lease_name("e1"), 60, owner="another process")
    assert held is not None
    wakeups = WakeUps(driver, owned=driving_system(60))
    wakeups.wake("e1", "evaluator", 1, unless_driven=True)
    await wakeups.drain()
    assert driver.woken == []
