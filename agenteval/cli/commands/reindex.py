"""`agenteval reindex`: add every stored message missing from the search index."""

from __future__ import annotations

import click

from agenteval.cli.common import existing_database, run_with_database, settings_from_env


@click.command("reindex")
@click.option("--database-url", help="Database URL [AGENTEVAL_DATABASE_URL].")
def reindex(database_url: str | None) -> None:
    """Index run transcripts, session messages, monitored turns and imported logs not
    indexed yet (idempotent: run it again at any time; an indexed database is only read)."""
    from agenteval.store.search import segmenter
    from agenteval.store.search.reindex import reindex as backfill

    async def work() -> dict[str, int]:
        await segmenter.ready()
        return await backfill()

    added = run_with_database(existing_database(settings_from_env(database_url=database_url)),
                              work)
    load = segmenter.load_seconds()
    click.echo(", ".join(f"{kind}: {count} added" for kind, count in added.items())
               + (f" (dictionary loaded in {load:.2f} s)" if load is not None else ""))
