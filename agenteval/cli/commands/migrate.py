"""`agenteval migrate`: apply the database migrations."""

from __future__ import annotations

import asyncio

import click

from agenteval.cli.common import settings_from_env


@click.command("migrate")
@click.option("--database-url", help="Database URL [AGENTEVAL_DATABASE_URL].")
def migrate(database_url: str | None) -> None:
    """Apply the database migrations."""
    from agenteval.store import database

    settings = settings_from_env(database_url=database_url)
    asyncio.run(database.migrate(settings.database_url))
    click.echo(f"migrated {settings.database_url}")
