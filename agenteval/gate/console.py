"""Printing that survives a closed pipe (`agenteval run … | head`).

When the reader goes away, further output is dropped instead of raising
BrokenPipeError: the gate still writes its --report/--json/--junit files and
still exits with the verdict's code, which is what CI looks at.
"""

from __future__ import annotations

import os
import sys
from typing import TextIO


class Console:
    """Writes lines to a stream until the stream's reader has gone."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.closed = False

    def print(self, text: str = "") -> None:
        self.write(text + "\n")

    def write(self, text: str) -> None:
        if self.closed:
            return
        try:
            self.stream.write(text)
            self.stream.flush()
        except BrokenPipeError:
            self.closed = True
            _silence(self.stream)

    def isatty(self) -> bool:
        isatty = getattr(self.stream, "isatty", None)
        return bool(isatty and not self.closed and isatty())

    def flush(self) -> None:
        self.write("")


def _silence(stream: TextIO) -> None:
    """Point the broken standard stream at /dev/null, so Python's own flush at exit does not
    raise a second BrokenPipeError (and print a traceback) after we carried on."""
    for name in ("stdout", "stderr"):
        if getattr(sys, name) is stream:
            try:
                devnull = os.open(os.devnull, os.O_WRONLY)
                os.dup2(devnull, stream.fileno())
                os.close(devnull)
            except (OSError, ValueError):  # not a real file descriptor (tests): nothing to do
                pass
