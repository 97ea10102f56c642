"""One turn numbering for people: the API's `turnIndex` counts from 0, every text a person
reads (web UI, Markdown reports, terminal and JUnit output) counts from 1.

So "turn 1" is the first user message everywhere a person looks, and the same evidence
is the same turn on the page and in the export. Machine-read fields (GraphQL
`turnIndex`, `Turn.index`, the JSON gate report) keep the 0-based index.
"""

from __future__ import annotations

from typing import Any


def turn_number(turn_index: Any) -> Any:
    """The 1-based number shown for a 0-based turn index; anything else is passed through."""
    if isinstance(turn_index, bool) or not isinstance(turn_index, int):
        return turn_index
    return turn_index + 1
