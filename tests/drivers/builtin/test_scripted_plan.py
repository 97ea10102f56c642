"""The scripted planner: seeds → a valid deterministic plan; feedback revises it."""

from __future__ import annotations

import pytest

from agenteval.domain.intelligent.plan_validation import validate_plan
from agenteval.drivers.builtin.scripted_plan import revised_plan, time_distribution
from tests.drivers.builtin.transcripts import demo_seeds

SEEDS = {"personas": [{"name": "老王", "patience": "low"}, {"name": "Lisa", "patience": "high"}],
         "goals": [{"goal": "book", "dimension": "booking",
                    "script": {"opening": "a", "follow_ups": ["b", "c"]}},
                   {"goal": "return", "dimension": "returns", "script": {"opening": "x"}},
                   {"goal": "complain"}]}


def eval_with(seeds: dict, hours: int = 24) -> dict:
    return {"goal": "check the bot", "seeds": seeds, "timeWindowHours": hours}


def test_personas_are_paired_round_robin_with_goals() -> None:
    plan = revised_plan(eval_with(SEEDS), [])
    assert [(u["persona"]["name"], u["goal"]) for u in plan["virtualUsers"]] == [
        ("老王", "book"), ("Lisa", "return"), ("老王", "complain")]
    assert plan["dimensions"] == ["booking", "returns", "complain"]


def test_sessions_budget_and_slots_follow_the_scripts() -> None:
    plan = revised_plan(eval_with(SEEDS), [])
    assert plan["estimatedSessions"] == 3 == sum(s["sessions"] for s in plan["timeDistribution"])
    # turns: 3, 1 and 6 (no script) + 2 slack each
    assert plan["budget"] == {"maxTurnsPerSession": 8, "totalMaxTurns": 16}
    assert [s["timeSlot"] for s in plan["timeDistribution"]] == ["0-2h", "8-10h", "16-18h"]
    assert validate_plan(plan, 24)


def test_the_demo_seeds_make_a_valid_plan_with_every_language_matched() -> None:
    plan = revised_plan(eval_with(demo_seeds()), [])
    validate_plan(plan, 24)
    assert plan["estimatedSessions"] == 8
    for user in plan["virtualUsers"]:
        assert (user["persona"]["language"] == "en") == user["goal"].isascii()


@pytest.mark.parametrize("hours", [1, 2, 3, 5, 24, 168])
def test_slots_stay_inside_any_time_window(hours: int) -> None:
    plan = revised_plan(eval_with(demo_seeds(), hours), [])
    validate_plan(plan, hours)


def test_without_seeds_one_default_user_plays_the_eval_goal() -> None:
    plan = revised_plan(eval_with({}), [])
    assert [u["goal"] for u in plan["virtualUsers"]] == ["check the bot"]
    validate_plan(plan, 24)


def test_the_plan_is_deterministic() -> None:
    assert revised_plan(eval_with(demo_seeds()), []) == revised_plan(eval_with(demo_seeds()), [])


@pytest.mark.parametrize(("feedback", "sessions"), [
    ("please run more sessions", 6), ("需要 5 个会话", 5), ("run 2 sessions", 2),
    ("too many, fewer please", 3), ("focus on returns", 4), ("looks odd", 3)])
def test_feedback_changes_the_number_of_sessions(feedback: str, sessions: int) -> None:
    plan = revised_plan(eval_with(SEEDS), [feedback])
    validate_plan(plan, 24)
    assert plan["estimatedSessions"] == sessions
    assert f"«{feedback}»" in plan["completionCriteria"]


def test_a_focused_dimension_gets_another_persona() -> None:
    plan = revised_plan(eval_with(SEEDS), ["focus on returns"])
    returns = [u["persona"]["name"] for u in plan["virtualUsers"] if u["dimension"] == "returns"]
    assert returns == ["Lisa", "老王"]


def test_feedback_applies_in_order() -> None:
    plan = revised_plan(eval_with(SEEDS), ["more sessions", "fewer"])
    assert plan["estimatedSessions"] == 3
    assert plan["completionCriteria"].endswith("«more sessions»; «fewer».")


def test_time_distribution_names_the_goals_of_each_slot() -> None:
    slots = time_distribution(["a", "b", "a", "c", "d"], 24)
    assert [(s["timeSlot"], s["sessions"], s["scenario"]) for s in slots] == [
        ("0-2h", 2, "a; b"), ("6-8h", 1, "a"), ("12-14h", 1, "c"), ("18-20h", 1, "d")]
