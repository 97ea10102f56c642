"""Production conversations as review candidates: each conversation's latest JUDGED verdict
of a monitor (the production QA issue), with its red-line hits counting as vetoes."""

from __future__ import annotations

import uuid
from collections.abc import Sequence

from agenteval.domain.review_queues.entries import rubric_entries, signals
from agenteval.domain.review_queues.selection import Candidate
from agenteval.engine.review_queues.candidates import Reviewable, judge_rule_types
from agenteval.errors import NotFound
from agenteval.store.review_queues import source_reads


async def monitor_items(monitor_id: uuid.UUID) -> list[Reviewable]:
    judged_verdicts = await source_reads.monitor_judged(monitor_id)
    if judged_verdicts is None:
        raise NotFound(f"monitor {monitor_id} does not exist")
    latest, conversations = judged_verdicts.latest, judged_verdicts.conversations
    red = judged_verdicts.red_lined
    judged = judge_rule_types()
    found = []
    for conversation_id, verdict in latest.items():
        conversation = conversations.get(conversation_id)
        if conversation is None:
            continue  # purged since
        results = [r for r in verdict.results or [] if r.get("status") in ("passed", "failed")]
        signal = signals([(r["ruleType"], r["status"] == "passed", r.get("detail") or {})
                          for r in results])
        signal["vetoed"] = signal["vetoed"] or conversation_id in red
        candidate = Candidate(
            target=f"conversation:{conversation_id}", owner=str(monitor_id),
            kind="CONVERSATION", day=conversation.first_seen_day.isoformat(),
            metadata=conversation.metadata or {}, **signal)
        entries = [e for index, r in enumerate(verdict.results or []) for e in rubric_entries(
            index, r["ruleType"], r.get("status") == "passed", r.get("detail") or {},
            r.get("error"), judged)]
        found.append(Reviewable(candidate, None, None, {
            "successLevel": verdict.success_level, "monitorId": str(monitor_id),
            "conversationId": str(conversation_id), "verdictId": str(verdict.id),
            "entries": entries}))
    return found


async def monitors_reviewables(monitor_ids: Sequence[uuid.UUID]) -> list[Reviewable]:
    found = []
    for monitor_id in monitor_ids:
        found.extend(await monitor_items(monitor_id))
    return found
