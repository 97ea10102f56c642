"""`agenteval judge`'s files (--json, --junit, --report) written a chunk at a time.

A long log is judged in chunks (cli/judge_offline.py); holding every conversation's
turns and rule results until the end would make memory grow with the log (20,000
conversations with --json: 744 MB). Each chunk's part is written to a scratch file as
the chunk ends and its results are dropped; `close` puts each file together. The
documents are the gate's: a JSON list with an entry per chunk, a JUnit testsuite per
chunk, the Markdown reports one after the other.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import IO

from agenteval.engine.static.run_document import ScenarioResult, scenario_entry
from agenteval.gate.flow import REPORT_SEPARATOR, GateOptions


class ChunkedOutputs:
    """The files asked for, their parts kept in `scratch` until `close`."""

    def __init__(self, options: GateOptions, scratch: Path) -> None:
        self.options = options
        self.parts: dict[str, IO[str]] = {}
        for name, wanted in (("json", options.json_out), ("junit", options.junit),
                             ("report", options.report)):
            if wanted:
                self.parts[name] = (scratch / f"{name}.part").open("w+", encoding="utf-8")
        self.junit_counts = {"tests": 0, "failures": 0, "errors": 0}
        self.written = 0

    def add(self, result: ScenarioResult) -> None:
        """Write one chunk's part of every file."""
        first = self.written == 0
        if "json" in self.parts:
            entry = json.dumps(scenario_entry(result), indent=2, ensure_ascii=False, default=str)
            self.parts["json"].write(("" if first else ",\n")
                                     + "\n".join("  " + line for line in entry.splitlines()))
        if "junit" in self.parts:
            from agenteval.gate.junit import suite_xml

            suite, counts = suite_xml(result)
            self.parts["junit"].write(suite + "\n")
            for key, count in counts.items():
                self.junit_counts[key] += count
        if "report" in self.parts:
            self.parts["report"].write(("" if first else REPORT_SEPARATOR)
                                       + (result.report_markdown or "").rstrip())
        self.written += 1

    def close(self) -> None:
        """Each file put together at its path (the gate's shapes)."""
        shapes = {"json": ("[\n", "\n]\n", self.options.json_out),
                  "junit": ('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name='
                            '"agenteval"' + "".join(f' {k}="{v}"' for k, v
                                                    in self.junit_counts.items()) + ">\n",
                            "</testsuites>\n", self.options.junit),
                  "report": ("", "\n", self.options.report)}
        for name, part in self.parts.items():
            head, tail, path = shapes[name]
            assert path is not None
            part.seek(0)
            with Path(path).open("w", encoding="utf-8") as out:
                out.write(head)
                while block := part.read(1 << 16):
                    out.write(block)
                out.write(tail)
            part.close()
