"""`--cache DIR`: model answers kept between CI runs in one small SQLite file.

The gate's database is usually a temporary one, so the engine's own response
cache (the `judge_cache_entries` table) would start empty every run. Before
the run the file's answers are copied into that table; after it, the answers
the run added are copied back. The key covers model, full prompt and params
(see agenteval/llm/cache.py), so an unchanged re-run makes no model calls and
a changed prompt or model simply misses.
"""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from pathlib import Path

from agenteval.store import response_cache

DEFAULT_CACHE_DIR = ".agenteval-cache"
CACHE_FILE = "model-answers.sqlite3"
BATCH = 500


def cache_file(directory: str | Path) -> Path:
    return Path(directory) / CACHE_FILE


def _connect(path: Path) -> sqlite3.Connection:
    path.parent.mkdir(parents=True, exist_ok=True)
    connection = sqlite3.connect(path)
    connection.execute("CREATE TABLE IF NOT EXISTS answers (key TEXT PRIMARY KEY, "
                       "model TEXT NOT NULL, value TEXT NOT NULL)")
    return connection


async def load_into_database(directory: str | Path) -> int:
    """Copy the file's answers into the connected database; how many were new there."""
    path = cache_file(directory)
    if not path.exists():
        return 0
    with closing(_connect(path)) as connection:
        rows = connection.execute("SELECT key, model, value FROM answers").fetchall()
    known = await response_cache.stored_keys()
    fresh = [(key, model, json.loads(value)) for key, model, value in rows if key not in known]
    if fresh:
        # Served from memory during the run too: no database hand-off per judgement.
        await response_cache.store_answers(fresh, batch_size=BATCH)
    return len(fresh)


async def save_from_database(directory: str | Path) -> int:
    """Copy the database's answers into the file (keeping what it has); how many were added."""
    entries = await response_cache.stored_answers()
    if not entries:
        return 0  # a model-free run leaves no cache folder behind
    with closing(_connect(cache_file(directory))) as connection, connection:
        before = connection.total_changes
        connection.executemany(
            "INSERT OR IGNORE INTO answers (key, model, value) VALUES (?, ?, ?)",
            [(key, model, json.dumps(value, ensure_ascii=False)) for key, model, value in entries])
        return connection.total_changes - before
