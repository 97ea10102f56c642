"""`agenteval openclaw install | doctor` (the code is in `openclaw_setup`)."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import click

from agenteval.config import Settings
from agenteval.drivers import openclaw_setup as setup

STATE_DIR_HELP = "OpenClaw's state folder, holding openclaw.json [~/.openclaw]."


@click.group("openclaw")
def openclaw() -> None:
    """Install AgentEval's skills into OpenClaw and check the integration."""


@openclaw.command("install")
@click.option("--workspace", "state_dir", type=click.Path(path_type=Path),
              default=setup.DEFAULT_STATE_DIR, show_default=False, help=STATE_DIR_HELP)
@click.option("--api-url", help="AgentEval's GraphQL URL as OpenClaw reaches it "
                                "[AGENTEVAL_PUBLIC_URL, else http://HOST:PORT/graphql].")
@click.option("--api-key", help="An AGENT-role key for the skills; without it one is created "
                                "in AGENTEVAL_DATABASE_URL.")
def install(state_dir: Path, api_url: str | None, api_key: str | None) -> None:
    """Copy the three skills and merge agents, hooks and skill settings into openclaw.json."""
    settings = Settings.from_env()
    key = api_key or _create_agent_key(settings)
    try:
        installed = setup.install(state_dir, api_url or settings.api_url, key)
    except setup.SetupError as error:
        raise click.ClickException(str(error)) from None
    click.echo(f"Installed the skills and updated {installed.config_path}.")
    click.echo("Give each agenteval-* agent a model in openclaw.json (agents.entries.<id>.model),"
               " then restart the gateway. Set on the AgentEval server:")
    for name, value in setup.server_settings(installed).items():
        click.echo(f"  {name}={value}")
    click.echo("Then check with: agenteval openclaw doctor"
               + (f" --workspace {state_dir}" if state_dir != setup.DEFAULT_STATE_DIR else ""))


def _create_agent_key(settings: Settings) -> str:
    from agenteval.store import database
    from agenteval.store.access import api_keys

    async def create() -> str:
        await database.migrate(settings.database_url)
        await database.open_database(settings.database_url)
        try:
            _, secret = await api_keys.create_key("openclaw", "AGENT")
            return secret
        finally:
            await database.close_database()

    return asyncio.run(create())


@openclaw.command("doctor")
@click.option("--workspace", "state_dir", type=click.Path(path_type=Path),
              default=setup.DEFAULT_STATE_DIR, help=STATE_DIR_HELP)
@click.option("--openclaw-bin", default="openclaw", show_default=True,
              help="The openclaw command.")
def doctor(state_dir: Path, openclaw_bin: str) -> None:
    """Check a running gateway: skills eligible, hooks token accepted, API URL reachable."""
    try:
        report = setup.doctor(state_dir, openclaw_bin)
    except setup.SetupError as error:
        raise click.ClickException(str(error)) from None
    for line in report.ok:
        click.echo(f"ok: {line}")
    for line in report.problems:
        click.echo(f"PROBLEM: {line}")
    sys.exit(1 if report.problems else 0)
