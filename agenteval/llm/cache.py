"""Response caches: a judge re-run with the same model, prompt and params costs nothing.

The key covers everything that shapes the answer (model, the full message
list, every request param, the schema, the sample index), so a hit is the
answer that exact request got before. Only valid answers are stored.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, Protocol


class ResponseCache(Protocol):
    """Where chat answers are kept between runs (in memory, or the database's JudgeCacheEntry)."""

    async def get(self, key: str) -> dict[str, Any] | None: ...

    async def set(self, key: str, value: dict[str, Any]) -> None: ...


def cache_key(model: str, messages: list[dict[str, Any]], params: dict[str, Any]) -> str:
    """sha256 (hex) of the canonical JSON of model, full prompt and params."""
    canonical = json.dumps(
        {"model": model, "messages": messages, "params": params},
        sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str,
    )
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


class InMemoryResponseCache:
    """A ResponseCache in a dict: for tests and single-process use without a database."""

    def __init__(self) -> None:
        self.entries: dict[str, dict[str, Any]] = {}

    async def get(self, key: str) -> dict[str, Any] | None:
        value = self.entries.get(key)
        return None if value is None else json.loads(json.dumps(value))  # callers get a copy

    async def set(self, key: str, value: dict[str, Any]) -> None:
        self.entries[key] = json.loads(json.dumps(value))
