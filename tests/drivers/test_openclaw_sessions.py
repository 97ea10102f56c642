"""The openclaw driver wakes the evaluator once per planned session, when it is due."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from agenteval.drivers.builtin.schedule import planned_sessions
from agenteval.drivers.openclaw_sessions import due_times, wake_for_sessions

PLAN = {"virtualUsers": [{"persona": {}, "goal": "a"}, {"persona": {}, "goal": "b"}],
        "timeDistribution": [{"timeSlot": "0-1h", "sessions": 2},
                             {"timeSlot": "4-6h", "sessions": 1}],
        "estimatedSessions": 3, "budget": {"maxTurnsPerSession": 5, "totalMaxTurns": 9}}


def test_due_runs_are_staggered_a_scaled_minute_apart_from_now() -> None:
    started = datetime(2026, 10, 1, tzinfo=UTC)
    now = started + timedelta(minutes=40)
    times = due_times(planned_sessions(PLAN), started, now, time_scale=1.0)
    assert times == [now + timedelta(minutes=1), now + timedelta(minutes=2),
                     started + timedelta(hours=4)]
    small = due_times(planned_sessions(PLAN), started, started, time_scale=0.01)
    assert small == [started + timedelta(seconds=0.6), started + timedelta(seconds=18),
                     started + timedelta(seconds=144)]


class FakeApi:
    def __init__(self, sessions: list[dict[str, Any]], status: str = "EXECUTING") -> None:
        self.evaluation = {"status": status, "plan": PLAN,
                           "startedAt": datetime.now(UTC).isoformat()}
        self.session_rows = sessions

    async def get_eval(self, eval_id: str) -> dict[str, Any]:
        return self.evaluation

    async def sessions(self, eval_id: str) -> list[dict[str, Any]]:
        return self.session_rows


async def test_each_planned_session_without_a_session_gets_one_wake_up() -> None:
    posted: list[tuple[str, str, dict[str, Any]]] = []
    slept: list[float] = []

    async def post(key: str, message: str, extra: dict[str, Any]) -> None:
        posted.append((key, message, extra))

    async def sleep(seconds: float) -> None:
        slept.append(seconds)

    api = FakeApi([{"timeSlotIndex": 0}])  # session 0-0 exists already
    woken = await wake_for_sessions(api, "ev", 0.0, post, sleep)  # type: ignore[arg-type]  # a duck-typed API
    assert woken == 2
    assert [extra["session"] for _, _, extra in posted] == ["0-1", "1-0"]
    assert posted[0][0] == "agenteval-ev-evaluator-session-0-1"
    assert posted[0][1] == ("AgentEval intelligent eval ev: run planned session 0-1 "
                            "(timeSlotIndex 0, virtualUserIndex 1, at most 3 user turns) with "
                            "the agenteval-intelligent-evaluator skill.")
    assert len(slept) == 3


async def test_an_eval_no_longer_executing_gets_no_session_wake_ups() -> None:
    async def post(key: str, message: str, extra: dict[str, Any]) -> None:
        raise AssertionError("woken")

    api = FakeApi([], status="FAILED")
    assert await wake_for_sessions(api, "ev", 0.0, post) == 0  # type: ignore[arg-type]  # a duck-typed API


class Lease:
    """An Ownership whose confirmation fails from the `lost_at`-th request on."""

    def __init__(self, lost_at: int) -> None:
        self.lost = False
        self.confirmed = 0
        self.lost_at = lost_at

    async def confirm(self) -> bool:
        self.confirmed += 1
        self.lost = self.confirmed >= self.lost_at
        return not self.lost


async def test_sessions_woken_before_are_skipped_and_a_lost_lease_stops_the_schedule() -> None:
    posted: list[str] = []

    async def post(key: str, message: str, extra: dict[str, Any]) -> None:
        posted.append(extra["session"])

    async def sleep(seconds: float) -> None:
        return None

    api = FakeApi([])
    woken = await wake_for_sessions(api, "ev", 0.0, post, sleep,  # type: ignore[arg-type]  # a duck-typed API
                                    woken=frozenset({"0-0"}), owned=Lease(lost_at=99))
    assert (woken, posted) == (2, ["0-1", "1-0"])
    posted.clear()
    lease = Lease(lost_at=2)  # taken over after the first wake-up
    assert await wake_for_sessions(api, "ev", 0.0, post, sleep, owned=lease) == 1  # type: ignore[arg-type]  # a duck-typed API
    assert posted == ["0-0"] and lease.lost
