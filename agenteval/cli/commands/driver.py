"""`agenteval driver`: run the built-in driver in its own process against a (remote) service."""

from __future__ import annotations

import asyncio
import contextlib

import click

from agenteval.cli.common import settings_from_env


@click.command("driver")
@click.option("--api-url", help="The service's GraphQL URL [AGENTEVAL_PUBLIC_URL].")
@click.option("--api-key", envvar="AGENTEVAL_API_KEY", required=True,
              help="An AGENT key [AGENTEVAL_API_KEY].")
@click.option("--poll-interval", type=float, default=5.0, show_default=True)
def driver(api_url: str | None, api_key: str, poll_interval: float) -> None:
    """Run the built-in driver in its own process against a (remote) service."""
    import logging

    from agenteval.drivers.builtin.process import run_driver_process

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    settings = settings_from_env()
    url = api_url or settings.api_url
    click.echo(f"built-in driver polling {url} every {poll_interval:g} s", err=True)
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(run_driver_process(url, api_key, poll_interval, settings=settings))
