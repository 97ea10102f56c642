"""`agenteval import`: import other tools' tests (promptfoo, Botium .convo.txt, DeepEval."""

from __future__ import annotations

import sys

import click


@click.command("import")
@click.option("--from", "source", required=True,
              type=click.Choice(["promptfoo", "botium", "deepeval", "tau2"]),
              help="The tool the test files come from.")
@click.argument("files", nargs=-1, required=True, type=click.Path())
@click.option("--out", type=click.Path(dir_okay=False),
              help="Write the scenario (or seeds) here: .json as JSON, otherwise YAML; "
                   "default stdout.")
@click.option("--as", "as_what", type=click.Choice(["cases", "seeds"]), default="cases",
              show_default=True,
              help="deepeval and tau2: simulated cases, or intelligent-eval seeds.")
@click.option("--message-var", help="promptfoo: the var that holds the user's message.")
def import_tests(source: str, files: tuple[str, ...], out: str | None, as_what: str,
                 message_var: str | None) -> None:
    """Import other tools' tests (promptfoo configs, Botium .convo.txt / .pconvo.txt /
    .utterances.txt files or folders, DeepEval ConversationalGolden JSON, τ²-bench
    tasks) as a scenario; prints the mapping table
    (what mapped, what was dropped and why) on stderr. Exit 0 written, 1 nothing
    importable, 2 bad input."""
    from agenteval.cli.import_tests import import_command

    sys.exit(import_command(source, list(files), out, as_what == "seeds", message_var,
                            click.echo))
