"""Text made storable: what a target, a log or an ingested conversation says never fails the work.

PostgreSQL refuses NUL (`\\u0000`) in text and JSON, and UTF-8 cannot encode a lone UTF-16
surrogate (a JavaScript bot that cuts an emoji in half sends one as `"\\ud83d"` in JSON), so
one such reply used to fail a whole run. Input a *user* types is refused at the edge
(`api/input_checks.py`); text that *comes back* (replies, logs, ingested turns) is cleaned
here instead, the way invalid bytes already are decoded with U+FFFD: lone surrogates become
U+FFFD, NUL is removed, and a valid surrogate pair (two code points) is joined into the
character it encodes. The caller records *what* was replaced (`Turn.sanitized`), so the
cleaning is visible, never silent.

Pure and linear: one regular-expression scan (a character class, no backtracking) finds
out whether anything needs doing, which is the common case's whole cost.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

REPLACEMENT = "\ufffd"
# What `sanitized` lists: stable words a client can match.
LONE_SURROGATE = "lone_surrogate"
NUL = "nul"

_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")
_SURROGATES = re.compile("[\ud800-\udfff]")


def storable_text(text: str) -> tuple[str, tuple[str, ...]]:
    """`text` made storable, and what was replaced (empty when nothing was).

    >>> storable_text("ok \\ud83d!\\x00")
    ('ok \\ufffd!', ('lone_surrogate', 'nul'))
    """
    if _UNSTORABLE.search(text) is None:
        return text, ()
    replaced: list[str] = []
    if "\x00" in text:
        text = text.replace("\x00", "")
        replaced.append(NUL)
    if _SURROGATES.search(text) is not None:
        # UTF-16 round trip: a high+low pair becomes its character, a lone half U+FFFD.
        joined = text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")
        if joined.count(REPLACEMENT) > text.count(REPLACEMENT):
            replaced.insert(0, LONE_SURROGATE)
        text = joined
    return text, tuple(replaced)


def clean_text(text: str) -> str:
    """`storable_text` without the account of what was replaced."""
    return storable_text(text)[0]


def storable_value(value: Any) -> tuple[Any, tuple[str, ...]]:
    """A JSON-like value (strings, keys, lists, dicts at any depth) made storable.

    Iterative, so a deeply nested value cannot exhaust the stack; the result is a copy.
    """
    found: set[str] = set()

    def clean(item: str) -> str:
        cleaned, replaced = storable_text(item)
        found.update(replaced)
        return cleaned

    result = _walk(value, clean)
    return result, _ordered(found)


def _ordered(found: Iterable[str]) -> tuple[str, ...]:
    return tuple(name for name in (LONE_SURROGATE, NUL) if name in set(found))


def _walk(value: Any, clean: Any) -> Any:
    if isinstance(value, str):
        return clean(value)
    if not isinstance(value, (dict, list)):
        return value
    root: list[Any] = [None]
    # (source container, its copy being filled)
    pending: list[tuple[Any, list[Any] | dict[Any, Any]]] = []

    def copy_of(item: Any) -> Any:
        if isinstance(item, str):
            return clean(item)
        if isinstance(item, dict):
            target: dict[Any, Any] = {}
            pending.append((item, target))
            return target
        if isinstance(item, list):
            target_list: list[Any] = []
            pending.append((item, target_list))
            return target_list
        return item

    root[0] = copy_of(value)
    while pending:
        source, target = pending.pop()
        if isinstance(source, dict) and isinstance(target, dict):
            for key, item in source.items():
                target[clean(key) if isinstance(key, str) else key] = copy_of(item)
        elif isinstance(target, list):
            target.extend(copy_of(item) for item in source)
    return root[0]


def merged(*accounts: Iterable[str]) -> tuple[str, ...]:
    """Several accounts of what was replaced, as one (stable order, no repeats)."""
    found: set[str] = set()
    for account in accounts:
        found.update(account)
    return _ordered(found)
