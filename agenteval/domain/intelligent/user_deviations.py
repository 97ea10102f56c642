"""What an eval's report says of virtual users that deviated (issue 40): the sessions
marked, and evidence resting on a deviated user turn flagged, as unverified evidence is.

The built-in driver audits its model-played users and stores what it found in the
session's verdict (`provenance.simulator.deviations`: [{turn, kind, reason, quote}],
drivers/builtin/user_audit.py). Nothing is trusted for a decision: it is shown. Pure.
"""

from __future__ import annotations

from typing import Any

from agenteval.domain.eval_language import Language
from agenteval.domain.report_words import words
from agenteval.domain.turn_numbers import turn_number

DeviatedTurns = dict[tuple[str, int], dict[str, Any]]


def session_deviations(session: dict[str, Any]) -> list[dict[str, Any]]:
    """The deviations the driver recorded in the session's verdict ([] when none)."""
    verdict = session.get("verdict") or {}
    simulator = ((verdict.get("provenance") or {}) if isinstance(verdict, dict) else {}
                 ).get("simulator") or {}
    found = simulator.get("deviations") if isinstance(simulator, dict) else None
    return [d for d in found or [] if isinstance(d, dict) and isinstance(d.get("turn"), int)]


def deviated_turns(sessions: list[dict[str, Any]]) -> DeviatedTurns:
    """(session id, 0-based turn) → the deviation found at that turn."""
    return {(str(session.get("id")), d["turn"]): d for session in sessions
            for d in session_deviations(session)}


def rests_on_deviation(evidence: dict[str, Any], deviated: DeviatedTurns) -> dict[str, Any] | None:
    turn = evidence.get("turnIndex")
    if not isinstance(turn, int):
        return None
    return deviated.get((str(evidence.get("sessionId")), turn))


def evidence_note(evidence: dict[str, Any], deviated: DeviatedTurns,
                  lang: Language) -> list[str]:
    """A warning under evidence whose turn's user deviated ([] otherwise)."""
    deviation = rests_on_deviation(evidence, deviated)
    if deviation is None:
        return []
    return ["", words(lang, "    - ⚠ The simulated user deviated at this turn ({kind}: "
                            "{reason}): this evidence may show the simulator's fault, not "
                            "the bot's.", kind=deviation.get("kind"),
                      reason=" ".join(str(deviation.get("reason")).split()))]


def summary_note(evidence: list[dict[str, Any]], deviated: DeviatedTurns,
                 lang: Language) -> str | None:
    """How much of the evidence rests on deviated user turns; None when none does."""
    count = sum(1 for item in evidence if rests_on_deviation(item, deviated) is not None)
    if not count:
        return None
    return words(lang, "**{count} of {total} evidence quotes rest on a turn where the "
                       "simulated user deviated** from its persona or goal; they are flagged "
                       "below.", count=count, total=len(evidence))


def sessions_note(sessions: list[dict[str, Any]], lang: Language) -> str | None:
    """The sessions whose virtual user deviated, one line each; None when none did."""
    lines = []
    for session in sessions:
        for d in session_deviations(session):
            lines.append(words(lang, "- session `{short}`, turn {turn} ({kind}): {reason}",
                               short=str(session.get("id"))[:8], turn=turn_number(d["turn"]),
                               kind=d.get("kind"), reason=" ".join(str(d.get("reason")).split())))
    if not lines:
        return None
    return words(lang, "Sessions whose simulated user deviated (found without a model by the "
                       "built-in driver):") + "\n\n" + "\n".join(lines)
