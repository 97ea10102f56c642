"""The gate's inputs: scenario files and folders, the target, and a `--models` file."""

from __future__ import annotations

import json
import uuid
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from agenteval.engine.catalog.model_sources import (
    ModelSourceError,
    environment_endpoints,
    file_endpoints,
)
from agenteval.llm.config import ModelEndpoint
from agenteval.yaml_loader import YamlError, load_yaml

SCENARIO_SUFFIXES = (".json", ".yaml", ".yml")
# The rule types that may refer to a stored scorecard or word library (`name@version`).
STORED_QA_RULES = ("scorecard", "qa_word_library")


class BadInput(Exception):
    """Input the gate cannot use (exit code 2)."""


def scenario_files(paths: Sequence[str]) -> list[Path]:
    """Each path, a folder expanded to its scenario files (sorted); no duplicates, in order."""
    if not paths:
        raise BadInput("give at least one scenario file or folder")
    found: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            inside = sorted(p for p in path.iterdir()
                            if p.is_file() and p.suffix.lower() in SCENARIO_SUFFIXES)
            if not inside:
                raise BadInput(f"the folder {raw!r} has no scenario files "
                               f"({', '.join(SCENARIO_SUFFIXES)})")
            found += inside
        elif path.is_file():
            found.append(path)
        else:
            raise BadInput(f"cannot read the scenario file {raw!r}: no such file or folder")
    unique = list(dict.fromkeys(p.resolve() for p in found))
    return [next(p for p in found if p.resolve() == u) for u in unique]


def read_text(path: str | Path, what: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise BadInput(f"cannot read the {what} {str(path)!r}: {exc}") from None


TARGET_FIELDS = ("name", "description", "channelType", "channelConfig", "maxConcurrency")


def target_source(target: str) -> dict[str, Any] | str:
    """The parsed target file, or the id of a stored target."""
    if Path(target).is_file():
        return parse_target_file(read_text(target, "target file"), target)
    try:
        uuid.UUID(target)
    except ValueError:
        raise BadInput(f"--target {target!r} is neither a file nor a target id") from None
    return target


def parse_target_file(text: str, path: str) -> dict[str, Any]:
    """A target file's fields (CreateTargetInput's), each problem named."""
    try:
        data = json.loads(text)
    except ValueError:
        try:
            data = load_yaml(text, source=path)
        except YamlError as exc:
            raise BadInput(f"target file {path!r} is neither JSON nor YAML: {exc}") from None
    if not isinstance(data, dict):
        raise BadInput(f"target file {path!r} must be an object with {', '.join(TARGET_FIELDS)}")
    problems = [f"{key}: is not a target field" for key in data if key not in TARGET_FIELDS]
    problems += [f"{key}: is required" for key in ("name", "channelType", "channelConfig")
                 if key not in data]
    concurrency = data.get("maxConcurrency", 8)
    if isinstance(concurrency, bool) or not isinstance(concurrency, int):
        problems.append("maxConcurrency: must be an integer")
    if problems:
        raise BadInput(f"target file {path!r}:\n  " + "\n  ".join(problems))
    return data


def model_endpoints(models_file: str | None) -> list[ModelEndpoint]:
    """The `--models` file's endpoints; the environment's are checked too (bad input: exit 2)."""
    try:
        environment_endpoints()
        if models_file is None:
            return []
        return file_endpoints(read_text(models_file, "models file"), models_file)
    except ModelSourceError as exc:
        raise BadInput(str(exc)) from None


def may_name_stored_qa(texts: Sequence[str]) -> bool:
    """Whether a scenario text could name a rule that reads a stored scorecard or word
    library: the gate then loads them from its database before importing the scenarios.
    The rule types are looked for in the raw text, before any parsing; a word that is not
    a rule type only costs that load."""
    return any(rule in text for text in texts for rule in STORED_QA_RULES)
