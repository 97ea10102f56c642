"""Simulated cases in words, for every report a person reads (terminal, Markdown, JUnit).

Who wrote a turn (`author_label`) and how the simulated dialog went and ended
(`simulation_line`), from an attempt's `simulation` record and its turns' `author`s.
Pure functions.
"""

from __future__ import annotations

from typing import Any

from agenteval.domain.static.run_views import OutcomeView, TurnView

STOPS = {
    "simulator_done": "the simulated user said it is done (goal reached or given up)",
    "script_end": "the script's last follow-up was said",
    "phrase": "a stop phrase appeared in a reply",
    "max_turns": "max_turns was reached",
    "simulator_failed": "the SIMULATOR model failed",
    "target_error": "the target failed",
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
