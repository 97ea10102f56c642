"""Validation of a submitted report (the contract's ReportInput, sent with submitReport).

Evidence citing a session that does not exist or belongs to another eval is
refused here. Whether its turn and quotes match the transcript is not a
validation matter: `evidence.verify_evidence` marks that with `verified`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from agenteval.domain.eval_validation import (
    check_integer,
    check_json_size,
    check_known_keys,
    check_list,
    check_number,
    check_object,
    check_severity,
    check_string,
    check_string_list,
    item_path,
    key_path,
)
from agenteval.domain.field_errors import FieldErrors
from agenteval.domain.intelligent.provenance import check_provenance, with_provenance

REPORT_KEYS = ("summary", "scores", "findings", "highlights", "priorityRecommendations",
               "provenance")
_SCORE_KEYS = ("dimension", "score")
_FINDING_KEYS = ("issue", "severity", "dimension", "evidence", "suggestion", "relatedSop")
_EVIDENCE_KEYS = ("sessionId", "turnIndex", "userSaid", "assistantReplied")
_HIGHLIGHT_KEYS = ("description", "dimension")
MAX_SUMMARY_CHARS = 20_000
MAX_EVIDENCE_PER_FINDING = 50
MAX_REPORT_JSON_CHARS = 2_000_000


@dataclass(frozen=True)
class SessionInfo:
    """What report validation needs to know about a session that evidence cites."""

    id: str
    eval_id: str
    turn_count: int = 0


def validate_report(report: Any, sessions_by_id: Mapping[str, SessionInfo], eval_id: str,
                    path: str = "report") -> dict[str, Any]:
    """Return the normalised report; ValidationFailed naming every bad field otherwise.

    `sessions_by_id` holds at least every session the evidence cites that
    exists (of any eval); one missing or of another eval is an error.
    Evidence comes back without `verified`: see `evidence.verify_evidence`.
    """
    errors = FieldErrors()
    if check_object(errors, report, path) is None:
        errors.raise_if_any()
    if not check_json_size(errors, report, path, MAX_REPORT_JSON_CHARS):
        errors.raise_if_any()
    check_known_keys(errors, report, REPORT_KEYS, path)
    summary = check_string(errors, report, "summary", path, max_chars=MAX_SUMMARY_CHARS)
    scores = _check_scores(errors, report, path)
    findings_list = check_list(errors, report, "findings", path) or []
    findings = [_check_finding(errors, finding, item_path(key_path(path, "findings"), index),
                               sessions_by_id, eval_id)
                for index, finding in enumerate(findings_list)]
    highlights_list = check_list(errors, report, "highlights", path, required=False) or []
    highlights = [_check_highlight(errors, highlight,
                                   item_path(key_path(path, "highlights"), index))
                  for index, highlight in enumerate(highlights_list)]
    recommendations = check_string_list(errors, report, "priorityRecommendations", path,
                                        required=False)
    provenance = check_provenance(errors, report, path)
    errors.raise_if_any()
    return with_provenance({
        "summary": summary,
        "scores": scores,
        "findings": findings,
        "highlights": highlights,
        "priorityRecommendations": recommendations or [],
    }, provenance)


def _check_scores(errors: FieldErrors, report: dict[str, Any],
                  path: str) -> list[dict[str, Any]] | None:
    items = check_list(errors, report, "scores", path, required=False)
    if items is None:
        return None
    scores: list[dict[str, Any]] = []
    seen: set[str] = set()
    for index, item in enumerate(items):
        score_path = item_path(key_path(path, "scores"), index)
        if check_object(errors, item, score_path) is None:
            continue
        check_known_keys(errors, item, _SCORE_KEYS, score_path)
        dimension = check_string(errors, item, "dimension", score_path, max_chars=200)
        score = check_number(errors, item, "score", score_path, minimum=0.0, maximum=10.0)
        if dimension is not None and dimension in seen:
            errors.add(key_path(score_path, "dimension"), f"duplicate dimension {dimension!r}")
        if dimension is not None:
            seen.add(dimension)
        scores.append({"dimension": dimension, "score": score})
    return scores


def _check_finding(errors: FieldErrors, finding: Any, path: str,
                   sessions_by_id: Mapping[str, SessionInfo],
                   eval_id: str) -> dict[str, Any] | None:
    if check_object(errors, finding, path) is None:
        return None
    check_known_keys(errors, finding, _FINDING_KEYS, path)
    normalised: dict[str, Any] = {
        "issue": check_string(errors, finding, "issue", path),
        "severity": check_severity(errors, finding, "severity", path),
        "dimension": check_string(errors, finding, "dimension", path, required=False),
        "evidence": [],
        "suggestion": check_string(errors, finding, "suggestion", path),
        "relatedSop": check_string(errors, finding, "relatedSop", path, required=False),
    }
    evidence = check_list(errors, finding, "evidence", path,
                          max_items=MAX_EVIDENCE_PER_FINDING) or []
    normalised["evidence"] = [
        _check_evidence(errors, item, item_path(key_path(path, "evidence"), index),
                        sessions_by_id, eval_id)
        for index, item in enumerate(evidence)
    ]
    return normalised


def _check_evidence(errors: FieldErrors, evidence: Any, path: str,
                    sessions_by_id: Mapping[str, SessionInfo],
                    eval_id: str) -> dict[str, Any] | None:
    if check_object(errors, evidence, path) is None:
        return None
    check_known_keys(errors, evidence, _EVIDENCE_KEYS, path)
    session_id = check_string(errors, evidence, "sessionId", path, max_chars=200)
    if session_id is not None:
        session = sessions_by_id.get(session_id)
        if session is None:
            errors.add(key_path(path, "sessionId"), f"no session {session_id!r}")
        elif session.eval_id != eval_id:
            errors.add(key_path(path, "sessionId"),
                       f"session {session_id!r} belongs to another eval")
    return {
        "sessionId": session_id,
        # A turn that does not exist is not an error: the evidence is kept, unverified.
        "turnIndex": check_integer(errors, evidence, "turnIndex", path, minimum=0),
        "userSaid": check_string(errors, evidence, "userSaid", path, required=False,
                                 allow_empty=True),
        "assistantReplied": check_string(errors, evidence, "assistantReplied", path,
                                         required=False, allow_empty=True),
    }


def _check_highlight(errors: FieldErrors, highlight: Any, path: str) -> dict[str, Any] | None:
    if check_object(errors, highlight, path) is None:
        return None
    check_known_keys(errors, highlight, _HIGHLIGHT_KEYS, path)
    return {
        "description": check_string(errors, highlight, "description", path),
        "dimension": check_string(errors, highlight, "dimension", path, required=False),
    }
