"""The items of a top-level JSON array read from text pieces, one item held at a time.

An `openai` log is one JSON list; json.loads would hold all of it (a 100,000-conversation
log is hundreds of MB once decoded). This decodes item by item with the standard
decoder's `raw_decode` as pieces arrive, so only the item being read is buffered.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

_DECODER = json.JSONDecoder()
_SPACE = " \t\r\n"


class NotAJsonList(ValueError):
    """The text is not one JSON list (the message says where)."""


def json_list_items(pieces: Iterable[str]) -> Iterator[Any]:
    """Each item of the JSON list the pieces spell, in order."""
    source = iter(pieces)
    buffer, offset, done = "", 0, False  # offset: characters of the text before `buffer`

    def more(at_least: int = 1) -> bool:
        """Read until `at_least` more characters came (or the end); whether any came."""
        nonlocal buffer, done
        wanted, came = len(buffer) + at_least, False
        for piece in source:
            buffer += piece
            came = came or bool(piece)
            if len(buffer) >= wanted:
                return came
        done = True
        return came

    def skip_space() -> bool:  # False at the end of the text
        nonlocal buffer, offset
        while True:
            stripped = buffer.lstrip(_SPACE)
            offset += len(buffer) - len(stripped)
            buffer = stripped
            if buffer or not more():
                return bool(buffer)

    if not skip_space() or buffer[0] != "[":
        raise NotAJsonList("not a JSON list (it must start with `[`)")
    buffer, offset = buffer[1:], offset + 1
    first = True
    while True:
        if not skip_space():
            raise NotAJsonList("the JSON list is not closed (`]` missing)")
        if buffer[0] == "]":
            if skip_space_after(buffer[1:], source):
                raise NotAJsonList(f"text after the JSON list (character {offset + 1})")
            return
        if not first:
            if buffer[0] != ",":
                raise NotAJsonList(f"expected `,` or `]` at character {offset}")
            buffer, offset = buffer[1:], offset + 1
            if not skip_space():
                raise NotAJsonList("the JSON list is not closed (`]` missing)")
        first = False
        while True:
            try:
                item, end = _DECODER.raw_decode(buffer)
            except json.JSONDecodeError as exc:
                # Twice the text before trying again: an item far longer than a piece is
                # decoded a few times, not once per piece.
                if done or not more(len(buffer)):  # the whole text is here: the error is real
                    raise NotAJsonList(f"not JSON at character {offset + exc.pos}: "
                                       f"{exc.msg}") from None
                continue
            # A number or literal cut at the buffer's end decodes too early ("12" of "123").
            if end == len(buffer) and not done and more():
                continue
            break
        buffer, offset = buffer[end:], offset + end
        yield item


def skip_space_after(rest: str, source: Iterator[str]) -> bool:
    """Whether anything but white space follows the list."""
    if rest.strip(_SPACE):
        return True
    return any(piece.strip(_SPACE) for piece in source)
