"""A snippet of a matched message with the query's words marked. Pure.

The words are found in the original text (case-insensitively), not in its segmentation:
the snippet shows what was said. Returned as fragments (text, highlighted) so a client
renders the marks as elements, never as HTML.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

WIDTH = 120  # characters of context shown around the first match


def _spans(text: str, words: Sequence[str]) -> list[tuple[int, int]]:
    if not words:
        return []
    pattern = re.compile("|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)),
                         re.IGNORECASE)
    return [(m.start(), m.end()) for m in pattern.finditer(text)]


def snippet(text: str, words: Sequence[str], width: int = WIDTH) -> list[tuple[str, bool]]:
    """Up to `width` characters around the first match, as (fragment, highlighted) pairs;
    an ellipsis marks text left out on either side."""
    flat = " ".join(text.split())
    spans = _spans(flat, words)
    first = spans[0][0] if spans else 0
    start = max(0, min(first - width // 3, len(flat) - width))
    end = min(len(flat), start + width)
    fragments: list[tuple[str, bool]] = []
    cursor = start
    for left, right in spans:
        if right <= start or left >= end:
            continue
        left, right = max(left, start), min(right, end)
        if left > cursor:
            fragments.append((flat[cursor:left], False))
        fragments.append((flat[left:right], True))
        cursor = right
    if cursor < end:
        fragments.append((flat[cursor:end], False))
    if start > 0:
        fragments.insert(0, ("…", False))
    if end < len(flat):
        fragments.append(("…", False))
    return fragments
