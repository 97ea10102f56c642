"""Regression cases in the reports: a run says whether each case drafted from a finding is
fixed, an eval's report says which of its findings have a regression case.

Findings are numbered as the report page shows them (#1 = the report's first finding,
`finding_index` 0). Links point at the web UI's pages (`/evals/<id>/report`). Pure.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from agenteval.domain.eval_language import Language
from agenteval.domain.judging.case_origin import CaseOrigin
from agenteval.domain.report_words import words
from agenteval.domain.static.run_views import OutcomeView

TITLE_CHARS = 80


@dataclass(frozen=True)
class OriginEval:
    """What a report says about the eval a case came from: its name and finding titles."""

    name: str
    finding_titles: Sequence[str] = ()


def eval_report_path(eval_id: str) -> str:
    return f"/evals/{eval_id}/report"


def origin_label(origin: CaseOrigin, source: OriginEval | None) -> str:
    """`finding #4 of eval [name](/evals/…/report) (title)`, or `session … of eval …`."""
    name = source.name if source else origin.eval_id
    link = f"eval [{_inline(name)}]({eval_report_path(origin.eval_id)})"
    if origin.finding_index is None:
        return f"session `{origin.session_id}` of {link}"
    label = f"finding #{origin.finding_index + 1} of {link}"
    titles = source.finding_titles if source else ()
    if origin.finding_index < len(titles):
        label += f" ({_inline(_short(titles[origin.finding_index]))})"
    return label


def fix_status(attempts: Sequence[OutcomeView]) -> str:
    """`fixed` when every attempt of the case passed, else `still failing`."""
    return "fixed" if attempts and all(a["passed"] for a in attempts) else "still failing"


def run_regression_section(origins: Mapping[str, CaseOrigin],
                           evals: Mapping[str, OriginEval],
                           outcomes: Sequence[OutcomeView]) -> str:
    """`## Regression cases`: each case with an origin, its source and fixed / still failing;
    '' when the run has none."""
    if not origins:
        return ""
    by_case: dict[str, list[OutcomeView]] = {}
    for outcome in outcomes:
        by_case.setdefault(outcome["case_key"], []).append(outcome)
    lines = []
    for key, origin in sorted(origins.items()):
        attempts = by_case.get(key, [])
        if not attempts:
            continue
        passed = sum(1 for a in attempts if a["passed"])
        lines.append(f"- `{key}` — {origin_label(origin, evals.get(origin.eval_id))}: "
                     f"**{fix_status(attempts)}** ({passed} of {len(attempts)} attempt(s) "
                     "passed)")
    if not lines:
        return ""
    return ("## Regression cases\n\nCases drafted from an intelligent eval's findings or "
            "sessions: fixed when every attempt passed.\n\n" + "\n".join(lines))


def eval_regression_section(findings: Sequence[dict[str, Any]],
                            cases: Sequence[dict[str, Any]], lang: Language = "en") -> str:
    """`## Regression cases` of an eval's report, in the eval's language: for each finding,
    the scenario cases drafted from it (`cases`: scenario_id, scenario_name, case_key,
    origin as stored)."""
    by_finding: dict[int, list[str]] = {}
    from_sessions: list[str] = []
    for case in cases:
        place = words(lang, "case `{key}` of scenario {name} (`{id}`)", key=case["case_key"],
                      name=_inline(case["scenario_name"]), id=case["scenario_id"])
        index = case["origin"].get("finding_index")
        if isinstance(index, int):
            by_finding.setdefault(index, []).append(place)
        else:
            from_sessions.append(words(lang, "{place}, from session `{session}`", place=place,
                                       session=case["origin"].get("session_id")))
    lines = []
    for index, finding in enumerate(findings):
        places = by_finding.get(index)
        if places:
            lines.append(words(lang, "- Finding #{number} ({title}): ", number=index + 1,
                               title=_inline(_short(finding.get("issue"))))
                         + words(lang, "; ").join(places))
    covered = sum(1 for i in range(len(findings)) if i in by_finding)
    body = "\n".join(lines + from_sessions) \
        or words(lang, "_No case has been drafted from this eval yet._")
    if findings:
        body += "\n\n" + words(lang, "{covered} of {count} finding(s) have a regression case "
                                     "(the report page's \"Add to a regression scenario\").",
                                 covered=covered, count=len(findings))
    return words(lang, "## Regression cases") + "\n\n" + body


def _short(text: Any) -> str:
    value = str(text or "")
    return value if len(value) <= TITLE_CHARS else value[:TITLE_CHARS - 1] + "…"


def _inline(text: Any) -> str:
    """One line of Markdown text: newlines folded, link brackets escaped."""
    return " ".join(str(text).split()).replace("[", "\\[").replace("]", "\\]")
