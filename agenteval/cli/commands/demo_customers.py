"""`agenteval demo-customers`: customers talk to Mia over HTTP; the turns go to monitoring."""

from __future__ import annotations

import asyncio

import click


@click.command("demo-customers")
@click.option("--bot", "bot_url", default="http://127.0.0.1:9100", show_default=True,
              help="Mia's URL (start her with `agenteval demo-bot`).")
@click.option("--url", "server_url", default="http://127.0.0.1:8000", show_default=True,
              help="The AgentEval server whose POST /api/ingest receives the turns.")
@click.option("--key", envvar="AGENTEVAL_API_KEY", required=True,
              help="An INGEST (or OPERATOR/ADMIN) key; default $AGENTEVAL_API_KEY.")
@click.option("--source", default="mia", show_default=True)
@click.option("--count", type=click.IntRange(1, 100_000), default=40, show_default=True)
@click.option("--flawed-share", type=click.FloatRange(0, 1), default=0.0, show_default=True,
              help="The share of customers who trigger Mia's weaknesses.")
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--prefix", default="customer", show_default=True,
              help="Conversation ids are PREFIX-0000, PREFIX-0001, …")
def demo_customers(bot_url: str, server_url: str, key: str, source: str, count: int,
                   flawed_share: float, seed: int, prefix: str) -> None:
    """Play COUNT customers against Mia and forward every exchange to monitoring."""
    from agenteval.demo_bot.customers import customers
    from agenteval.demo_bot.play_customers import Endpoints, ForwardRefused, play

    crowd = customers(count, flawed_share, seed, prefix)
    try:
        report = asyncio.run(play(Endpoints(bot_url, server_url, key, source), crowd))
    except ForwardRefused as refused:
        raise click.ClickException(f"the server refused a forwarded exchange: {refused}") from None
    except OSError as error:
        raise click.ClickException(f"cannot reach Mia or the server: {error}") from None
    flaws = ", ".join(f"{name} {n}" for name, n in sorted(report.flaws.items())) or "none"
    click.echo(f"{report.conversations} conversations, {report.turns_forwarded} turns "
               f"forwarded to {server_url} (source {source}); flaw-triggering: {flaws}")
