"""Full-text search results (issue 41): one hit per conversation, with a link target."""

from __future__ import annotations

from enum import Enum

import strawberry

from agenteval.store.search import documents
from agenteval.store.search.search_reads import SearchHit as StoredHit
from agenteval.store.search.snippets import snippet


@strawberry.enum(description="What a search hit is a conversation of.")
class SearchKind(Enum):
    RUN = documents.RUN              # a static run's case attempt
    SESSION = documents.SESSION      # an intelligent eval's session
    MONITORED = documents.MONITORED  # a monitored (ingested) conversation
    IMPORTED = documents.IMPORTED    # a dialog of an imported conversation set


@strawberry.type(description="Part of a snippet; `highlighted` parts are the query's words.")
class SnippetFragment:
    text: str
    highlighted: bool


@strawberry.type(description=(
    "A conversation that matched, at its first matching message. Link targets by kind: "
    "RUN → run `ownerId`, case outcome `conversationId`; SESSION → eval `ownerId`, "
    "session `conversationId`; MONITORED → monitored conversation `conversationId`; "
    "IMPORTED → conversation set `ownerId`, dialog `dialogIndex`."))
class SearchHit:
    kind: SearchKind
    conversation_id: strawberry.ID
    owner_id: strawberry.ID
    title: str | None = strawberry.field(description=(
        "What the conversation is called: the case key (RUN), the session's goal (SESSION), "
        "the conversation id the sender gave (MONITORED), the log's name and dialog number "
        "(IMPORTED); null when it was deleted since."))
    dialog_index: int | None
    turn_index: int = strawberry.field(description="The matching message's turn, from 0.")
    role: str
    snippet: list[SnippetFragment]
    matches: int = strawberry.field(description=(
        "Messages of the conversation that matched (what ranks it: most first)."))
    message_key: str | None = strawberry.field(default=None, description=(
        "MONITORED: the matching message's `messageKey` (its conversation page opens at it); "
        "null for the other kinds."))
    case_key: str | None = strawberry.field(default=None, description=(
        "RUN: the attempt's case key (the run's report opens at it); null for the other kinds "
        "or when the run was deleted since."))
    attempt: int | None = strawberry.field(default=None, description=(
        "RUN: the attempt of `caseKey`, from 0; null otherwise."))

    @classmethod
    def from_stored(cls, hit: StoredHit, words: list[str], title: str | None,
                    case: tuple[str, int] | None = None) -> SearchHit:
        dialog = None
        if hit.kind == documents.IMPORTED:
            dialog = int(hit.conversation_key.rpartition(":")[2])
        message_key = None
        if hit.kind == documents.MONITORED and hit.source_key:
            message_key = hit.source_key.partition(":")[2]  # "<conversation id>:<message key>"
        in_run = case if hit.kind == documents.RUN else None
        return cls(kind=SearchKind(hit.kind), conversation_id=strawberry.ID(hit.conversation_key),
                   owner_id=strawberry.ID(hit.owner_id), title=title, dialog_index=dialog,
                   turn_index=hit.position, role=hit.role,
                   snippet=[SnippetFragment(text=text, highlighted=marked)
                            for text, marked in snippet(hit.content, words)],
                   matches=hit.matches, message_key=message_key,
                   case_key=in_run[0] if in_run else None,
                   attempt=in_run[1] if in_run else None)
