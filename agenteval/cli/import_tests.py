"""`agenteval import --from SOURCE FILE...`: other tools' tests as an AgentEval scenario.

The importer (agenteval/importers) builds the cases and the mapping table; here the
result is checked with the scenario validation the gate and the server use (seeds
with the intelligent eval's seed validation), written, and the table printed, so
nothing is dropped silently. Exit codes: 0 written, 1 nothing importable (every
case flagged or dropped), 2 bad input.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

from agenteval.domain.intelligent.seeds_validation import validate_seeds
from agenteval.domain.static.scenario_document import parse_scenario_document
from agenteval.errors import ValidationFailed
from agenteval.importers.botium import import_botium
from agenteval.importers.deepeval import import_deepeval
from agenteval.importers.mapping import ImportFailed, ImportResult, render_table
from agenteval.importers.promptfoo import import_promptfoo
from agenteval.importers.tau2 import import_tau2
from agenteval.rules.catalog import RULE_CATALOG
from agenteval.yaml_loader import dump_yaml

SEED_SOURCES = ("deepeval", "tau2")
# What the importers may read: regular files only (a FIFO would block for ever, a device
# such as /dev/zero never ends), each at most this big, at most this many under a folder.
MAX_IMPORT_FILE_BYTES = 50 * 2**20
MAX_IMPORT_FILES = 10_000


def _check_file(path: Path) -> None:
    try:
        info = os.stat(path)  # follows a symlink: what would be read; never opens it
    except OSError as exc:
        raise ImportFailed(f"{path}: cannot be read: {exc.strerror or exc}") from None
    if stat.S_ISDIR(info.st_mode):
        return
    if not stat.S_ISREG(info.st_mode):
        raise ImportFailed(f"{path}: not a regular file (a pipe, a device or a socket cannot "
                           "be imported)")
    if info.st_size > MAX_IMPORT_FILE_BYTES:
        raise ImportFailed(f"{path}: {info.st_size:,} bytes; at most "
                           f"{MAX_IMPORT_FILE_BYTES:,} can be imported")


def check_readable(paths: list[Path]) -> None:
    """Every file the importers could read (a folder's included) is a regular file of a
    bounded size: refused (exit 2) before any is opened."""
    for path in paths:
        _check_file(path)
        if not path.is_dir():
            continue
        for count, inner in enumerate(path.rglob("*"), start=1):
            if count > MAX_IMPORT_FILES:
                raise ImportFailed(f"{path}: more than {MAX_IMPORT_FILES:,} files")
            _check_file(inner)


def run_import(source: str, paths: list[Path], as_seeds: bool = False,
               message_var: str | None = None) -> ImportResult:
    if as_seeds and source not in SEED_SOURCES:
        raise ImportFailed(f"--as seeds is for {' and '.join(SEED_SOURCES)} (goals and personas)")
    for path in paths:
        if not path.exists():
            raise ImportFailed(f"{path}: no such file or folder")
    check_readable(paths)
    if source == "promptfoo":
        return import_promptfoo(paths, message_var)
    if source == "botium":
        return import_botium(paths)
    if source == "deepeval":
        return import_deepeval(paths, as_seeds)
    return import_tau2(paths, as_seeds)


def scenario_document(result: ImportResult, paths: list[Path]) -> dict[str, Any]:
    names = ", ".join(p.name for p in paths[:3]) + ("…" if len(paths) > 3 else "")
    return {"name": f"Imported from {result.source}: {names}"[:200],
            "description": f"Imported with `agenteval import --from {result.source}`; "
                           "the import's mapping table lists what was dropped.",
            "tags": [f"imported-{result.source}"], "cases": result.cases}


def check_scenario(document: dict[str, Any]) -> None:
    """The scenario validation, as the gate and importScenario run it (with a JUDGE and a
    SIMULATOR configured: the imported file says which models it needs)."""
    parse_scenario_document(json.dumps(document), RULE_CATALOG, judge_configured=True,
                            simulator_configured=True)


def dump(document: dict[str, Any], out: str | None) -> str:
    if out is not None and out.endswith(".json"):
        return json.dumps(document, ensure_ascii=False, indent=2) + "\n"
    return dump_yaml(document)


def import_command(source: str, files: list[str], out: str | None, as_seeds: bool,
                   message_var: str | None, echo: Callable[..., None]) -> int:
    paths = [Path(f) for f in files]
    try:
        result = run_import(source, paths, as_seeds, message_var)
    except ImportFailed as exc:
        echo(f"error: {exc}", err=True)
        return 2
    except (OSError, UnicodeDecodeError, RecursionError, MemoryError) as exc:
        # A file that changed under us or is not text: bad input, not a traceback.
        echo(f"error: cannot read the input: {type(exc).__name__}: {exc}", err=True)
        return 2
    echo(render_table(result), err=True)
    if as_seeds:
        if not result.goals:
            echo("error: no goal could be imported", err=True)
            return 1
        document = result.seeds()
        validate_seeds(document, "seeds")
    else:
        if not result.cases:
            echo("error: no case has anything checkable; nothing written", err=True)
            return 1
        document = scenario_document(result, paths)
        try:
            check_scenario(document)
        except ValidationFailed as exc:  # an importer bug: say so rather than write it
            echo("error: the imported scenario is refused by the scenario validation:\n"
                 + "\n".join(f"  {e['path']}: {e['message']}" for e in exc.errors), err=True)
            return 2
    text = dump(document, out)
    if out is None:
        echo(text, nl=False)
    else:
        Path(out).write_text(text, encoding="utf-8")
        echo(f"wrote {out}", err=True)
    return 0
