"""`agenteval models`: model endpoints per role (JUDGE, EMBEDDING, MODERATION, PLANNER, SIMULATOR, ANALYST)."""

from __future__ import annotations

import sys

import click


@click.group("models")
def models() -> None:
    """Model endpoints per role (JUDGE, EMBEDDING, MODERATION, PLANNER, SIMULATOR, ANALYST)."""


@models.command("check")
@click.option("--models", "models_file", type=click.Path(dir_okay=False),
              help="A YAML file of model endpoints per role (as for `run --models`); "
                   "otherwise AGENTEVAL_{ROLE}_MODEL / _BASE_URL / _API_KEY.")
@click.option("--json", "as_json", is_flag=True, help="Print the results as JSON.")
def models_check(models_file: str | None, as_json: bool) -> None:
    """One short call per configured role: reachable, latency, usage reported, the
    structured-output form that works, and whether the answer matches the role's schema.
    Exit 0 when every role is usable, 1 when one is not, 2 on bad settings."""
    from agenteval.model_checks import models_check_command

    sys.exit(models_check_command(models_file, as_json, click.echo))
