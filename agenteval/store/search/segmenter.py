"""Words of a text, as jieba segments it: the same function at write time and for queries.

jieba loads its dictionary (~350,000 words) on first use: 0.5–3 s on this machine
(docs/performance.md). `ready()` loads it once, in a worker thread, so the event loop
never waits on it; the first search or index write awaits it. Segmentation itself is
pure Python (~200 µs for a 35-character reply), so writers hand it batches that are
segmented off the event loop too (index_writes).

Words are lower-cased runs of letters and digits (punctuation dropped, "12.5" → 12, 5):
the same text reaches PostgreSQL's `simple` parser and SQLite's unicode61 tokenizer, so
both backends index exactly what a query asks for, and a query word can never carry
syntax (quotes, operators) into either query language.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import re
import threading
import time
from collections.abc import Callable, Iterable
from typing import Any

_WORD = re.compile(r"[^\W_]+")
_lock = threading.Lock()
_jieba: Any = None
_loaded_in_s: float | None = None


def _load() -> Any:
    """The initialised jieba module (loaded once per process, whichever thread asks)."""
    global _jieba, _loaded_in_s
    with _lock:
        if _jieba is None:
            started = time.perf_counter()
            import jieba  # imported here: most commands never search

            jieba.setLogLevel(logging.WARNING)  # its "Building prefix dict" lines
            jieba.initialize()
            _loaded_in_s = time.perf_counter() - started
            _jieba = jieba
    return _jieba


async def ready() -> None:
    """Load the dictionary in a worker thread (a no-op once loaded)."""
    if _jieba is None:
        await asyncio.to_thread(_load)


def load_seconds() -> float | None:
    """How long the dictionary took to load in this process (None: not loaded yet)."""
    return _loaded_in_s


def _words_of(pieces: Iterable[str]) -> list[str]:
    words: list[str] = []
    for piece in pieces:
        words += _WORD.findall(piece.lower())
    return words


# jieba's own block pattern (re_han_default): it segments each such block on its own and
# yields what lies between them character by character. Segmenting block by block here is
# therefore the same segmentation, and lets a block seen before (a bot's set phrase, a
# greeting, an English word) cost a dictionary lookup instead of jieba's pure-Python walk.
_BLOCK = re.compile("([\u4E00-\u9FD5a-zA-Z0-9+#&\\._%\\-]+)")
_CACHED_BLOCKS = 50_000


@functools.lru_cache(maxsize=_CACHED_BLOCKS)
def _index_block(block: str) -> tuple[str, ...]:
    if block.isascii():  # letters, digits and +#&._%-: jieba's words are these runs
        return tuple(_WORD.findall(block.lower()))
    return tuple(_words_of(_load().cut_for_search(block, HMM=False)))


@functools.lru_cache(maxsize=_CACHED_BLOCKS)
def _query_block(block: str) -> tuple[str, ...]:
    if block.isascii():
        return tuple(_WORD.findall(block.lower()))
    return tuple(_words_of(_load().cut(block, HMM=False)))


def _segmented(text: str, block_words: Callable[[str], tuple[str, ...]]) -> list[str]:
    words: list[str] = []
    for number, piece in enumerate(_BLOCK.split(text)):
        if number % 2:  # split() puts the blocks at odd places
            words += block_words(piece)
        else:
            words += _words_of(piece)  # one character at a time, as jieba yields them
    return words


def index_words(text: str) -> list[str]:
    """What a stored text is found by: jieba's search mode, which adds a long word's
    dictionary sub-words (订单号 → 订单, 单号, 订单号), so a shorter query finds it.
    No HMM: unknown words stay single characters the same way in texts and queries."""
    return _segmented(text, _index_block)


def query_words(text: str) -> list[str]:
    """The words of a query, each of which a result must contain (precise mode: every
    precise word of a text is among its index words)."""
    seen: dict[str, None] = {}
    for word in _segmented(text, _query_block):
        seen.setdefault(word)
    return list(seen)


def index_text(text: str) -> str:
    """`index_words` joined by spaces: the column both backends tokenise."""
    return " ".join(index_words(text))
