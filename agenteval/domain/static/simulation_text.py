"""Simulated cases in words, for every report a person reads (terminal, Markdown, JUnit).

Who wrote a turn (`author_label`) and how the simulated dialog went and ended
(`simulation_line`), from an attempt's `simulation` record and its turns' `author`s;
how its user deviated (`deviation_line`) and the run's simulator figures
(`simulator_summary_rows`, issue 40).
Pure functions.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from agenteval.domain.static.pass_hat import format_curve
from agenteval.domain.static.run_summary import RunSummaryData
from agenteval.domain.static.run_views import OutcomeView, TurnView
from agenteval.domain.turn_numbers import turn_number

STOPS = {
    "simulator_done": "the simulated user said it is done (goal reached or given up)",
    "script_end": "the script's last follow-up was said",
    "phrase": "a stop phrase appeared in a reply",
    "max_turns": "max_turns was reached",
    "simulator_failed": "the SIMULATOR model failed",
    "target_error": "the target failed",
    "simulator_deviated": "the simulated user deviated (the dialog was cut there)",
}
AUTHORS = {"simulator": "simulated user", "script": "scripted user"}


def author_label(turn: TurnView) -> str | None:
    """"simulated user" (the SIMULATOR wrote it), "scripted user" (a follow-up), else None
    (the case's own words)."""
    return AUTHORS.get(str(turn.get("author")))


def simulation_line(outcome: OutcomeView) -> str | None:
    """E.g. `simulated by model sim-1: 3 turns (2 by the simulator); ended: the simulated
    user said it is done (goal reached or given up) — "booked"`; None for other cases."""
    record: dict[str, Any] | None = outcome.get("simulation")
    if not record:
        return None
    who = (f"model {record.get('model')}" if record.get("simulator") == "model"
           else "script (follow_ups)")
    written = sum(1 for turn in outcome["turns"] if turn.get("author") == "simulator")
    turns = record.get("turns", len(outcome["turns"]))
    by_model = f" ({written} by the simulator)" if record.get("simulator") == "model" else ""
    stop = str(record.get("stop"))
    ended = STOPS.get(stop, stop)
    detail = record.get("detail")
    said = f" — {detail!r}" if detail and stop != "simulator_failed" else ""
    return f"simulated by {who}: {turns} turns{by_model}; ended: {ended}{said}"


RESOLUTIONS = {
    "simulator": "still deviating after the reruns: a simulator error, not the bot's failure",
    "scenario": "a scenario-authoring error (the case's own script), not rerun",
}


def deviation_line(outcome: OutcomeView) -> str | None:
    """E.g. `simulated user deviated at turn 3 (invented_fact): states order number …;
    played again 2 times; still deviating after the reruns: a simulator error, not the
    bot's failure`; None when the attempt's user never deviated."""
    record: dict[str, Any] | None = outcome.get("simulation")
    if not record:
        return None
    earlier = record.get("rerun_deviations") or []
    shown = record.get("deviation") or (earlier[-1] if earlier else None)
    if not isinstance(shown, dict):
        return None
    reruns = int(record.get("reruns") or 0)
    line = (f"simulated user deviated at turn {turn_number(shown.get('turn'))} "
            f"({shown.get('kind')}): {shown.get('reason')}")
    if reruns:
        line += f"; played again {reruns} time{'s' if reruns != 1 else ''}"
    resolution = RESOLUTIONS.get(str(record.get("deviation_error")))
    return f"{line}; {resolution or 'the last rerun was clean and is the attempt'}"


def simulator_summary_rows(summary: RunSummaryData, rate: Callable[[float | None], str]
                           ) -> list[tuple[str, str]]:
    """The summary's simulator figures as (label, value) rows; none for a run no SIMULATOR
    model played a user in (and for summaries stored before the audit)."""
    if summary.simulator_error_count is None or not (summary.simulators or
                                                     summary.simulator_error_count):
        return []
    per_model = ", ".join(f"{r.model} {r.errors}/{r.attempts} ({rate(r.error_rate)}; "
                          f"{r.reruns} rerun{'s' if r.reruns != 1 else ''})"
                          for r in summary.simulators or [])
    rows = [("Simulator errors (user still deviating after reruns)",
             f"{summary.simulator_error_count}" + (f" — {per_model}" if per_model else "")),
            ("Pass rate without simulator errors",
             rate(summary.pass_rate_excluding_simulator_errors))]
    if summary.pass_hat_curve_excluding_simulator_errors:
        rows.append(("pass^k without simulator errors",
                     format_curve(summary.pass_hat_curve_excluding_simulator_errors)))
    return rows
