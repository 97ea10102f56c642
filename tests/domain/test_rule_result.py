"""A rule result's typed status and provenance, and the detail it is stored with."""

from __future__ import annotations

from agenteval.domain.judging.cases import RuleProvenance, RuleResult


def test_status_says_whether_the_rule_passed_failed_or_could_not_judge() -> None:
    assert RuleResult("r", True, 1.0).status == "passed"
    assert RuleResult("r", False, 0.2).status == "failed"
    assert RuleResult.failed_to_run("r", "judge unreachable").status == "error"


def test_the_stored_detail_adds_the_provenance_under_rule() -> None:
    result = RuleResult("keyword_match", True, 1.0, detail={"matched": ["refund"]},
                        rule=RuleProvenance("keyword_match", {"keywords": ["refund"]}))
    assert result.stored_detail() == {"matched": ["refund"], "rule": {
        "type": "keyword_match", "params": {"keywords": ["refund"]}}}
    assert result.detail == {"matched": ["refund"]}  # the rule's own detail is untouched


def test_a_version_past_the_first_is_stored_too() -> None:
    provenance = RuleProvenance("llm_score", {"criteria": "polite"}, version=2)
    assert provenance.as_json() == {"type": "llm_score", "params": {"criteria": "polite"},
                                    "version": 2}


def test_an_implicit_result_is_stored_with_its_own_detail_only() -> None:
    result = RuleResult("expect_contains", False, 0.0, detail={"missing": ["x"]}, implicit=True)
    assert result.stored_detail() == {"missing": ["x"]}
