"""A dialog as judge-prompt text, with real turn indexes, shortened when it is too long.

Each turn is rendered as two lines, `[turn i] user: …` and `[turn i] agent: …`
(a turn without a reply says why). When the text exceeds `max_chars` (the
JUDGE model config's `params.max_dialog_chars`), it is shortened like this:

- the first turn and the last turn are always kept whole (the request and
  where the dialog ended up), even when they alone exceed the limit;
- then the latest turns before the last are kept, newest first, while they
  fit; the remaining middle turns are replaced by ONE marker line
  `[… turns 3–17 elided (4,812 characters) …]`;
- turn indexes are never renumbered, so the judge's `turn_index` answers stay
  the real ones.

`DialogText.truncation` says what happened (`None` when nothing was elided).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from agenteval.domain.cases import Turn

SEPARATOR = "\n"


@dataclass(frozen=True)
class DialogText:
    """The rendered dialog; `truncation` = {original_chars, kept_chars, elided_turns} or None."""

    text: str
    truncation: dict[str, Any] | None = None


def render_turn(turn: Turn) -> str:
    """`[turn i] user: …` and `[turn i] agent: …` (or why there is no reply)."""
    if turn.reply is not None:
        agent = turn.reply
    elif turn.error:
        agent = f"(no reply: target error: {turn.error})"
    else:
        agent = "(no reply)"
    return f"[turn {turn.index}] user: {turn.sent_message}\n[turn {turn.index}] agent: {agent}"


def elision_marker(first: int, last: int, chars: int) -> str:
    turns = f"turn {first}" if first == last else f"turns {first}–{last}"
    return f"[… {turns} elided ({chars:,} characters) …]"


def format_dialog(dialog: Sequence[Turn], max_chars: int | None = None) -> DialogText:
    """The dialog as prompt text, shortened to about `max_chars` as the module says."""
    blocks = [render_turn(turn) for turn in dialog]
    full = SEPARATOR.join(blocks)
    if max_chars is None or len(full) <= max_chars or len(blocks) <= 2:
        return DialogText(full)
    kept_tail = [len(blocks) - 1]
    # Budget: first + last turn, separators, and a generous marker allowance.
    used = len(blocks[0]) + len(blocks[-1]) + 2 * len(SEPARATOR) + 64
    for position in range(len(blocks) - 2, 0, -1):
        cost = len(blocks[position]) + len(SEPARATOR)
        if used + cost > max_chars:
            break
        used += cost
        kept_tail.insert(0, position)
    elided = list(range(1, kept_tail[0]))
    if not elided:
        return DialogText(full)
    elided_chars = sum(len(blocks[p]) for p in elided) + len(SEPARATOR) * (len(elided) - 1)
    marker = elision_marker(dialog[elided[0]].index, dialog[elided[-1]].index, elided_chars)
    text = SEPARATOR.join([blocks[0], marker, *(blocks[p] for p in kept_tail)])
    return DialogText(text, {
        "original_chars": len(full),
        "kept_chars": len(text),
        "elided_turns": [dialog[p].index for p in elided],
    })


def turn_texts(dialog: Sequence[Turn]) -> dict[int, str]:
    """Turn index → everything said in it (user message and reply), for checking quotes."""
    return {turn.index: f"{turn.sent_message}\n{turn.reply or ''}" for turn in dialog}
