"""The database-backed ResponseCache: judge answers survive restarts and serve every process.

Entries are written once and never updated: the key already covers model,
full prompt and params, so the same key always means the same request. Two
processes storing the same key at once is harmless (the first write wins).
"""

from __future__ import annotations

from typing import Any

from tortoise.exceptions import IntegrityError

from agenteval.store.models import JudgeCacheEntry


class DatabaseResponseCache:
    """A ResponseCache in the `judge_cache_entries` table (needs the ORM connected)."""

    async def get(self, key: str) -> dict[str, Any] | None:
        entry = await JudgeCacheEntry.get_or_none(key=key)
        if entry is None or not isinstance(entry.value, dict):
            return None
        return entry.value

    async def set(self, key: str, value: dict[str, Any]) -> None:
        if await JudgeCacheEntry.filter(key=key).exists():
            return
        try:
            await JudgeCacheEntry.create(key=key, model=str(value.get("model", ""))[:200],
                                         value=value)
        except IntegrityError:
            pass  # stored meanwhile by a concurrent sample or process: same answer key

    async def count(self) -> int:
        """How many answers are stored (for tests and operators)."""
        return await JudgeCacheEntry.all().count()
