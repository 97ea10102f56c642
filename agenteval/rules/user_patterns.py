"""Regular expressions written by users (scenarios, rules), matched in linear time.

Python's `re` backtracks: a pattern such as `(a+)+$` takes exponential time on a short
reply, and it holds the GIL, so a thread cannot free the event loop while it runs (a
27-character reply froze the server 4.8 s). User patterns therefore run on RE2
(`google-re2`), whose matching is linear in the text whatever the pattern. RE2 has no
lookaround and no backreferences: such a pattern is refused when the scenario is
imported or updated (`pattern_problem`, the field named), and a stored one that slipped
in before is a rule error at judging time, never a silent pass.

Patterns keep Python's syntax for everything RE2 shares (classes, `\\d`, `\\b`, `(?i)`,
named groups `(?P<name>…)`), so valid scenarios read the same.
"""

from __future__ import annotations

import functools
import re
from typing import Any

# Compiled programs bigger than this are refused (RE2's default is 8 MiB; a pattern such
# as `a{1000}{1000}` would otherwise spend memory and time at compile).
_MAX_PROGRAM_BYTES = 2 << 20


class UnsupportedPattern(ValueError):
    """A pattern RE2 cannot compile; the message says why."""


def _options(ignore_case: bool) -> Any:
    import re2

    options = re2.Options()
    options.log_errors = False  # RE2 would print every refused pattern on stderr
    options.max_mem = _MAX_PROGRAM_BYTES
    options.case_sensitive = not ignore_case
    return options


@functools.lru_cache(maxsize=1024)
def compile_pattern(pattern: str, ignore_case: bool = False) -> Any:
    """The compiled linear-time program of `pattern`; raises UnsupportedPattern."""
    import re2  # here: most scenarios have no pattern, and compiled ones are cached

    try:
        return re2.compile(pattern, _options(ignore_case))
    except re2.error as exc:
        reason = exc.args[0].decode(errors="replace") if exc.args and isinstance(
            exc.args[0], bytes) else str(exc)
        raise UnsupportedPattern(reason) from None


def pattern_problem(pattern: str) -> str | None:
    """Why `pattern` cannot be used (as a field error's message), or None."""
    try:  # compiling (never matching) with Python's re: its messages name the position
        re.compile(pattern)
    except re.error as exc:
        return f"is not a valid regular expression: {exc}"
    try:
        compile_pattern(pattern)
    except UnsupportedPattern as exc:
        return (f"uses what the linear-time regular expression engine (RE2) does not "
                f"support: {exc} (lookaround and backreferences are not supported)")
    return None


def search(pattern: str, text: str, ignore_case: bool = False) -> bool:
    """Whether `pattern` occurs in `text` (linear time); raises UnsupportedPattern."""
    return compile_pattern(pattern, ignore_case).search(text) is not None
