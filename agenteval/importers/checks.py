"""What a case or a message carries: expectation keys and rules, merged as they are added."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Checks:
    """The `expect` keys and `eval_rules` gathered for one turn."""

    expect: dict[str, Any] = field(default_factory=dict)
    rules: list[dict[str, Any]] = field(default_factory=list)

    def add_texts(self, key: str, texts: list[str]) -> None:
        """contains / not_contains accumulate: every text must (not) appear."""
        current = self.expect.get(key, [])
        self.expect[key] = [*current, *texts]

    def add_regex(self, pattern: str) -> None:
        current = self.expect.get("regex", [])
        self.expect["regex"] = [*current, pattern]

    def empty(self) -> bool:
        return not self.expect and not self.rules

    def message(self, text: str) -> str | dict[str, Any]:
        """The message as a document writes it: a plain string when nothing checks it."""
        if self.empty():
            return text
        entry: dict[str, Any] = {"user": text}
        if self.expect:
            entry["expect"] = self.expect
        if self.rules:
            entry["eval_rules"] = self.rules
        return entry


def any_of(texts: list[str], ignore_case: bool = True) -> str:
    """A regex matching when any of the texts appears."""
    body = "|".join(re.escape(t) for t in texts)
    return f"(?i)(?:{body})" if ignore_case else f"(?:{body})"


def exactly(text: str, ignore_case: bool = False) -> str:
    """A regex matching a reply that is `text` (surrounding whitespace aside)."""
    flags = "(?is)" if ignore_case else "(?s)"
    return flags + rf"^\s*{re.escape(text)}\s*$"


def case_document(case_id: str, messages: list[Any], tags: list[str],
                  description: str | None = None) -> dict[str, Any]:
    """A scenario case; a one-message case keeps the plain single-turn shape."""
    del description  # the scenario format has no per-case description; ids carry it
    case: dict[str, Any] = {"id": case_id}
    if len(messages) == 1 and isinstance(messages[0], dict):
        only = messages[0]
        case["message"] = only["user"]
        if "expect" in only:
            case["expectation"] = only["expect"]
        if "eval_rules" in only:
            case["eval_rules"] = only["eval_rules"]
    elif len(messages) == 1:
        case["message"] = messages[0]
    else:
        case["type"] = "multi_turn"
        case["messages"] = messages
    if tags:
        case["tags"] = tags
    return case
