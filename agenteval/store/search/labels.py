"""What a result is called in a list: the case key of a run's attempt, a session's goal, a
monitored conversation's own id, an imported log's name and dialog. One query per kind
on a page; a conversation gone since it was indexed has no label (None). A run's attempt
also gives its case key and attempt, where the run's report opens at it."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field

from agenteval.store.models import CaseOutcome, ConversationSet, EvalSession, MonitoredConversation
from agenteval.store.search import documents
from agenteval.store.search.search_reads import SearchHit


def _ids(hits: Sequence[SearchHit], kind: str, owner: bool = False) -> list[uuid.UUID]:
    found = []
    for hit in hits:
        if hit.kind == kind:
            try:
                found.append(uuid.UUID(hit.owner_id if owner else hit.conversation_key))
            except ValueError:
                continue
    return found


@dataclass(frozen=True)
class Labels:
    # (kind, conversation key) → label, for the hits whose conversation still exists.
    titles: dict[tuple[str, str], str] = field(default_factory=dict)
    # A run attempt's outcome id → (case key, attempt from 0).
    cases: dict[str, tuple[str, int]] = field(default_factory=dict)


async def labels(hits: Sequence[SearchHit]) -> Labels:
    """What each hit is called, and where a run's hit opens."""
    found = Labels()
    named = found.titles
    if ids := _ids(hits, documents.RUN):
        for key, case_key, attempt in await CaseOutcome.filter(id__in=ids).values_list(
                "id", "case_key", "attempt"):
            named[(documents.RUN, str(key))] = case_key + (f" #{attempt + 1}" if attempt else "")
            found.cases[str(key)] = (case_key, attempt)
    if ids := _ids(hits, documents.SESSION):
        for key, goal in await EvalSession.filter(id__in=ids).values_list("id", "goal"):
            named[(documents.SESSION, str(key))] = str(goal)[:200]
    if ids := _ids(hits, documents.MONITORED):
        for key, external in await MonitoredConversation.filter(id__in=ids).values_list(
                "id", "external_id"):
            named[(documents.MONITORED, str(key))] = str(external)
    if ids := _ids(hits, documents.IMPORTED, owner=True):
        names = dict(await ConversationSet.filter(id__in=ids).values_list("id", "name"))
        for hit in hits:
            if hit.kind == documents.IMPORTED:
                name = names.get(uuid.UUID(hit.owner_id))
                if name is not None:
                    dialog = int(hit.conversation_key.rpartition(":")[2]) + 1
                    named[(documents.IMPORTED, hit.conversation_key)] = f"{name} #{dialog}"
    return found
