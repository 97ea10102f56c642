"""The database-backed ResponseCache: judge answers survive restarts and serve every process.

Entries are written once and never updated: the key already covers model,
full prompt and params, so the same key always means the same request. Two
processes storing the same key at once is harmless (the first write wins).

Being immutable, the answers this process has read, stored or been handed (the
CI gate's --cache file) are also kept in memory: a lookup goes to the database
only for a key the process has not seen. On a busy event loop every database
hand-off waits for aiosqlite's thread (up to a 5 ms switch interval), which made
a re-run judged entirely from the cache cost a quarter of the first run.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from tortoise.exceptions import IntegrityError

from agenteval.store.models import JudgeCacheEntry

# Answers kept in memory, as JSON text (every hit decodes its own copy); cleared when
# full, and when the process opens a database (`store.database`), whose answers may
# be other ones.
MEMORY_LIMIT = 10_000
_memory: dict[str, str] = {}


def remember(entries: Iterable[tuple[str, dict[str, Any]]]) -> None:
    """Keep these (key, answer) pairs in memory: they are in the database too."""
    for key, value in entries:
        if len(_memory) >= MEMORY_LIMIT:
            _memory.clear()
        _memory[key] = json.dumps(value)


def forget_all() -> None:
    _memory.clear()


async def stored_keys() -> set[str]:
    """The keys of every stored answer."""
    return {str(key) for key in await JudgeCacheEntry.all().values_list("key", flat=True)}


async def store_answers(answers: Sequence[tuple[str, str, dict[str, Any]]], batch_size: int
                        ) -> None:
    """Store these (key, model, answer) triples, whose keys are not stored yet, `batch_size`
    rows a statement; they are served from memory from then on."""
    entries = [JudgeCacheEntry(key=key, model=model, value=value)
               for key, model, value in answers]
    await JudgeCacheEntry.bulk_create(entries, batch_size=batch_size)
    remember((entry.key, entry.value) for entry in entries)


async def stored_answers() -> list[tuple[str, str, Any]]:
    """(key, model, answer) of every stored answer."""
    return list(await JudgeCacheEntry.all().values_list("key", "model", "value"))


class DatabaseResponseCache:
    """A ResponseCache in the `judge_cache_entries` table (needs the ORM connected)."""

    async def get(self, key: str) -> dict[str, Any] | None:
        known = _memory.get(key)
        if known is not None:
            value: dict[str, Any] = json.loads(known)
            return value
        entry = await JudgeCacheEntry.get_or_none(key=key)
        if entry is None or not isinstance(entry.value, dict):
            return None
        remember([(key, entry.value)])
        return entry.value

    async def set(self, key: str, value: dict[str, Any]) -> None:
        if key in _memory or await JudgeCacheEntry.filter(key=key).exists():
            return
        try:
            await JudgeCacheEntry.create(key=key, model=str(value.get("model", ""))[:200],
                                         value=value)
        except IntegrityError:
            return  # stored meanwhile by a concurrent sample or process: same answer key
        remember([(key, value)])

    async def count(self) -> int:
        """How many answers are stored (for tests and operators)."""
        return await JudgeCacheEntry.all().count()
