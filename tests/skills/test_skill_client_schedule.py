"""`schedule`: the approved plan's sessions as timed runs with one-shot cron jobs."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from types import ModuleType

STARTED = datetime(2026, 10, 1, 6, 0, tzinfo=UTC)
PLAN = {
    "dimensions": ["returns"],
    "virtualUsers": [{"persona": {"name": "A"}, "goal": "a"},
                     {"persona": {"name": "B"}, "goal": "b"}],
    "timeDistribution": [{"timeSlot": "0-2h", "sessions": 1, "scenario": "early"},
                         {"timeSlot": "8-10h", "sessions": 2, "scenario": "peak"},
                         {"timeSlot": "18-22h", "sessions": 2}],
    "estimatedSessions": 5,
    "budget": {"maxTurnsPerSession": 12, "totalMaxTurns": 60},
}


def runs_at(client: ModuleType, now: datetime, sessions=(), plan=PLAN) -> dict:
    return client.plan_runs("ev-1", plan, STARTED, now, list(sessions))


def test_sessions_spread_evenly_from_each_slot_start(client: ModuleType) -> None:
    result = runs_at(client, STARTED - timedelta(minutes=1))
    assert [(run["idempotencyKey"], run["at"]) for run in result["runs"]] == [
        ("0-0", "2026-10-01T06:00:00Z"),
        ("1-0", "2026-10-01T14:00:00Z"), ("1-1", "2026-10-01T15:00:00Z"),
        ("2-0", "2026-10-02T00:00:00Z"), ("2-1", "2026-10-02T02:00:00Z"),
    ]
    assert [run["virtualUserIndex"] for run in result["runs"]] == [0, 1, 0, 1, 0]
    assert [run["timeSlotIndex"] for run in result["runs"]] == [0, 1, 1, 2, 2]


def test_each_run_carries_a_one_shot_isolated_cron_job(client: ModuleType) -> None:
    run = runs_at(client, STARTED - timedelta(minutes=1))["runs"][1]
    assert run["cronJob"] == {
        "schedule": {"kind": "at", "at": "2026-10-01T14:00:00Z"},
        "sessionTarget": "isolated",
        "payload": {"kind": "agentTurn", "message": (
            "AgentEval intelligent eval ev-1: run planned session 1-0 (timeSlotIndex 1, "
            "virtualUserIndex 1, at most 12 user turns) with the "
            "agenteval-intelligent-evaluator skill.")},
    }


def test_past_runs_are_due_and_staggered_a_minute_apart_from_now(client: ModuleType) -> None:
    now = STARTED + timedelta(hours=9, minutes=30)
    runs = runs_at(client, now)["runs"]
    assert [run["due"] for run in runs] == [True, True, True, False, False]
    assert [run["at"] for run in runs[:3]] == ["2026-10-01T15:31:00Z", "2026-10-01T15:32:00Z",
                                               "2026-10-01T15:33:00Z"]
    assert runs[0]["cronJob"]["schedule"]["at"] == runs[0]["at"]


def test_existing_sessions_mark_their_slots_first_runs_created(client: ModuleType) -> None:
    now = STARTED + timedelta(hours=9, minutes=30)
    runs = runs_at(client, now, sessions=[{"id": "s", "timeSlotIndex": 1}])["runs"]
    assert [run["created"] for run in runs] == [False, True, False, False, False]
    # a created run keeps its planned time and takes no stagger slot
    assert [run["at"] for run in runs[:3]] == ["2026-10-01T15:31:00Z", "2026-10-01T14:00:00Z",
                                               "2026-10-01T15:32:00Z"]


def test_turns_per_session_respect_both_budgets(client: ModuleType) -> None:
    tight = dict(PLAN, budget={"maxTurnsPerSession": 12, "totalMaxTurns": 30})
    assert runs_at(client, STARTED, plan=tight)["turnsPerSession"] == 6
    assert runs_at(client, STARTED)["turnsPerSession"] == 12


def test_started_at_accepts_a_z_suffix(client: ModuleType) -> None:
    assert client.parse_time("2026-10-01T06:00:00Z") == STARTED
    assert client.parse_time("2026-10-01T06:00:00.123+00:00") == STARTED + timedelta(
        milliseconds=123)


def test_the_servers_time_scale_shrinks_plan_hours_and_the_stagger(client: ModuleType) -> None:
    # At timeScale 0.01 a plan hour lasts 36 s, as the watchdog counts it.
    runs = client.plan_runs("ev-1", PLAN, STARTED, STARTED - timedelta(minutes=1), [],
                            time_scale=0.01)["runs"]
    assert [run["at"] for run in runs] == [
        "2026-10-01T06:00:00Z", "2026-10-01T06:04:48Z", "2026-10-01T06:05:24Z",
        "2026-10-01T06:10:48Z", "2026-10-01T06:12:00Z"]
    later = STARTED + timedelta(minutes=50)  # slot 0 and slot 1's first run (48 min) are due
    due = client.plan_runs("ev-1", PLAN, STARTED, later, [], time_scale=0.1)["runs"]
    assert [run["due"] for run in due] == [True, True, False, False, False]
    assert [run["at"] for run in due[:2]] == ["2026-10-01T06:50:06Z", "2026-10-01T06:50:12Z"]
