"""A click group whose commands are imported only when named."""

from __future__ import annotations

import importlib
from typing import Any

import click

from agenteval.cli.process_exit import GateFinished, end_process


class LazyGroup(click.Group):
    """A group some of whose subcommands are imported only when they are named.

    `agenteval run` (the CI gate) starts with every process of a CI job, so it must not
    pay for commands it does not run: `openclaw` alone pulls in the GraphQL client, httpx
    and rich (~40 % of the gate's imports). `--help` still lists them (it imports them).
    """

    def __init__(self, *args: Any, lazy: dict[str, str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy = lazy  # command name -> "module:attribute"

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted([*super().list_commands(ctx), *self.lazy])

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        # The process entry only (click's CliRunner calls `main`): see cli/process_exit.py.
        try:
            return self.main(*args, **kwargs)
        except GateFinished as finished:
            end_process(finished.code)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.lazy and cmd_name not in self.commands:
            module, _, attribute = self.lazy[cmd_name].partition(":")
            self.add_command(getattr(importlib.import_module(module), attribute), cmd_name)
        return super().get_command(ctx, cmd_name)
