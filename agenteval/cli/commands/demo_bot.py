"""`agenteval demo-bot`: serve the demo bot over HTTP (OpenAI-compatible /v1/chat/completions and plain /chat)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from agenteval.demo_bot.bot import LanguageSetting


@click.command("demo-bot")
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", type=int, default=9100, show_default=True)
@click.option("--language", type=click.Choice(["auto", "zh", "en"]), default="auto",
              show_default=True)
def demo_bot(host: str, port: int, language: LanguageSetting) -> None:
    """Serve the demo bot over HTTP (OpenAI-compatible /v1/chat/completions and plain /chat)."""
    from agenteval.demo_bot.server import run

    click.echo(f"demo bot on http://{host}:{port} (POST /v1/chat/completions, POST /chat)",
               err=True)
    run(host, port, language)
