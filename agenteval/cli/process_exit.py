"""Ending the gate's process without tearing the interpreter down.

Once `agenteval run` has written its verdict and its files, nothing is left for the
interpreter's shutdown to do but free every object one by one and collect garbage —
~0.1–0.3 s of a 2,000-case gate (the decoded cases and outcomes are millions of
objects). The command raises `GateFinished` instead of calling `sys.exit`; only the
process entry (`LazyGroup.__call__`: the `agenteval` script and `python -m
agenteval.cli`) turns it into `os._exit` after flushing the streams and the log
handlers. Called in process (click's `CliRunner`, `main.main(...)`) it is an
ordinary `SystemExit` with the same code.
"""

from __future__ import annotations

import logging
import os
import sys


class GateFinished(SystemExit):
    """The gate's exit code, raised once every output is written and closed."""


def end_process(code: object) -> None:
    """Flush what buffers still hold, then leave with `code` (SystemExit's meaning:
    None is 0, an int is itself, anything else is printed and is 1)."""
    if code is None:
        status = 0
    elif isinstance(code, int):
        status = code
    else:
        print(code, file=sys.stderr)
        status = 1
    logging.shutdown()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # the reader went away, or the stream is closed
            pass
    os._exit(status)
