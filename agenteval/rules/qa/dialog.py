"""A conversation as QA reads it: who said what, in order, normalised once per utterance.

QA operators ask *who* said something and *where*: the dialog is a list of utterances,
each with its role (`bot` or `user`), its turn index (for AgentEval's turns, the turn's
index — the user message and the bot's reply share it; for a logged message list, the
message's position) and two normalised forms computed once:

- `norm`: Unicode NFKC (full-width → half-width: ｆｒｅｅ → free, １００％ → 100%) and
  case-folded, with runs of whitespace collapsed to one space;
- `compact`: `norm` without whitespace (U+3000 included) and the separators
  `. - _ * · ・ /` that obfuscation puts between characters ("退 款 保 证",
  "全·网·最·低"), as the red team's spacing/full-width probes write them.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Literal

from agenteval.domain.judging.cases import Turn

Role = Literal["bot", "user"]
RoleScope = Literal["bot", "user", "both"]
ROLE_SCOPES: tuple[RoleScope, ...] = ("bot", "user", "both")
BOT_ROLES = {"assistant", "bot", "agent", "坐席", "客服"}
USER_ROLES = {"user", "customer", "human", "客户", "用户"}

_SPACES = re.compile(r"\s+")
_SEPARATORS = re.compile(r"[\s.\-_*·・/]+")
QUOTE_MARGIN = 40
MAX_QUOTE = 200


def normalise(text: str) -> str:
    """NFKC, case-folded, whitespace collapsed (the `norm` form)."""
    return _SPACES.sub(" ", unicodedata.normalize("NFKC", text).casefold()).strip()


def compact(norm: str) -> str:
    """`norm` without whitespace and obfuscation separators (the `compact` form)."""
    return _SEPARATORS.sub("", norm)


# Not frozen: a frozen dataclass sets each field through object.__setattr__, which doubles
# the cost of building the 20 utterances of a conversation (the bench's hot path).
@dataclass(slots=True)
class Utterance:
    """One message: its position in the dialog, role, text and normalised forms (read-only
    by convention: built once per conversation, read by every item)."""

    position: int
    role: Role
    text: str
    turn_index: int
    norm: str
    compact: str
    latency_ms: float | None = None
    # No reply at all (a target error, or nothing sent back): not the same as "" sent.
    missing: bool = False

    @property
    def empty(self) -> bool:
        return self.missing or not self.norm

    def evidence(self, match: str | None = None, **extra: Any) -> dict[str, Any]:
        """`{"turn_index", "role", "quote", "match"?}`: the quote is cut from the text itself."""
        return {"turn_index": self.turn_index, "role": self.role,
                "quote": quote_of(self.text, match), **({"match": match} if match else {}),
                **extra}


def quote_of(text: str, match: str | None) -> str:
    """The text around `match` (found as written, or at the same place of the NFKC form),
    or the text's start when it cannot be located."""
    start = -1
    if match:
        start = text.casefold().find(match)
        if start < 0:
            folded = unicodedata.normalize("NFKC", text).casefold()
            if len(folded) == len(text):
                start = folded.find(match)
    if start < 0:
        return text[:MAX_QUOTE]
    return text[max(0, start - QUOTE_MARGIN):start + len(match or "") + QUOTE_MARGIN]


def utterance(position: int, role: Role, text: str, turn_index: int,
              latency_ms: float | None = None, missing: bool = False) -> Utterance:
    norm = normalise(text)
    return Utterance(position, role, text, turn_index, norm, compact(norm), latency_ms, missing)


@dataclass(frozen=True)
class QaDialog:
    """The utterances of one conversation, in order, with each role's list at hand."""

    utterances: tuple[Utterance, ...]
    meta: Mapping[str, Any] = field(default_factory=dict)

    @cached_property
    def bot(self) -> tuple[Utterance, ...]:
        return tuple(u for u in self.utterances if u.role == "bot")

    @cached_property
    def user(self) -> tuple[Utterance, ...]:
        return tuple(u for u in self.utterances if u.role == "user")

    def of(self, scope: RoleScope) -> tuple[Utterance, ...]:
        return self.utterances if scope == "both" else self.bot if scope == "bot" else self.user


def from_turns(turns: Sequence[Turn]) -> QaDialog:
    """AgentEval's turns: each is the user's message, then the bot's reply (or its absence)."""
    utterances: list[Utterance] = []
    for turn in turns:
        utterances.append(utterance(len(utterances), "user", turn.sent_message, turn.index))
        utterances.append(utterance(len(utterances), "bot", turn.reply or "", turn.index,
                                    turn.latency_ms, missing=turn.reply is None))
    return QaDialog(tuple(utterances))


def role_of(name: Any) -> Role | None:
    """`bot` for assistant/bot/agent, `user` for user/customer; None for system, tool …"""
    if not isinstance(name, str):
        return None
    lowered = name.strip().lower()
    return "bot" if lowered in BOT_ROLES else "user" if lowered in USER_ROLES else None


def from_messages(messages: Sequence[Mapping[str, Any]]) -> QaDialog:
    """A logged message list (`{"role", "content", "latency_ms"?}`); other roles are skipped.
    Each message's turn index is its position in the list."""
    utterances: list[Utterance] = []
    for index, message in enumerate(messages):
        role = role_of(message.get("role"))
        content = message.get("content")
        if role is None or not isinstance(content, str | None):
            continue
        latency = message.get("latency_ms")
        utterances.append(utterance(len(utterances), role, content or "", index,
                                    latency if isinstance(latency, int | float) else None,
                                    missing=content is None))
    return QaDialog(tuple(utterances))
