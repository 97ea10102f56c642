"""The language an intelligent eval speaks: the one its driver writes plans, verdicts and
reports in (pure).

An eval states it (`seeds.language`, set from CreateIntelligentEvalInput.language) or it is
read from its goal — written by the person who will read the report — and, when the goal
has no letters at all, from the seeds' texts (the virtual customers may well speak another
language than the tester). A text is Chinese when it holds at least as many CJK characters
as Latin words: one Chinese character carries about as much as one English word, so a
Chinese goal naming a product or an order number in Latin letters stays Chinese (the
measure the judged rules use to pick a zh or en prompt).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, Literal, cast

Language = Literal["zh", "en"]
LANGUAGES: tuple[Language, ...] = ("zh", "en")
SEEDS_KEY = "language"  # where an eval's stated language is kept, inside its seeds

_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_LATIN_WORD = re.compile(r"[A-Za-z]+")


def text_language(text: str) -> Language | None:
    """zh or en by the count of CJK characters against Latin words; None without either."""
    cjk, latin = len(_CJK.findall(text)), len(_LATIN_WORD.findall(text))
    if not cjk and not latin:
        return None
    return "zh" if cjk >= latin else "en"


def detected_language(goal: str, seeds: Any) -> Language:
    """The goal's language, else the seeds' texts' (en when neither has letters)."""
    return text_language(goal or "") or text_language("\n".join(_texts(seeds))) or "en"


def eval_language(goal: str, seeds: Any) -> Language:
    """The language the eval states in its seeds, else the one its texts are written in."""
    stated = seeds.get(SEEDS_KEY) if isinstance(seeds, dict) else None
    if stated in LANGUAGES:
        return cast(Language, stated)
    return detected_language(goal, seeds)


def _texts(value: Any) -> Iterator[str]:
    """Every string value in a JSON document, not its keys (English words whatever the
    language)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _texts(item)
    elif isinstance(value, list):
        for item in value:
            yield from _texts(item)
