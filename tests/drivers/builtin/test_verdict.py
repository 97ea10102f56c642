"""The scripted verdict: goal from success signals, achievement from checkpoints."""

from __future__ import annotations

from agenteval.domain.intelligent.verdict_validation import validate_verdict
from agenteval.drivers.builtin.detectors import Turn
from agenteval.drivers.builtin.verdict import Expectations, scripted_verdict
from tests.drivers.builtin.transcripts import scripted_turns, seed_goal


def verdict_for(dimension: str, english: bool = False) -> dict:
    goal = seed_goal(dimension, english)
    expect = Expectations.from_goal(goal, goal["goal"], goal["dimension"])
    return scripted_verdict(scripted_turns(goal), expect)


def test_a_booking_reaches_the_goal_but_misses_the_time_checkpoint() -> None:
    verdict = verdict_for("维修预约")
    assert verdict["goalAchieved"] is True
    assert verdict["achievement"] == 0.67  # goal, every turn answered / not the time question
    assert [issue["turnIndex"] for issue in verdict["issues"]] == [3]
    assert "preferred" in verdict["suggestions"][0]


def test_an_ignored_change_of_mind_misses_the_goal() -> None:
    verdict = verdict_for("改变主意")
    assert verdict["goalAchieved"] is False
    assert verdict["achievement"] == 0.33
    assert [issue["turnIndex"] for issue in verdict["issues"]] == [1, 2, 2]


def test_a_good_conversation_gets_full_marks() -> None:
    expect = Expectations(("投诉", "迟到"), ("投诉已记录",), "complaint")
    turns = [Turn(0, "我要投诉", "非常抱歉，请问发生了什么？"), Turn(1, "师傅迟到", "投诉已记录")]
    verdict = scripted_verdict(turns, expect)
    assert verdict == {**verdict, "goalAchieved": True, "achievement": 1.0, "issues": []}


def test_a_target_error_costs_a_checkpoint() -> None:
    expect = Expectations(("hi",), ("booked",), None)
    verdict = scripted_verdict([Turn(0, "hi", "", "timeout")], expect)
    assert verdict["achievement"] == 0.0
    assert {issue["description"].split(":")[0] for issue in verdict["issues"]} == {
        "Goal not reached", "The target failed to answer"}


def test_every_verdict_passes_the_servers_validation() -> None:
    for dimension in ("维修预约", "退货处理", "投诉处理", "改变主意"):
        for english in (False, True):
            goal = seed_goal(dimension, english)
            turns = scripted_turns(goal)
            verdict = scripted_verdict(turns, Expectations.from_goal(goal, goal["goal"]))
            assert validate_verdict(verdict, len(turns))


def test_without_a_script_the_goals_flow_gives_the_success_signals() -> None:
    expect = Expectations.from_goal(None, "return a kettle", "returns")
    assert "return accepted" in expect.success_signals and expect.messages == ()
