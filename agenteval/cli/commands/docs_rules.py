"""`agenteval docs-rules`: print docs/rules.md: every rule, its parameters with defaults, an example."""

from __future__ import annotations

import sys

import click


@click.command("docs-rules")
def docs_rules() -> None:
    """Print docs/rules.md: every rule, its parameters with defaults, an example."""
    from agenteval.cli.rule_docs import render_rules_markdown

    sys.stdout.write(render_rules_markdown())
