"""The Markdown export: sections present, findings by severity, evidence, escaping, file names."""

from __future__ import annotations

import pytest

from agenteval.domain.intelligent.eval_report_markdown import render_eval_report, safe_filename

SESSION_ID = "0b6c2f0e-1111-4222-8333-444455556666"

EVAL = {
    "id": "e1", "name": "Repair bot | week 32", "status": "COMPLETED",
    "target": {"name": "demo-bot"}, "goal": "book repairs", "intent": "slot filling",
    "roleDescription": "impatient customers", "timeWindowHours": 24,
    "startedAt": "2026-08-04T08:00:00Z", "completedAt": "2026-08-05T08:00:00Z",
    "plan": {
        "dimensions": ["booking", "complaints"],
        "virtualUsers": [{"persona": {"name": "老王"}, "goal": "book", "dimension": "booking"}],
        "timeDistribution": [{"timeSlot": "0-2h", "sessions": 1, "scenario": "morning"}],
        "estimatedSessions": 1,
        "budget": {"maxTurnsPerSession": 12, "totalMaxTurns": 60},
        "completionCriteria": "one session per dimension",
    },
}

REPORT = {
    "summary": "Mostly fine.",
    "scores": [{"dimension": "booking", "score": 7.5}],
    "findings": [
        {"issue": "Low thing", "severity": "LOW", "dimension": None, "suggestion": "polish",
         "relatedSop": None, "evidence": []},
        {"issue": "High thing", "severity": "HIGH", "dimension": "booking",
         "suggestion": "ask for the order number", "relatedSop": "退货处理流程 §3.2",
         "evidence": [{"sessionId": SESSION_ID, "turnIndex": 1, "userSaid": "我要退货",
                       "assistantReplied": "好的\n请稍等", "verified": True},
                      {"sessionId": "ghost", "turnIndex": 0, "userSaid": "x",
                       "assistantReplied": None, "verified": False}]},
        {"issue": "Medium thing", "severity": "MEDIUM", "dimension": "complaints",
         "suggestion": "empathise", "relatedSop": None, "evidence": []},
    ],
    "highlights": [{"description": "kept context", "dimension": "booking"}],
    "priorityRecommendations": ["fix order numbers first", "then empathy"],
    "submittedAt": "2026-08-05T08:00:00Z",
}

SESSIONS = [{
    "id": SESSION_ID, "persona": {"name": "老王 | retired"}, "goal": "book a repair",
    "dimension": "booking", "status": "COMPLETED", "turnCount": 4,
    "verdict": {"goalAchieved": True, "achievement": 0.8},
}, {
    "id": "s-2", "persona": {}, "goal": "complain", "dimension": None, "status": "EXPIRED",
    "turnCount": 0, "verdict": None,
}]


@pytest.fixture
def markdown() -> str:
    return render_eval_report(EVAL, REPORT, SESSIONS)


def test_every_section_is_present_in_order(markdown):
    headings = [line for line in markdown.splitlines() if line.startswith("## ")]
    assert headings == ["## Summary", "## Plan", "## Scores", "## Findings (3)",
                        "## Highlights", "## Priority recommendations", "## Sessions (2)"]
    assert markdown.startswith("# Intelligent evaluation report: Repair bot | week 32\n")
    assert markdown.endswith("\n") and not markdown.endswith("\n\n")


def test_header_names_target_goal_intent_and_status(markdown):
    assert "| Target | demo-bot |" in markdown
    assert "| Goal | book repairs |" in markdown
    assert "| Intent | slot filling |" in markdown
    assert "| Status | COMPLETED |" in markdown


def test_plan_summary(markdown):
    assert "- Dimensions: booking, complaints" in markdown
    assert "- Virtual users: 1" in markdown
    assert "- Budget: 12 turns per session, 60 turns in total" in markdown
    assert "| 0-2h | 1 | morning |" in markdown


def test_scores_table(markdown):
    assert "| booking | 7.5 |" in markdown


def test_findings_are_sorted_by_severity_and_numbered_as_the_report_page_numbers_them(markdown):
    high, medium, low = (markdown.index(t) for t in ("High thing", "Medium thing", "Low thing"))
    assert high < medium < low
    # #N is the finding's place in the report, as on the report page and in reviews.
    assert "### 2. [🔴 HIGH] High thing" in markdown
    assert "### 3. [🟠 MEDIUM] Medium thing" in markdown
    assert "### 1. [🟢 LOW] Low thing" in markdown


def test_evidence_quotes_markers_and_session_links(markdown):
    assert (f"  - ✓ verified · [session `0b6c2f0e`](#session-{SESSION_ID}) · turn 2"
            in markdown)
    assert "    > **User said:** 我要退货" in markdown
    assert "    > **Assistant replied:** 好的\n    > 请稍等" in markdown
    assert ("  - ✗ claimed, not found in the transcript · session `ghost` (not in this eval)"
            " · turn 1") in markdown
    assert "- **Suggestion:** ask for the order number" in markdown
    assert "- **Related SOP:** 退货处理流程 §3.2" in markdown


def test_unverified_evidence_is_a_claim_never_a_quote(markdown):
    assert "    - The analyst claims the user said: “x” — not found in the transcript." in markdown
    assert "**1 of 2 evidence quotes could not be found in the transcript**" in markdown
    summary = markdown[markdown.index("## Summary"):markdown.index("## Plan")]
    assert "Mostly fine." in summary and "1 of 2" in summary
    quoted = [line for line in markdown.splitlines() if line.lstrip().startswith(">")]
    assert not any("x" == line.split("**")[-1].strip() for line in quoted)
    assert all("我要退货" in line or "好的" in line or "请稍等" in line or line.strip() == ">"
               for line in quoted)


def test_fully_verified_evidence_says_so():
    report = {**REPORT, "findings": [REPORT["findings"][1] | {"evidence": [
        REPORT["findings"][1]["evidence"][0]]}]}
    markdown = render_eval_report(EVAL, report, SESSIONS)
    assert "All 1 evidence quotes were found in the transcript." in markdown


@pytest.mark.parametrize("value", ["2026-08-04T08:00:00Z", "2026-08-04T10:00:00+02:00",
                                   "2026-08-04T08:00:00.123456"])
def test_every_timestamp_is_iso_8601_utc(value):
    markdown = render_eval_report(EVAL | {"startedAt": value}, REPORT, SESSIONS)
    assert "| Started | 2026-08-04T08:00:00Z |" in markdown
    assert "| Report submitted | 2026-08-05T08:00:00Z |" in markdown


def test_highlights_and_recommendations(markdown):
    assert "- kept context _(booking)_" in markdown
    assert "1. fix order numbers first\n2. then empathy" in markdown


def test_session_index_has_anchors_and_escaped_user_text(markdown):
    row = next(line for line in markdown.splitlines() if f'id="session-{SESSION_ID}"' in line)
    assert row == (f'| 1 | <a id="session-{SESSION_ID}"></a>`{SESSION_ID}` | 老王 \\| retired '
                   "| book a repair | booking | COMPLETED | 4 | yes | 80% |")
    assert '| 2 | <a id="session-s-2"></a>`s-2` | — | complain | — | EXPIRED | 0 | — | — |' \
        in markdown


def test_table_cells_stay_on_one_line():
    eval_ = {**EVAL, "goal": "line one\nline | two"}
    assert "| Goal | line one line \\| two |" in render_eval_report(eval_, REPORT, SESSIONS)


def test_an_eval_without_plan_scores_findings_or_sessions_still_renders():
    markdown = render_eval_report({"name": "x", "status": "COMPLETED"},
                                  {"summary": "s", "findings": []}, [])
    for placeholder in ("_No plan._", "_No dimension scores._", "_No findings._",
                        "_No sessions._"):
        assert placeholder in markdown


@pytest.mark.parametrize("name, expected", [
    ("Repair bot | week 32", "Repair-bot-week-32"),
    ("智能评估", "report"),
    ("", "report"),
    ("../../etc/passwd", "etc-passwd"),
    ("a_b-c", "a_b-c"),
    ('x"; filename=evil.sh', "x-filename-evil-sh"),
])
def test_safe_filename(name, expected):
    assert safe_filename(name) == expected


def test_safe_filename_is_bounded():
    assert len(safe_filename("a" * 500)) == 100
