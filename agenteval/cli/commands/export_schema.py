"""`agenteval export-schema`: print the GraphQL schema (SDL); `schema.graphql` is this output."""

from __future__ import annotations

import sys

import click


@click.command("export-schema")
def export_schema() -> None:
    """Print the GraphQL schema (SDL); `schema.graphql` is this output."""
    from agenteval.api.schema import print_schema_sdl

    sys.stdout.write(print_schema_sdl())
