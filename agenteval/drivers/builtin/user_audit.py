"""The built-in driver's model-played virtual users audited like simulated cases' (issue 40).

After a session, the turns the SIMULATOR model wrote are checked without a model
(domain/judging/simulator_audit): facts stated that are in none of the persona, the goal,
the seed script's facts or the bot's earlier replies, role inversion, meta-talk, and — when
the seed's script names success signals — quitting before any reply contained one. The
deviations go into the verdict's provenance (`provenance.simulator.deviations`), so the
session is marked where its verdict is read, and the eval's report flags findings whose
evidence rests on a deviated turn. A session is not replayed: its turns are the eval's
record.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from agenteval.domain.judging.simulator_audit import AuditedMessage, UserBrief, audit_dialog
from agenteval.drivers.builtin.detectors import Turn

MAX_DEVIATIONS = 5  # the provenance object is small (MAX_PROVENANCE_CHARS)
QUOTE_CHARS = 120


def session_deviations(persona: dict[str, Any], goal: str, facts: Sequence[str],
                       success_signals: Sequence[str], turns: Sequence[Turn],
                       ended_by_user: bool) -> list[dict[str, Any]]:
    """[{turn, kind, reason, quote}] of the session's user turns (turn: 0-based turnIndex)."""
    messages: list[AuditedMessage] = []
    turn_of: list[int] = []
    for turn in turns:
        messages.append(AuditedMessage("user", turn.user, "simulator"))
        turn_of.append(turn.index)
        if turn.error is None and turn.reply:
            messages.append(AuditedMessage("assistant", turn.reply))
            turn_of.append(turn.index)
    brief = UserBrief(persona=persona, goal=goal, follow_ups=list(facts),
                      stop_phrases=list(success_signals))
    found = audit_dialog(brief, messages, ended_by_user)
    return [{"turn": turn_of[d.turn], "kind": d.kind, "reason": d.reason[:200],
             "quote": d.quote[:QUOTE_CHARS]} for d in found[:MAX_DEVIATIONS]]
