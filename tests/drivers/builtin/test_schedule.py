"""Planned sessions: times, virtual users and idempotency keys."""

from __future__ import annotations

from agenteval.drivers.builtin.schedule import matching_seed_goal, planned_sessions

PLAN = {"virtualUsers": [{"goal": "a"}, {"goal": "b"}, {"goal": "c"}],
        "timeDistribution": [{"timeSlot": "0-2h", "sessions": 2},
                             {"timeSlot": "8-10h", "sessions": 2}]}


def test_sessions_are_spread_in_their_slots_and_take_users_in_turn() -> None:
    runs = planned_sessions(PLAN)
    assert [(r.key, r.time_slot_index, r.virtual_user_index, r.start_hours) for r in runs] == [
        ("0-0", 0, 0, 0.0), ("0-1", 0, 1, 1.0), ("1-0", 1, 2, 8.0), ("1-1", 1, 0, 9.0)]


def test_the_time_scale_turns_hours_into_seconds() -> None:
    run = planned_sessions(PLAN)[2]
    assert run.delay_s(1.0) == 8 * 3600
    assert run.delay_s(0.001) == 8 * 3.6
    assert run.delay_s(0) == 0


def test_the_seed_goal_is_found_by_text_and_dimension() -> None:
    seeds = {"goals": [{"goal": "x", "dimension": "a"}, {"goal": "x", "dimension": "b"}]}
    assert matching_seed_goal(seeds, "x", "b") == {"goal": "x", "dimension": "b"}
    assert matching_seed_goal(seeds, "x", None) == {"goal": "x", "dimension": "a"}
    assert matching_seed_goal(seeds, "y", "a") is None
