"""The "Human review" section of a run report: reviewed attempts and agreement.

Pure functions, no I/O. The engine builds `ReviewedAttempt`s from the latest
review of each attempt.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from agenteval.domain.agreement import Agreement, describe_agreement
from agenteval.domain.markdown import table


@dataclass(frozen=True)
class ReviewedAttempt:
    """The latest review of one case attempt."""

    case_key: str
    attempt: int
    machine_level: str | None
    human_level: str
    reviewer: str
    note: str | None


def run_review_section(reviewed: Sequence[ReviewedAttempt], agreement: Agreement | None,
                       reviews_in_all: int) -> str:
    """'' when nothing was reviewed; else agreement figures and one row per attempt."""
    if not reviewed:
        return ""
    rows = [(r.case_key, str(r.attempt), r.machine_level or "—", r.human_level,
             "yes" if r.machine_level == r.human_level else "**no**", r.reviewer,
             r.note or "")
            for r in sorted(reviewed, key=lambda r: (r.case_key, r.attempt))]
    return ("## Human review\n\n"
            f"Automatic level against the reviewer's: {describe_agreement(agreement)}. "
            f"{reviews_in_all} review(s) in all; the latest of each attempt counts.\n\n"
            + table(["Case", "Attempt", "Automatic", "Reviewer", "Agree", "Reviewed by", "Note"],
                    rows))
