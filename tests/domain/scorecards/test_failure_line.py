"""The terminal's failure line for a scorecard: total, grade, vetoes first, each at its turn.

Before, the whole result was printed as JSON and cut at the line's end, so the veto that
failed the conversation was often past the cut."""

from agenteval.domain.static.outcome_explanation import rule_reason


def _result(**detail: object) -> dict[str, object]:
    return {"rule_type": "scorecard", "passed": False, "error": None, "detail": detail}


def test_a_veto_is_named_first_with_its_turn_and_quote() -> None:
    line = rule_reason(_result(  # type: ignore[arg-type]
        scorecard="mia-qa@1", total=0, grade="不合格", vetoes=["refund_promise"], errors=[],
        items=[
            {"item": "greeting", "status": "hit", "points": -5,
             "evidence": [{"turn_index": 0, "quote": "可以为您办理退货。"}]},
            {"item": "closing", "status": "no_hit", "points": 0, "evidence": []},
            {"item": "refund_promise", "status": "hit", "points": 0, "critical": True,
             "evidence": [{"turn_index": 1, "quote": "我保证为您全额退款"}]},
        ]))
    assert line == ('mia-qa@1: total 0 (不合格); refund_promise (veto) at turn 2 '
                    '"我保证为您全额退款"; greeting (-5) at turn 1 "可以为您办理退货。"')


def test_items_that_could_not_be_judged_are_said() -> None:
    line = rule_reason(_result(  # type: ignore[arg-type]
        scorecard="qa@2", total=80, grade="良", vetoes=[], errors=["politeness"], items=[]))
    assert line == "qa@2: total 80 (良); could not judge: politeness"
