"""What several commands share: settings with flag overrides, a database for one
command, and the gate's import-time tuning."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import sys
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import click

from agenteval.config import Settings

T = TypeVar("T")


def settings_from_env(**overrides: Any) -> Settings:
    """The settings from AGENTEVAL_* variables, with the flags given overriding them."""
    return Settings.from_env(**overrides)


def run_with_database(settings: Settings, work: Callable[[], Awaitable[T]]) -> T:
    """Migrate, connect, run `work`, disconnect."""
    from agenteval.store import database

    async def main() -> T:
        await database.migrate(settings.database_url)
        await database.open_database(settings.database_url)
        try:
            return await work()
        finally:
            await database.close_database()

    return asyncio.run(main())


# The gate's collector runs after this many new objects rather than 700: a 2,000-case
# run allocates millions of short-lived ones (decoded JSON, rule results) and, with
# the default, spent ~0.1 s (5 % of its time) in ~400 collections that found little.
GATE_GC_THRESHOLD = (50_000, 20, 10)


@contextlib.contextmanager
def gate_imports() -> Iterator[None]:
    """Import the gate's modules with the cyclic GC off, then freeze what they built.

    Importing creates tens of thousands of long-lived objects (classes, functions,
    module dicts) and the collector would traverse them again and again while they
    are being created; frozen, later collections during the run skip them as well.
    The run then collects less often (`GATE_GC_THRESHOLD`).

    tortoise imports pydantic whenever it is installed (wordllama brings it), for
    pydantic-typed JSON fields agenteval does not use: ~70 ms, a tenth of the gate's
    start. It is hidden while these imports run (tortoise falls back as if it were
    absent) and importable again afterwards for whatever needs it.
    """
    hide_pydantic = "pydantic" not in sys.modules
    if hide_pydantic:
        sys.modules["pydantic"] = None  # type: ignore[assignment]  # import pydantic now fails
    gc.disable()
    try:
        yield
    finally:
        if hide_pydantic:
            del sys.modules["pydantic"]
        gc.freeze()
        gc.set_threshold(*GATE_GC_THRESHOLD)
        gc.enable()


def existing_database(settings: Settings) -> Settings:
    """The settings, once sure their SQLite file exists: reading keys must not create one."""
    url = settings.database_url
    if url.startswith("sqlite://"):
        path = url.removeprefix("sqlite://").split("?")[0]
        if path != ":memory:" and not Path(path).exists():
            raise click.ClickException(
                f"there is no database at {path}: run this in the folder where the service "
                "keeps agenteval.db, or pass --database-url / AGENTEVAL_DATABASE_URL")
    return settings
