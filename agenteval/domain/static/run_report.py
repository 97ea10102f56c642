"""The Markdown report of one static run (`Run.reportMarkdown`).

Rendered from the plain dicts of `domain/static/run_views.py`. Pure functions: no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence

from agenteval.domain.judging.judgement import COMPLETION_RULE, INTENT_RULE
from agenteval.domain.markdown import format_ms, format_rate, format_time, markdown_cell, table
from agenteval.domain.static.judges_section import judges_section
from agenteval.domain.static.outcome_explanation import judged_turn, located_reason, turn_label
from agenteval.domain.static.pass_hat import format_curve
from agenteval.domain.static.run_summary import RunSummaryData, ratio
from agenteval.domain.static.run_views import OutcomeView, RuleResultView, RunView
from agenteval.domain.static.simulation_text import (
    author_label,
    deviation_line,
    simulation_line,
    simulator_summary_rows,
)
from agenteval.domain.statistics import attempt_agreement, is_flaky
from agenteval.domain.turn_numbers import turn_number

SLOWEST_TURNS_SHOWN = 5
DETAIL_CHARS = 120
MESSAGE_CHARS = 60
DIALOG_MESSAGE_CHARS = 1000  # a failing case's messages, each cut here with a marker
PASSING_LISTED_UP_TO = 200  # more attempts than this: passing ones are only counted
FLAKIEST_SHOWN = 10

TIER_DEFINITIONS = (
    ("rules ok", "every expectation (implicit rule) passed and the eval_rules pass under "
                 "the case's rule_logic (all / any / weighted ≥ rule_pass_threshold)"),
    ("L1 intent", "every intent_classification rule passed (true when the case has none)"),
    ("L2 completion", "the task_completion score; without one, 1.0 if rules ok else 0.0"),
    ("L3 level", "FAILURE unless rules ok and L1; SUCCESS if L2 ≥ success_threshold (0.8), "
                 "PARTIAL if L2 ≥ partial_threshold (0.5), else FAILURE"),
    ("score", "the weighted mean of the rule scores; it explains, the level decides"),
    ("error", "the target failed on a turn, a rule could not run, or a simulated user still "
              "deviated after its reruns (a simulator error): a FAILURE, counted in every "
              "rate, never the bot's failure"),
)


OFFLINE_BADGE = "offline — logged replies"


def render_run_report(run: RunView, summary: RunSummaryData,
                      outcomes: Sequence[OutcomeView], extra_sections: Sequence[str] = ()) -> str:
    """The whole report: header, summary, intent confusion, tags, flaky cases, failures,
    slow turns, then `extra_sections` (human review)."""
    sections = [
        header_section(run),
        summary_section(summary),
        simulated_users_section(summary, outcomes),
        tiers_section(),
        judges_section(outcomes),
        confusion_section(summary),
        tag_section(outcomes),
        flakiest_section(outcomes),
        failing_section(outcomes),
        passing_section(outcomes),
        slowest_turns_section(outcomes),
        *extra_sections,
    ]
    return "\n\n".join(s for s in sections if s) + "\n"


def header_section(run: RunView) -> str:
    title = (f"# Run report: {run['campaign_name']} · {run['scenario_name']} · "
             f"{run['target_name']}")
    if run.get("offline"):
        title += f" · {OFFLINE_BADGE}"
    lines = [title, f"Run `{run['id']}` · status **{run['status']}**"]
    if run.get("offline"):
        lines.append("Offline run: the replies judged are the logged ones; nothing was sent "
                     "to the bot, so no latency was measured.")
    moments = (("created", run.get("created_at")), ("started", run.get("started_at")),
               ("completed", run.get("completed_at")))
    times = [f"{label} {format_time(value)}" for label, value in moments if value]
    if times:
        lines.append(" · ".join(times))
    if run.get("error"):
        lines.append(f"Run error: {run.get('error')}")
    return "\n\n".join(lines)


def summary_section(summary: RunSummaryData) -> str:
    rows = [
        ("Cases (cases × repeat)", str(summary.total_cases)),
        ("SUCCESS", str(summary.success_count)),
        ("PARTIAL", str(summary.partial_count)),
        ("FAILURE", str(summary.failure_count)),
        ("Errors", str(summary.error_count)),
        ("Pass rate (success + partial)", format_rate(summary.pass_rate)),
        ("Success rate (success + ½ partial)", format_rate(summary.success_rate)),
        ("Intent accuracy (L1)", format_rate(summary.intent_accuracy)),
        ("Average completion (L2)", format_rate(summary.avg_completion)),
        ("pass^n (passed in every attempt)", format_rate(summary.pass_hat_k)),
        ("pass^k, k = 1..repeat (τ-bench estimator)", format_curve(summary.pass_hat_curve, "—")),
        ("Flip rate (cases whose attempts disagree)", format_rate(summary.flip_rate)),
        ("Latency p50", format_ms(summary.latency_p50_ms)),
        ("Latency p95", format_ms(summary.latency_p95_ms)),
        *simulator_summary_rows(summary, format_rate),
    ]
    return "## Summary\n\n" + table(["Metric", "Value"], rows)


def simulated_users_section(summary: RunSummaryData, outcomes: Sequence[OutcomeView]) -> str:
    """Per SIMULATOR model how often its users deviated, then every deviation caught (turn,
    kind, reason, what was done); '' when no simulated user was audited."""
    deviations = [(o, line) for o in sorted(outcomes, key=lambda o: (o["case_key"],
                                                                     o["attempt"]))
                  if (line := deviation_line(o)) is not None]
    if not summary.simulators and not deviations:
        return ""
    parts = ["## Simulated users",
             "Every simulated user turn is audited without a model: facts it states must "
             "come from the persona, the goal, the follow-ups or the bot's replies; it must "
             "not write as the agent, talk about being a simulator or quit before stop_when. "
             "A deviating SIMULATOR is played again; still deviating, the attempt is a "
             "simulator error (an error, never the bot's failure)."]
    if summary.simulators:
        parts.append(table(["SIMULATOR model", "Attempts", "Played again", "Reruns",
                            "Simulator errors", "Error rate"],
                           [(r.model, str(r.attempts), str(r.rerun_attempts), str(r.reruns),
                             str(r.errors), format_rate(r.error_rate))
                            for r in summary.simulators]))
    if deviations:
        parts.append(table(["Case", "Attempt", "Deviation"],
                           [(o["case_key"], str(o["attempt"]), markdown_cell(line))
                            for o, line in deviations]))
    else:
        parts.append("No simulated user deviated.")
    return "\n\n".join(parts)


def tiers_section() -> str:
    """Each tier's definition in one line, so a level in this report explains itself."""
    return "## How cases are judged\n\n" + "\n".join(
        f"- **{name}**: {definition}" for name, definition in TIER_DEFINITIONS)


def confusion_section(summary: RunSummaryData) -> str:
    """Expected intents as rows, predicted as columns; empty when no intent rule ran."""
    cells = summary.intent_confusion
    if not cells:
        return ""
    expected = sorted({c.expected for c in cells})
    predicted = sorted({c.predicted for c in cells})
    counts = {(c.expected, c.predicted): c.count for c in cells}
    rows = [(e, *(str(counts.get((e, p), 0)) for p in predicted)) for e in expected]
    return ("## Intent confusion\n\nRows: expected intent; columns: predicted.\n\n"
            + table(["expected \\ predicted", *predicted], rows))


def tag_section(outcomes: Sequence[OutcomeView]) -> str:
    """Pass rate per tag; an attempt with several tags counts under each."""
    per_tag: dict[str, list[bool]] = {}
    for outcome in outcomes:
        for tag in outcome["tags"]:
            per_tag.setdefault(tag, []).append(outcome["passed"])
    if not per_tag:
        return "## By tag\n\nNo case has tags."
    rows = [(tag, str(len(passes)), str(sum(passes)), format_rate(ratio(sum(passes), len(passes))))
            for tag, passes in sorted(per_tag.items())]
    return "## By tag\n\n" + table(["Tag", "Attempts", "Passed", "Pass rate"], rows)


def flakiest_section(outcomes: Sequence[OutcomeView]) -> str:
    """Cases whose attempts disagree, least agreement first; '' when no case was repeated."""
    by_case: dict[str, list[OutcomeView]] = {}
    for outcome in sorted(outcomes, key=lambda o: (o["case_key"], o["attempt"])):
        by_case.setdefault(outcome["case_key"], []).append(outcome)
    if all(len(attempts) < 2 for attempts in by_case.values()):
        return ""
    flaky = [(attempt_agreement([a["success_level"] for a in attempts]) or 1.0, key, attempts)
             for key, attempts in by_case.items() if is_flaky([a["passed"] for a in attempts])]
    if not flaky:
        return "## Flakiest cases\n\nNone: every case gave the same verdict in all attempts."
    rows = [(key, format_rate(agreement), ", ".join(a["success_level"] for a in attempts))
            for agreement, key, attempts in sorted(flaky)[:FLAKIEST_SHOWN]]
    return ("## Flakiest cases\n\n" + f"{len(flaky)} case(s) passed in some attempts and "
            "failed in others.\n\n" + table(["Case", "Attempt agreement", "Levels by attempt"],
                                              rows))


def failing_section(outcomes: Sequence[OutcomeView]) -> str:
    failing = [o for o in outcomes if not o["passed"]]
    if not failing:
        return "## Failing cases\n\nNone."
    parts = ["## Failing cases"]
    for outcome in sorted(failing, key=lambda o: (o["case_key"], o["attempt"])):
        parts.append(failing_case(outcome))
    return "\n\n".join(parts)


def failing_case(outcome: OutcomeView) -> str:
    """One failing attempt: its error and the results that decided it."""
    heading = (f"### `{outcome['case_key']}` attempt {outcome['attempt']}: "
               f"{outcome['success_level']} (score {outcome['score']:.2f})")
    lines = [heading]
    if outcome["error"]:
        lines.append(f"Error: {markdown_cell(outcome['error'])}")
    simulated = simulation_line(outcome)
    if simulated:
        lines.append(f"Simulated dialog: {markdown_cell(simulated)}")
    deviated = deviation_line(outcome)
    if deviated:
        lines.append(f"Simulated user: {markdown_cell(deviated)}")
    deciding = [r for r in outcome["results"] if deciding_result(r)]
    if deciding:
        rows = [(_rule_at(r), "yes" if r["implicit"] else "no",
                 "pass" if r["passed"] else "fail", f"{r['score']:.2f}",
                 shorten(located_reason(outcome, r), DETAIL_CHARS * 3))
                for r in deciding]
        lines.append(table(["Rule", "Implicit", "Verdict", "Score", "Why (expected vs got)"],
                           rows))
    elif not outcome["error"]:
        lines.append("No rule failed; the tier thresholds decided.")
    if outcome["turns"]:
        lines.append(dialog(outcome))
    return "\n\n".join(lines)


def _rule_at(result: RuleResultView) -> str:
    index = judged_turn(result)
    return result["rule_type"] if index is None else f"{result['rule_type']} ({turn_label(index)})"


def dialog(outcome: OutcomeView) -> str:
    """The attempt's conversation as quotes: what was sent and what the bot replied."""
    lines = []
    for turn in outcome["turns"]:
        who = (author_label(turn) or "user").capitalize()
        lines.append(f"> **{who} [{turn_number(turn['index'])}]:** "
                     f"{quoted(turn['sent_message'])}")
        if turn["error"]:
            lines.append(f"> **Error:** {quoted(turn['error'])}")
        else:
            latency = f" ({turn['latency_ms']} ms)" if turn["latency_ms"] is not None else ""
            lines.append(f"> **Bot{latency}:** {quoted(turn['reply'] or '')}")
        lines.append(">")
    return "\n".join(lines[:-1])


def quoted(text: str) -> str:
    """A message on one quoted line, capped with a visible marker."""
    flat = " ".join(text.split())
    if len(flat) <= DIALOG_MESSAGE_CHARS:
        return flat
    return flat[:DIALOG_MESSAGE_CHARS] + f" … [cut: {len(flat)} characters in all]"


def passing_section(outcomes: Sequence[OutcomeView]) -> str:
    """Passing attempts listed (one row each) up to 200 attempts; beyond, only counted."""
    passing = [o for o in outcomes if o["passed"]]
    if not passing:
        return "## Passing cases\n\nNone."
    if len(outcomes) > PASSING_LISTED_UP_TO:
        return (f"## Passing cases\n\n{len(passing)} attempts passed (not listed: the run "
                f"has more than {PASSING_LISTED_UP_TO} attempts).")
    rows = [(o["case_key"], str(o["attempt"]), o["success_level"], f"{o['score']:.2f}",
             shorten(" ".join((last_reply_of(o) or "").split()), MESSAGE_CHARS))
            for o in sorted(passing, key=lambda o: (o["case_key"], o["attempt"]))]
    return "## Passing cases\n\n" + table(["Case", "Attempt", "Level", "Score", "Last reply"],
                                            rows)


def last_reply_of(outcome: OutcomeView) -> str | None:
    replies = [turn["reply"] for turn in outcome["turns"] if turn["reply"] is not None]
    return replies[-1] if replies else None


def deciding_result(result: RuleResultView) -> bool:
    """Failed rules, plus intent and completion results since the tiers rest on them."""
    return not result["passed"] or result["rule_type"] in (INTENT_RULE, COMPLETION_RULE)


def slowest_turns_section(outcomes: Sequence[OutcomeView]) -> str:
    turns = [(turn["latency_ms"], outcome, turn) for outcome in outcomes
             for turn in outcome["turns"] if turn["latency_ms"] is not None]
    if not turns:
        return "## Slowest turns\n\nNo turn latency recorded."
    turns.sort(key=lambda item: item[0], reverse=True)
    rows = [(outcome["case_key"], str(outcome["attempt"]), str(turn_number(turn["index"])), str(latency),
             shorten(turn["sent_message"], MESSAGE_CHARS))
            for latency, outcome, turn in turns[:SLOWEST_TURNS_SHOWN]]
    return "## Slowest turns\n\n" + table(["Case", "Attempt", "Turn", "Latency ms", "Message"],
                                           rows)


# ---------------------------------------------------------------- helpers
# (tables, rates and timestamps every report shares: domain/markdown.py)


def shorten(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
