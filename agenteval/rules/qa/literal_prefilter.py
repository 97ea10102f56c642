"""A regex's required literals, to skip the regex on text that cannot match.

Python's `re` scans a pattern that starts with `\\b`, a lookbehind or a character class
position by position (20–30 µs on a 100-character reply for a 10-branch pattern), while
`"已签收" in text` is a C substring search (tens of nanoseconds). So each pattern is parsed
once (`re._parser`, the standard library's own parser) for a set of literal strings one of
which every match must contain: the longest literal run of a required element of its
top-level sequence, or — for an alternation — one such set per branch, united. When the
text contains none of them, the regex cannot match and is not run. A pattern with no such
set (`\\d{6}`) is always run. Case-insensitive patterns give lower-cased literals: they are
checked against case-folded text.

A scorecard author's pattern is compiled `linear=True`: it runs on RE2
(`rules/user_patterns.py`), whose time is linear in the text whatever the pattern, so
`(a+)+$` cannot freeze the process; RE2 refuses lookaround and backreferences
(`UnsupportedPattern`), which the item's `check_params` reports at load. The built-in
patterns (extractors, entities) stay on `re`: they are ours, reviewed, and use lookbehind.
"""

from __future__ import annotations

import re
from typing import Any

from agenteval.rules import user_patterns

try:  # Python 3.11+: the parser moved under re; the old name still works with a warning
    from re import _constants as sre_constants  # type: ignore[attr-defined]  # private module
    from re import _parser as sre_parse  # type: ignore[attr-defined]  # private module
except ImportError:  # pragma: no cover - older layouts
    import sre_constants
    import sre_parse

MIN_LITERAL = 1  # one CJK character is already selective; ASCII runs are usually longer


def required_literals(pattern: str, ignore_case: bool = False) -> frozenset[str] | None:
    """Literal strings one of which every match of `pattern` contains; None if unknown."""
    try:
        tree = sre_parse.parse(pattern, re.IGNORECASE if ignore_case else 0)
    except re.error:
        return None
    found = _of_sequence(list(tree))
    if found is None or not found or any(len(s) < MIN_LITERAL for s in found):
        return None
    return frozenset(s.lower() for s in found) if ignore_case else frozenset(found)


def _of_sequence(items: list[tuple[Any, Any]]) -> set[str] | None:
    """The best required-literal set of a sequence of parsed items (longest shortest)."""
    best: set[str] | None = None
    run = ""
    candidates: list[set[str]] = []
    for op, av in items:
        if op is sre_constants.LITERAL:
            run += chr(av)
            continue
        if run:
            candidates.append({run})
            run = ""
        sub = _of_item(op, av)
        if sub:
            candidates.append(sub)
    if run:
        candidates.append({run})
    for candidate in candidates:
        if best is None or min(map(len, candidate)) > min(map(len, best)):
            best = candidate
    return best


def _of_item(op: Any, av: Any) -> set[str] | None:
    if op is sre_constants.SUBPATTERN:
        return _of_sequence(list(av[-1]))
    if op is sre_constants.BRANCH:
        united: set[str] = set()
        for branch in av[1]:
            sub = _of_sequence(list(branch))
            if not sub:
                return None  # a branch without literals: nothing is required
            united |= sub
        return united
    if op in (sre_constants.MAX_REPEAT, sre_constants.MIN_REPEAT) and av[0] >= 1:
        return _of_sequence(list(av[2]))  # repeated at least once: its literals are required
    return None


class Prefiltered:
    """A compiled regex with its required literals: `search` skips text lacking them all."""

    __slots__ = ("gate", "literals", "regex")

    def __init__(self, pattern: str, flags: int = 0, linear: bool = False) -> None:
        # Both engines answer match objects with group/start/end/span in characters.
        self.regex: Any = (user_patterns.compile_pattern(pattern, bool(flags & re.IGNORECASE))
                           if linear else re.compile(pattern, flags))
        self.literals = required_literals(pattern, bool(flags & re.IGNORECASE))
        # The literals as one alternation: `re` scans a pure literal alternation in C with
        # a first-character set (4× faster than testing each literal with `in`).
        self.gate = None if self.literals is None else re.compile("|".join(
            re.escape(literal) for literal in sorted(self.literals, key=len, reverse=True)))

    def search(self, text: str) -> Any:
        if self.gate is not None and self.gate.search(text) is None:
            return None
        return self.regex.search(text)

    def finditer(self, text: str) -> list[Any]:
        if self.gate is not None and self.gate.search(text) is None:
            return []
        return list(self.regex.finditer(text))
