"""A dialog as judge-prompt text, with real turn indexes, shortened when it is too long.

Each turn is rendered as two lines, `[turn i] user: …` and `[turn i] agent: …`
(a turn without a reply says why). When the text exceeds `max_chars` (the
JUDGE model config's `params.max_dialog_chars`), it is shortened like this:

- the first turn and the last turn are always kept whole (the request and
  where the dialog ended up), even when they alone exceed the limit;
- with `keep_keywords` (task_completion's slot and step `keywords`), the
  middle turns that mention one of them are kept next, oldest first, while
  they fit: where a phone number or an address was given matters more than
  small talk;
- then the latest turns before the last are kept, newest first, while they
  fit; each run of remaining middle turns is replaced by one marker line
  `[… turns 3–17 elided (4,812 characters) …]`;
- turn indexes are never renumbered, so the judge's `turn_index` answers stay
  the real ones.

`DialogText.truncation` says what happened (`None` when nothing was elided).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from agenteval.domain.judging.cases import Turn

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


def format_dialog(dialog: Sequence[Turn], max_chars: int | None = None,
                  keep_keywords: Sequence[str] = ()) -> DialogText:
    """The dialog as prompt text, shortened to about `max_chars` as the module says."""
    blocks = [render_turn(turn) for turn in dialog]
    full = SEPARATOR.join(blocks)
    if max_chars is None or len(full) <= max_chars or len(blocks) <= 2:
        return DialogText(full)
    kept = {0, len(blocks) - 1}
    # Budget: first + last turn, separators, and a generous marker allowance.
    used = len(blocks[0]) + len(blocks[-1]) + 2 * len(SEPARATOR) + 64
    wanted = [word.lower() for word in keep_keywords if word.strip()]
    for position in range(1, len(blocks) - 1):
        if wanted and any(word in blocks[position].lower() for word in wanted):
            cost = len(blocks[position]) + len(SEPARATOR) + 64  # it may open a new gap
            if used + cost <= max_chars:
                used += cost
                kept.add(position)
    for position in range(len(blocks) - 2, 0, -1):
        if position in kept:
            continue
        cost = len(blocks[position]) + len(SEPARATOR)
        if used + cost > max_chars:
            break
        used += cost
        kept.add(position)
    elided = [p for p in range(len(blocks)) if p not in kept]
    if not elided:
        return DialogText(full)
    parts: list[str] = []
    gap: list[int] = []
    for position in range(len(blocks)):
        if position not in kept:
            gap.append(position)
            continue
        if gap:
            parts.append(_marker(dialog, blocks, gap))
            gap = []
        parts.append(blocks[position])
    text = SEPARATOR.join(parts)
    return DialogText(text, {
        "original_chars": len(full),
        "kept_chars": len(text),
        "elided_turns": [dialog[p].index for p in elided],
    })


def _marker(dialog: Sequence[Turn], blocks: Sequence[str], gap: Sequence[int]) -> str:
    chars = sum(len(blocks[p]) for p in gap) + len(SEPARATOR) * (len(gap) - 1)
    return elision_marker(dialog[gap[0]].index, dialog[gap[-1]].index, chars)


def turn_texts(dialog: Sequence[Turn]) -> dict[int, str]:
    """Turn index → everything said in it (user message and reply), for checking quotes."""
    return {turn.index: f"{turn.sent_message}\n{turn.reply or ''}" for turn in dialog}
