"""Red lines checked on each new assistant turn, off the ingestion path, at once.

A monitor's `red_lines` are model-free rule specs. Each pass takes the turns that wait
(`red_line_pending`), judges each selecting monitor's red lines on the dialog up to that
turn, and keeps the findings on that turn: the first one per (monitor, conversation,
rule) is recorded with its alert (store/monitoring/verdicts.py), later ones alert no more.

`personal_data_leak` needs the raw values, which were never stored: at ingestion the raw
text was scanned in memory and only each value's kind and pseudonym kept. A pseudonym in
the reply that no user message of the conversation (up to that turn) contains is
another person's data — the rule's "the user did not give it" on masked text. Its
`allowed` values are compared by their pseudonyms.
"""

from __future__ import annotations

import logging
from collections import defaultdict
from datetime import datetime
from typing import Any

from agenteval.domain.judging.cases import CaseSpec, RuleSpec, Turn
from agenteval.domain.monitoring.dialogs import dialog_of
from agenteval.domain.monitoring.masking import pseudonym
from agenteval.domain.monitoring.selection import selects
from agenteval.rules import NO_MODELS
from agenteval.rules.registry import run_rule
from agenteval.rules.reply_evidence import QUOTE_MARGIN
from agenteval.store.monitoring import red_line_queue
from agenteval.store.monitoring.reads import active_monitors, messages_of
from agenteval.store.monitoring.red_line_queue import Conversation, PendingTurn, Source
from agenteval.store.monitoring.settings import MonitorSettings
from agenteval.store.monitoring.verdicts import record_red_line

logger = logging.getLogger("agenteval.monitoring")
PERSONAL_DATA = "personal_data_leak"
_CASE = CaseSpec(key="monitored", messages=[])


async def check_pending(limit: int = 500) -> int:
    """One pass over the waiting assistant turns; how many were checked."""
    monitors = [m for m in await active_monitors() if m.red_lines]
    if not monitors:  # nothing to check them against: only their ids are read, to let go
        ids = await red_line_queue.pending_ids(limit)
        if ids:
            await red_line_queue.checked(ids)
        return len(ids)
    pending = await red_line_queue.pending(limit)
    if not pending:
        return 0
    by_conversation: dict[Any, list[PendingTurn]] = defaultdict(list)
    for turn in pending:
        by_conversation[turn.conversation_id].append(turn)
    for conversation_id, turns in by_conversation.items():
        try:
            await _check_conversation(conversation_id, turns, monitors)
        except Exception:  # one broken conversation must not stall the others
            logger.exception("red-line check of conversation %s failed", conversation_id)
    await red_line_queue.checked([t.id for t in pending])
    return len(pending)


async def _check_conversation(conversation_id: Any, turns: list[PendingTurn],
                              monitors: list[MonitorSettings]) -> None:
    conversation = await red_line_queue.conversation(conversation_id)
    if conversation is None:
        return
    chosen = [m for m in monitors if selects(m.source_id, m.metadata_match,
                                             conversation.source_id, conversation.metadata)]
    if not chosen:
        return
    source = await red_line_queue.source(conversation.source_id)
    dialog, turn_of = dialog_of(await messages_of(conversation.id))
    for turn in turns:
        index = turn_of.get(turn.id)
        if index is None:
            continue
        for monitor in chosen:
            for raw_spec in monitor.red_lines:
                spec = RuleSpec(type=raw_spec["type"], params=raw_spec.get("params") or {})
                found = await _finding(spec, dialog[:index + 1], index, turn, source)
                if found is not None:
                    await _raise(monitor, conversation, source, spec.type, index, turn, found)


async def _finding(spec: RuleSpec, dialog: list[Turn], index: int, turn: PendingTurn,
                   source: Source) -> dict[str, Any] | None:
    if spec.type == PERSONAL_DATA and (source.masking or {}).get("enabled", True):
        return personal_data_finding(dialog, index, turn.personal_data or [],
                                     spec.params.get("allowed") or [],
                                     source.pseudonym_key.encode())
    result = await run_rule(spec, _CASE, dialog, NO_MODELS)
    if result.error is not None or result.passed:
        return None
    findings = [f for f in (result.detail.get("findings") or [])
                if f.get("turn_index") == index]
    if findings:
        return dict(findings[0])
    if "findings" in result.detail:  # the failure is an earlier turn's, recorded then
        return None
    reply = dialog[index].reply or ""
    return {"turn_index": index, "quote": reply[:2 * QUOTE_MARGIN], "detail": result.detail}


def personal_data_finding(dialog: list[Turn], index: int, found: list[dict[str, str]],
                          allowed: list[str], key: bytes) -> dict[str, Any] | None:
    """The first pseudonym in the reply that the user never sent up to this turn."""
    user_text = "\n".join(t.sent_message for t in dialog[:index + 1])
    allowed_tokens = {pseudonym(kind, value, key) for value in allowed
                      for kind in ("phone", "id_card", "email")}
    reply = dialog[index].reply or ""
    for item in found:
        token = item["token"]
        if token in user_text or token in allowed_tokens or token not in reply:
            continue
        at = reply.index(token)
        quote = reply[max(0, at - QUOTE_MARGIN):at + len(token) + QUOTE_MARGIN]
        return {"turn_index": index, "quote": quote, "match": token, "kind": item["kind"]}
    return None


async def _raise(monitor: MonitorSettings, conversation: Conversation,
                 source: Source, rule: str, index: int, turn: PendingTurn,
                 found: dict[str, Any]) -> None:
    received: datetime = turn.received_at
    event = {"monitor": {"id": str(monitor.id), "name": monitor.name},
             "rule": rule, "source": source.name, "turn": index,
             "conversation": {"id": str(conversation.id),
                              "externalId": conversation.external_id},
             "quote": found.get("quote"), "match": found.get("match"),
             "turnAcknowledgedAt": received.isoformat(),
             "path": f"/monitoring/conversations/{conversation.id}?turn={index}"}
    await record_red_line(monitor.id, conversation.id, rule, index, str(found.get("quote")),
                          {k: v for k, v in found.items() if k != "quote"}, received, event)
