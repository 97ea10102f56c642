"""The gate's process ends without the interpreter's teardown, yet loses no output and
keeps its exit code; called in process, the same exit is an ordinary SystemExit."""

from __future__ import annotations

import subprocess
import sys

import click
import pytest
from click.testing import CliRunner

from agenteval.cli.lazy_group import LazyGroup
from agenteval.cli.process_exit import GateFinished

# A group like `agenteval`'s, whose command ends as `agenteval run` does. An atexit
# hook shows whether the interpreter's shutdown ran (it must not).
SCRIPT = """
import atexit, logging, sys
import click
from agenteval.cli.lazy_group import LazyGroup
from agenteval.cli.process_exit import GateFinished

atexit.register(lambda: print("teardown ran"))

@click.group(cls=LazyGroup, lazy={})
def main():
    pass

@main.command("run")
def run():
    print("verdict line", end="")  # buffered: lost if the exit did not flush
    logging.getLogger("gate").warning("logged")
    raise GateFinished(3)

main()
"""


def test_the_process_ends_with_the_code_and_its_output_flushed_but_no_teardown() -> None:
    done = subprocess.run([sys.executable, "-c", SCRIPT, "run"], capture_output=True,
                          text=True, timeout=30)
    assert done.returncode == 3
    assert done.stdout == "verdict line"  # flushed, and no "teardown ran"
    assert "logged" in done.stderr


def test_in_process_it_is_an_ordinary_exit_with_the_same_code() -> None:
    @click.group(cls=LazyGroup, lazy={})
    def main() -> None:
        pass

    @main.command("run")
    def run() -> None:
        raise GateFinished(1)

    assert CliRunner().invoke(main, ["run"]).exit_code == 1
    with pytest.raises(SystemExit) as caught:
        main.main(["run"])
    assert caught.value.code == 1
