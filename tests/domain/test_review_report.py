"""The Human review sections of both reports (pure functions)."""

from __future__ import annotations

from agenteval.domain.agreement import judge_agreement
from agenteval.domain.intelligent.eval_report_appendix import review_sections
from agenteval.domain.review_report import ReviewedAttempt, run_review_section


def test_the_run_section_lists_each_reviewed_attempt_under_the_agreement() -> None:
    reviewed = [ReviewedAttempt("refund", 1, "FAILURE", "SUCCESS", "ana (k1)", "typo | fine"),
                ReviewedAttempt("book", 0, "SUCCESS", "SUCCESS", "bo (k2)", None)]
    section = run_review_section(reviewed, judge_agreement(
        [("FAILURE", "SUCCESS"), ("SUCCESS", "SUCCESS")]), reviews_in_all=3)
    assert section.startswith("## Human review\n\nAutomatic level against the reviewer's: "
                              "1 of 2 reviewed agree (50.0%, κ = 0.00). 3 review(s) in all")
    assert section.index("| book | 0 | SUCCESS | SUCCESS | yes | bo (k2) |  |") < section.index(
        "| refund | 1 | FAILURE | SUCCESS | **no** | ana (k1) | typo \\| fine |")
    assert run_review_section([], None, 0) == ""


def test_the_eval_section_strikes_rejected_findings_through() -> None:
    [section] = review_sections({"review": {
        "findings": [{"index": 0, "issue": "asks twice", "decision": "CONFIRMED",
                      "reviewer": "ana (k1)", "note": None},
                     {"index": 1, "issue": "minor", "decision": "REJECTED",
                      "reviewer": "ana (k1)", "note": "not a flaw"}],
        "sessions": [{"id": "s-1", "machine": "true", "human": "false",
                      "reviewer": "bo (k2)", "note": None}],
        "findingsConfirmed": 1, "findingsRejected": 1,
        "verdictAgreement": "0 of 1 reviewed agree (0.0%, κ undefined)"}})
    assert "Findings: 1 confirmed, 1 rejected." in section
    assert "- Finding 0: asks twice — **CONFIRMED** by ana (k1)" in section
    assert "- Finding 1: ~~minor~~ — **REJECTED** by ana (k1): not a flaw" in section
    assert ("- Session [s-1](#transcript-s-1): evaluator said true, reviewer says false "
            "(bo (k2))") in section
    assert review_sections({}) == [] and review_sections({"review": None}) == []
