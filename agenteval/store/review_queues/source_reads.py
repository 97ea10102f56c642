"""What review queues sample from and what a reviewer reads beside an item, on the database:
a run's attempts with their rule results, an eval's sessions, a monitor's latest judged
verdicts, and the turns of an attempt, a session or a production conversation.

The rows still cross this port (read-only); exported so the engine names them."""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from agenteval.store.models import (
    CaseOutcome,
    EvalMessage,
    EvalSession,
    Monitor,
    MonitoredConversation,
    MonitoredTurn,
    MonitorVerdict,
    RedLineHit,
    RuleResultRow,
    RunTurn,
)

__all__ = ["CaseOutcome", "EvalMessage", "EvalSession", "MonitorJudged", "MonitorVerdict",
           "MonitoredConversation", "MonitoredTurn", "RuleResultRow", "RunTurn",
           "attempt_turns", "attempts_of", "conversation_turns", "monitor_judged",
           "session_messages", "sessions_of"]


async def attempts_of(run_id: uuid.UUID, only: tuple[str, int] | None = None
                      ) -> tuple[list[CaseOutcome], dict[uuid.UUID, list[RuleResultRow]]]:
    """The run's attempts (or only the (case key, attempt) given) in case order, and each
    one's rule results by position."""
    query = CaseOutcome.filter(run_id=run_id)
    if only is not None:
        query = query.filter(case_key=only[0], attempt=only[1])
    outcomes = list(await query.order_by("position", "attempt"))
    results: dict[uuid.UUID, list[RuleResultRow]] = {}
    for row in await RuleResultRow.filter(outcome_id__in=[o.id for o in outcomes]
                                          ).order_by("position"):
        results.setdefault(row.outcome_id, []).append(row)
    return outcomes, results


async def sessions_of(eval_id: uuid.UUID) -> list[EvalSession]:
    """The eval's sessions, oldest first."""
    return list(await EvalSession.filter(eval_id=eval_id).order_by("created_at"))


@dataclass(frozen=True)
class MonitorJudged:
    """Each conversation's latest JUDGED verdict of a monitor (in the order first judged),
    the conversations still stored, and those with a red-line hit of the monitor."""

    latest: dict[uuid.UUID, MonitorVerdict]
    conversations: dict[uuid.UUID, MonitoredConversation]
    red_lined: set[uuid.UUID]


async def monitor_judged(monitor_id: uuid.UUID) -> MonitorJudged | None:
    """None when the monitor does not exist."""
    if not await Monitor.exists(id=monitor_id):
        return None
    latest: dict[uuid.UUID, MonitorVerdict] = {}
    for verdict in await MonitorVerdict.filter(monitor_id=monitor_id, status="JUDGED"
                                               ).order_by("judged_at"):
        latest[verdict.conversation_id] = verdict
    conversations = {c.id: c for c in await MonitoredConversation.filter(id__in=list(latest))}
    red = {hit["conversation_id"] for hit in await RedLineHit.filter(
        monitor_id=monitor_id).values("conversation_id")}
    return MonitorJudged(latest, conversations, red)


async def attempt_turns(run_id: uuid.UUID, case_key: str, attempt: int) -> list[RunTurn]:
    """The attempt's turns in order; none when the run has no such attempt."""
    outcome = await CaseOutcome.get_or_none(run_id=run_id, case_key=case_key, attempt=attempt)
    if outcome is None:
        return []
    return list(await RunTurn.filter(outcome_id=outcome.id).order_by("index"))


async def session_messages(session_id: uuid.UUID) -> list[EvalMessage]:
    return list(await EvalMessage.filter(session_id=session_id).order_by("index"))


async def conversation_turns(conversation_id: uuid.UUID) -> list[MonitoredTurn]:
    """A production conversation's turns as stored (masked), in order."""
    return list(await MonitoredTurn.filter(conversation_id=conversation_id).order_by(
        "received_at", "id"))
