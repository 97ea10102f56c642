"""Tortoise configuration for SQLite (default) and PostgreSQL, and migrations at start."""

from __future__ import annotations

import asyncio
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from tortoise import Tortoise
from tortoise.backends.base.executor import EXECUTOR_CACHE

from agenteval.logs import quiet
from agenteval.store import response_cache
from agenteval.store.access import api_keys
from agenteval.store.backends import key_order, transaction_start
from agenteval.store.backends.database_outage import (
    is_database_unreachable,
    outage,
    quiet_driver_outage_logs,
)
from agenteval.store.backends.schema_template import copy_template, fresh_sqlite_path
from agenteval.store.monitoring.sources import forget_sources
from agenteval.store.search import index_writes as search_index

MODELS_MODULE = "agenteval.store.models"
MIGRATIONS_MODULE = "agenteval.store.migrations"


def normalise_database_url(url: str) -> str:
    """Add SQLite's busy timeout and synchronous=NORMAL (WAL is switched on after connecting).

    Tortoise applies query parameters as PRAGMAs on every connection it opens.
    synchronous=NORMAL is the usual companion of WAL: a commit no longer waits
    for an fsync of the log (it is synced at checkpoints), which was most of a
    commit's cost. It cannot corrupt the database; the trade-off is durability
    on power loss or an OS crash (not a process crash): the last transactions
    before it may be rolled back, so an answer already returned could be lost.
    Set `?synchronous=FULL` in the URL to keep fsync-per-commit.
    """
    if url.startswith("sqlite://") and ":memory:" not in url:
        parts = urlsplit(url)
        query = dict(parse_qsl(parts.query))
        query.setdefault("busy_timeout", "5000")
        query.setdefault("synchronous", "NORMAL")
        return urlunsplit(parts._replace(query=urlencode(query)))
    if url.startswith("postgresql://"):
        return "postgres://" + url.removeprefix("postgresql://")
    return url


def tortoise_config(database_url: str) -> dict[str, Any]:
    return {
        "connections": {"default": normalise_database_url(database_url)},
        "apps": {
            "models": {
                "models": [MODELS_MODULE],
                "default_connection": "default",
                "migrations": MIGRATIONS_MODULE,
            }
        },
        "use_tz": True,
        "timezone": "UTC",
    }


def is_sqlite(database_url: str) -> bool:
    return database_url.startswith("sqlite")


async def migrate(database_url: str) -> None:
    """Apply every migration that has not been applied yet.

    A SQLite file that does not exist yet starts as a copy of the migrated schema
    template (agenteval.store.backends.schema_template) and is done: the template was built by
    these very migration files under this tortoise (its cache key), so none is left
    to apply, and the CI gate does not load tortoise's migration machinery to find
    that out (~2 % of its start-up). Any other database is migrated.
    """
    fresh = fresh_sqlite_path(database_url)
    if fresh is not None and await copy_template(fresh, apply_migrations):
        return
    await apply_migrations(database_url)


async def apply_migrations(database_url: str) -> None:
    """Replay the migrations not yet applied, whatever the database (no template)."""
    from tortoise.migrations.api import migrate as run_migrations

    await run_migrations(config=tortoise_config(database_url))
    with quiet("tortoise"):  # its "Tortoise-ORM shutdown" line misleads during start-up
        await Tortoise.close_connections()


async def open_database(database_url: str) -> None:
    """Connect the ORM (global fallback on: requests run outside the init context)."""
    # Tortoise caches built SQL per connection *name*; a process that switches
    # backends (the test suite does) must not reuse SQLite's "?" placeholders on
    # PostgreSQL.
    EXECUTOR_CACHE.clear()
    api_keys.cache.clear()  # keys read from another database must not authenticate here
    response_cache.forget_all()  # nor its judge answers be served here
    forget_sources()  # nor monitoring's sources (their ids and pseudonym keys)
    search_index.forget()  # nor messages queued for another database's search index
    quiet_driver_outage_logs()
    transaction_start.install()  # a failed BEGIN leaves no dead connection behind
    await Tortoise.init(config=tortoise_config(database_url), _enable_global_fallback=True)
    key_order.record_order(not is_sqlite(database_url))  # only jsonb reorders keys
    if is_sqlite(database_url):
        # WAL lets readers proceed while the single writer commits.
        await Tortoise.get_connection("default").execute_script("PRAGMA journal_mode=WAL;")


async def close_database() -> None:
    api_keys.cache.clear()
    await Tortoise.close_connections()


async def database_answers(timeout_s: float = 3.0) -> bool:
    """Whether the database answers a trivial query now (ends a noted outage if so)."""
    try:
        async with asyncio.timeout(timeout_s):
            await Tortoise.get_connection("default").execute_query("SELECT 1")
    except Exception as exc:  # noqa: BLE001 - any failure means "not healthy"
        if is_database_unreachable(exc):
            outage.noticed(exc)
        return False
    outage.answered()
    return True


# Used only by `tortoise makemigrations` (see [tool.tortoise] in pyproject.toml).
MAKEMIGRATIONS_CONFIG = tortoise_config("sqlite://:memory:")
