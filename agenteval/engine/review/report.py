"""What the Markdown reports show of human review (the rendering is in domain/)."""

from __future__ import annotations

import uuid
from typing import Any

from agenteval.domain.agreement import describe_agreement
from agenteval.domain.review_report import ReviewedAttempt, run_review_section
from agenteval.engine.review.reads import (
    agreement_of,
    finding_counts,
    latest_by_target,
    reviews_by_owner,
)


async def run_review_markdown(run_id: uuid.UUID) -> str:
    """The run report's "Human review" section ('' when nothing was reviewed)."""
    rows = (await reviews_by_owner([run_id])).get(run_id, [])
    reviewed = []
    for target, row in latest_by_target(rows).items():
        if not target.startswith("case:") or row.success_level is None:
            continue
        case_key, _, attempt = target.removeprefix("case:").rpartition("#")
        reviewed.append(ReviewedAttempt(case_key, int(attempt), row.machine_label,
                                        row.success_level, row.reviewer, row.note))
    return run_review_section(reviewed, agreement_of(rows, "case:"), len(rows))


def reviewed_report(report: dict[str, Any], review: dict[str, Any] | None) -> dict[str, Any]:
    """The report with each reviewed finding's issue marked: rejected ones struck through."""
    if not review:
        return report
    decisions = {item["index"]: item["decision"] for item in review["findings"]}
    findings = []
    for index, finding in enumerate(report.get("findings") or []):
        issue = " ".join(str(finding.get("issue") or "").split())
        if decisions.get(index) == "REJECTED":
            finding = {**finding, "issue": f"~~{issue}~~ (rejected in human review)"}
        elif decisions.get(index) == "CONFIRMED":
            finding = {**finding, "issue": f"{issue} (confirmed in human review)"}
        findings.append(finding)
    return {**report, "findings": findings}


async def eval_review_view(eval_id: uuid.UUID, findings: list[dict[str, Any]]
                           ) -> dict[str, Any] | None:
    """`eval["review"]` for the eval report (see domain/eval_report_appendix)."""
    rows = (await reviews_by_owner([eval_id])).get(eval_id, [])
    if not rows:
        return None
    latest = latest_by_target(rows)
    confirmed, rejected = finding_counts(rows)
    finding_items = []
    session_items = []
    for target, row in latest.items():
        if target.startswith("finding:"):
            index = int(target.removeprefix("finding:"))
            issue = findings[index].get("issue") if index < len(findings) else None
            finding_items.append({"index": index, "issue": issue, "decision": row.decision,
                                  "reviewer": row.reviewer, "note": row.note})
        elif target.startswith("session:"):
            session_items.append({"id": target.removeprefix("session:"),
                                  "machine": row.machine_label or "nothing",
                                  "human": str(row.goal_achieved).lower(),
                                  "reviewer": row.reviewer, "note": row.note})
    return {"findings": sorted(finding_items, key=lambda f: f["index"]),
            "sessions": session_items, "findingsConfirmed": confirmed,
            "findingsRejected": rejected,
            "verdictAgreement": describe_agreement(agreement_of(rows, "session:"))}
