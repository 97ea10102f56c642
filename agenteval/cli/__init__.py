"""The `agenteval` command. Each command is a module of `agenteval.cli.commands`, imported
only when it is named (`--help` imports them all), so `agenteval run` — the CI gate,
started with every CI job — pays for no other command."""

from __future__ import annotations

import click

from agenteval.cli.lazy_group import LazyGroup

COMMANDS = {
    "serve": "agenteval.cli.commands.serve:serve",
    "migrate": "agenteval.cli.commands.migrate:migrate",
    "export-schema": "agenteval.cli.commands.export_schema:export_schema",
    "keys": "agenteval.cli.commands.keys:keys",
    "demo-bot": "agenteval.cli.commands.demo_bot:demo_bot",
    "demo-customers": "agenteval.cli.commands.demo_customers:demo_customers",
    "run": "agenteval.cli.commands.run:run",
    "models": "agenteval.cli.commands.models:models",
    "import": "agenteval.cli.commands.import_command:import_tests",
    "judge": "agenteval.cli.commands.judge:judge",
    "ingest": "agenteval.cli.commands.ingest:ingest",
    "reindex": "agenteval.cli.commands.reindex:reindex",
    "docs-rules": "agenteval.cli.commands.docs_rules:docs_rules",
    "demo": "agenteval.cli.commands.demo:demo",
    "driver": "agenteval.cli.commands.driver:driver",
    "redteam": "agenteval.cli.redteam:redteam",
    "openclaw": "agenteval.drivers.openclaw_cli:openclaw",
}


@click.group(cls=LazyGroup, lazy=COMMANDS)
def main() -> None:
    """AgentEval: evaluate conversational AI agents."""

