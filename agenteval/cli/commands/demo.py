"""`agenteval demo`: seed the demo into an empty database and plan it; --auto-approve runs it to the report."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import click

from agenteval.cli.common import settings_from_env


@click.command("demo")
@click.option("--auto-approve", is_flag=True,
              help="Approve the plan and run the whole lifecycle headless.")
@click.option("--report", "report_path", type=click.Path(dir_okay=False),
              default="demo-report.md", show_default=True,
              help="Where to write the report's Markdown (with --auto-approve).")
@click.option("--database-url", help="Database URL [AGENTEVAL_DATABASE_URL].")
@click.option("--models", "models_file", type=click.Path(dir_okay=False),
              help="A YAML file of model endpoints per role: PLANNER, SIMULATOR and ANALYST "
                   "drive the demo eval (scripted without them).")
@click.option("--sessions", type=click.IntRange(min=1),
              help="Keep only this many of the demo's 8 seed goals (fewer sessions), e.g. "
                   "for a slow local model.")
@click.option("--language", type=click.Choice(["en", "zh"]), default="en", show_default=True,
              help="en: the bilingual demo, reported in English; zh: its Chinese customers "
                   "only, planned, judged and reported in Chinese.")
def demo(auto_approve: bool, report_path: str, database_url: str | None,
         models_file: str | None, sessions: int | None, language: str) -> None:
    """Seed the demo into an empty database and plan it; --auto-approve runs it to the report."""
    from agenteval.cli.demo_run import run_demo
    from agenteval.engine.catalog.model_sources import ModelSourceError, file_endpoints

    endpoints = []
    if models_file:
        try:
            endpoints = file_endpoints(Path(models_file).read_text(encoding="utf-8"),
                                       models_file)
        except (OSError, ModelSourceError) as error:
            raise click.UsageError(str(error)) from None
    settings = settings_from_env(database_url=database_url)
    sys.exit(asyncio.run(run_demo(settings, auto_approve, report_path if auto_approve else None,
                                  out=click.echo, models=endpoints, sessions=sessions,
                                  language="zh" if language == "zh" else "en")))
