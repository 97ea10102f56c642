"""What is indexed: one document per message, built from what each writer already holds.

A document is one message (a user's or the bot's), grouped by its conversation
(`conversation_key`): a case attempt of a static run, an intelligent session, a monitored
conversation, or one dialog of an imported log. `owner_id` is what deletes it with its
source (a run, an eval, a monitored conversation, a conversation set) and what a result
links to besides the conversation. `source_key` makes every write idempotent: writing a
message twice (a retry, the backfill) keeps one document. Pure: no I/O.
"""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

RUN = "run"              # a static run's case attempt: owner = run id, conversation = outcome id
SESSION = "session"      # an intelligent session: owner = eval id, conversation = session id
MONITORED = "monitored"  # an ingested conversation: owner = conversation = its id
IMPORTED = "imported"    # a conversation set's dialog: owner = set id, conversation = "set:dialog"
KINDS = (RUN, SESSION, MONITORED, IMPORTED)

# Enough text for a snippet around any match of a long reply; the words index it all.
MAX_CONTENT = 20_000


@dataclass(frozen=True)
class SearchDocument:
    kind: str
    source_key: str
    owner_id: str
    conversation_key: str
    position: int  # the turn, counted from 0 as stored
    role: str      # user | assistant (monitoring also tool)
    content: str

    @property
    def conversation_no(self) -> int:
        return conversation_number(self.kind, self.conversation_key)


def conversation_number(kind: str, conversation_key: str) -> int:
    """A stable 63-bit number for the conversation (what a search groups by): BIGINT on
    both backends, collisions as likely as two equal random 63-bit numbers."""
    digest = hashlib.blake2b(f"{kind}\0{conversation_key}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def _document(kind: str, source_key: str, owner: Any, conversation: Any, position: int,
              role: str, content: str | None) -> SearchDocument | None:
    if not content or not content.strip():
        return None
    return SearchDocument(kind, source_key, str(owner), str(conversation), position, role,
                          content[:MAX_CONTENT])


def _present(documents: Iterable[SearchDocument | None]) -> list[SearchDocument]:
    return [document for document in documents if document is not None]


def of_run_turns(run_id: uuid.UUID | str, turns: Sequence[Sequence[Any]]) -> list[SearchDocument]:
    """Run turns as `run_rows.attempt_rows` prepares them: (outcome id, index,
    sent message, reply, …)."""
    documents: list[SearchDocument | None] = []
    for outcome, index, sent, reply, *_ in turns:
        documents.append(_document(RUN, f"{outcome}:{index}:u", run_id, outcome, index,
                                   "user", sent))
        documents.append(_document(RUN, f"{outcome}:{index}:a", run_id, outcome, index,
                                   "assistant", reply))
    return _present(documents)


def of_session_messages(eval_id: uuid.UUID | str, session_id: uuid.UUID | str,
                        messages: Iterable[Any]) -> list[SearchDocument]:
    """EvalMessage rows (or anything with id, turn_index, role, content)."""
    return _present(_document(SESSION, str(message.id), eval_id, session_id,
                              message.turn_index, str(message.role).lower(), message.content)
                    for message in messages)


def of_monitored_turns(turns: Iterable[Any]) -> list[SearchDocument]:
    """MonitoredTurn rows (masked as stored): the conversation is their owner."""
    return _present(_document(MONITORED, f"{turn.conversation_id}:{turn.message_key}",
                              turn.conversation_id, turn.conversation_id,
                              turn.position if turn.position is not None else 0,
                              turn.role, turn.content)
                    for turn in turns)


def of_conversation_set(set_id: uuid.UUID | str, dialogs: Sequence[dict[str, Any]]
                        ) -> list[SearchDocument]:
    """An imported log's dialogs: each turn holds the user's message and the logged reply."""
    documents: list[SearchDocument | None] = []
    for number, dialog in enumerate(dialogs):
        conversation = f"{set_id}:{number}"
        for index, turn in enumerate(dialog.get("turns", [])):
            for role, field, side in (("user", "user", "u"), ("assistant", "reply", "a")):
                text = turn.get(field)
                documents.append(_document(IMPORTED, f"{conversation}:{index}:{side}", set_id,
                                           conversation, index, role,
                                           text if isinstance(text, str) else None))
    return _present(documents)
