"""Sampling plans (pure): the spec's checks, rule matches always taken, a seeded stratified draw."""

from __future__ import annotations

from agenteval.domain.agreement import kappa_interval
from agenteval.domain.field_errors import FieldErrors
from agenteval.domain.review_queues.plan import PlanSpec, parse_plan
from agenteval.domain.review_queues.rubric import check_answer, machine_answer, same_verdict
from agenteval.domain.review_queues.selection import Candidate, double_reviewed, select


def _candidates() -> list[Candidate]:
    found = []
    for i in range(40):
        found.append(Candidate(target=f"case:c{i}#0", owner="run", kind="CASE",
                               day=f"2026-12-0{1 + i % 2}", tags=("vip",) if i < 10 else (),
                               vetoed=i == 3, judge_split=i == 5, min_confidence=0.4 if i == 7
                               else 0.9, rules_disagree=i == 9))
    return found


def test_a_bad_plan_lists_every_mistake() -> None:
    errors = FieldErrors()
    parse_plan({"share": 2, "perDay": 0, "stratifyBy": "colour", "kinds": ["CAT"],
                "bogus": 1}, errors)
    assert sorted(e["path"] for e in errors) == [
        "spec.bogus", "spec.kinds", "spec.perDay", "spec.share", "spec.stratifyBy"]
    nothing = FieldErrors()
    parse_plan({}, nothing)
    assert [e["path"] for e in nothing] == ["spec"]


def test_rule_matches_are_always_taken_and_the_draw_is_repeatable() -> None:
    errors = FieldErrors()
    spec = parse_plan({"share": 0.25, "seed": 3, "vetoed": True, "judgeSplit": True,
                       "lowConfidenceBelow": 0.5, "rulesDisagree": True,
                       "stratifyBy": "tag"}, errors)
    assert not errors
    chosen = select(spec, _candidates())
    reasons = {s.candidate.target: s.reasons for s in chosen}
    assert reasons["case:c3#0"] == ("vetoed",) and reasons["case:c5#0"] == ("judgeSplit",)
    assert reasons["case:c7#0"] == ("lowConfidence",)
    assert reasons["case:c9#0"] == ("rulesDisagree",)
    drawn = [s.candidate for s in chosen if s.reasons == ("random",)]
    # 36 left: 6 vip (share → 2), 30 others (→ 8)
    assert sum(1 for c in drawn if c.tags) == 2 and sum(1 for c in drawn if not c.tags) == 8
    assert [s.candidate.target for s in select(spec, _candidates())] == [
        s.candidate.target for s in chosen]
    other = select(PlanSpec(share=0.25, seed=4, stratify_by="tag"), _candidates())
    assert {s.candidate.target for s in other} != {c.target for c in drawn}


def test_per_day_caps_the_random_picks() -> None:
    chosen = select(PlanSpec(share=1.0, per_day=3), _candidates())
    days = [s.candidate.day for s in chosen]
    assert days.count("2026-12-01") == 3 and days.count("2026-12-02") == 3


def test_double_review_takes_the_share() -> None:
    assert len(double_reviewed(0.25, 40, 1)) == 10
    assert double_reviewed(0.25, 40, 1) == double_reviewed(0.25, 40, 1)
    assert double_reviewed(0.0, 40, 1) == set()


def test_answers_are_checked_against_the_rubric() -> None:
    rubric = {"successLevel": "FAILURE",
              "entries": [{"key": "rule:0", "ruleType": "llm_score", "verdict": False}]}
    errors = FieldErrors()
    check_answer("CASE", rubric, {"successLevel": "GREAT", "goalAchieved": True,
                                  "entries": {"rule:9": {"verdict": True},
                                              "rule:0": {"verdict": "yes"}}}, errors)
    assert sorted(e["path"] for e in errors) == [
        "answer.entries.rule:0.verdict", "answer.entries.rule:9", "answer.goalAchieved",
        "answer.successLevel"]
    fine = FieldErrors()
    answer = check_answer("CASE", rubric, {"successLevel": "FAILURE",
                                           "entries": {"rule:0": {"verdict": True}}}, fine)
    assert not fine
    assert not same_verdict(answer, machine_answer("CASE", rubric))  # the rule differs
    assert same_verdict({**answer, "entries": {}}, machine_answer("CASE", rubric))


def test_kappa_interval_is_fixed_and_brackets_kappa() -> None:
    pairs = [("a", "a")] * 30 + [("b", "b")] * 30 + [("a", "b")] * 5 + [("b", "a")] * 5
    low, high = kappa_interval(pairs) or (0.0, 0.0)
    assert low < 0.71 < high and kappa_interval(pairs) == (low, high)
    assert kappa_interval([]) is None
