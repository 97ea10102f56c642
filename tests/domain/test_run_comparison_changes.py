"""Compare after a scenario edit or a judge change: the changed cases are said at the top and
left out of regressions, improvements and the significance test; unknown is never unchanged."""

from __future__ import annotations

from typing import Any

from agenteval.domain.judging.fingerprints import case_hash, judge_hash
from agenteval.domain.static.run_comparison import RunSide, compare_runs
from tests.domain.test_run_comparison import outcome, side


def judged(key: str, level: Any, model: str, attempt: int = 0) -> Any:
    view = outcome(key, level, attempt)
    view["results"] = [{"rule_type": "llm_score", "implicit": False, "passed": level != "FAILURE",
                        "score": 1.0, "weight": 1.0, "error": None,
                        "detail": {"judge": {"model": model, "prompt_version": "v3",
                                             "cached": False}}}]
    return view


def cases(count: int, level: Any) -> list[Any]:
    return [outcome(f"c{i}", level) for i in range(count)]


def test_edited_cases_are_named_at_the_top_and_not_counted_as_improvements() -> None:
    # 40 cases; 3 were edited between the runs (so they now pass), the bot is the same.
    base = side("b", "v1", cases(3, "FAILURE") + [outcome(f"k{i}", "SUCCESS") for i in range(37)])
    head = side("h", "v1", cases(3, "SUCCESS") + [outcome(f"k{i}", "SUCCESS") for i in range(37)],
                case_hashes={f"c{i}": "edited" for i in range(3)})
    comparison = compare_runs(base, head)
    assert comparison.improvements == [] and comparison.regressions == []
    assert [c.case_key for c in comparison.changed] == ["c0", "c1", "c2"]
    assert all(c.definition_changed and not c.judge_changed for c in comparison.changed)
    assert comparison.warnings[0].startswith("3 of 40 cases changed between these runs "
                                             "(3 in definition)")
    assert comparison.significance is not None
    assert comparison.significance.paired_cases == 37
    assert "## Changed between the runs: 3" in comparison.markdown
    assert comparison.markdown.index("3 of 40 cases changed") < comparison.markdown.index(
        "## Metrics")


def test_a_changed_judge_model_is_a_change_too_but_a_case_no_model_judged_is_not() -> None:
    base = side("b", "v1", [judged("j", "FAILURE", "qwen-7b"), outcome("plain", "FAILURE")])
    head = side("h", "v1", [judged("j", "SUCCESS", "qwen-72b"), outcome("plain", "SUCCESS")])
    comparison = compare_runs(base, head)
    assert [(c.case_key, c.what) for c in comparison.changed] == [("j", "judge")]
    assert [d.case_key for d in comparison.improvements] == ["plain"]


def test_the_same_judge_answering_from_its_cache_is_no_change() -> None:
    first, again = judged("j", "SUCCESS", "m"), judged("j", "SUCCESS", "m")
    again["results"][0]["detail"]["judge"]["cached"] = True
    assert judge_hash(first["results"]) == judge_hash(again["results"])


def test_unknown_definitions_are_said_never_taken_as_unchanged() -> None:
    base = side("b", "v1", cases(2, "SUCCESS"))
    head = side("h", "v1", cases(2, "FAILURE"))
    unknown = RunSide(base.run_id, base.label, base.summary, base.outcomes, case_hashes=None)
    comparison = compare_runs(unknown, head)
    assert any("whether its 2 shared cases changed is unknown" in w
               for w in comparison.warnings)
    assert len(comparison.regressions) == 2  # still compared, with the warning


def test_a_case_hash_ignores_key_order_and_sees_any_edit() -> None:
    case = {"id": "a", "messages": ["hi"], "expectation": {"contains": "ok"}}
    assert case_hash(case) == case_hash(dict(reversed(list(case.items()))))
    assert case_hash(case) != case_hash({**case, "expectation": {"contains": "OK"}})
