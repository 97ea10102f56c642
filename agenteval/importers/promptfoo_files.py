"""promptfoo's files: the config (YAML 1.2 or JSON), `file://` references, CSV tests.

`file://` paths are relative to the config's folder and must stay inside it (a
config cannot make the import read `../../secrets`). A referenced `.json`, `.yaml`
or `.yml` file gives its data, a `.csv` file its tests, any other file its text;
code (`.js`, `.ts`, `.py`, …) is never read: AgentEval does not run imported code.
CSV rows become tests as promptfoo's `testCaseFromCsvRow` reads them (src/csv.ts):
`__expected*` columns are assertions written as strings, `__description`,
`__threshold`, `__metric`, `__metadata:NAME`, `__prefix`/`__suffix`; the rest are vars.
"""

from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from agenteval.importers.mapping import ImportFailed
from agenteval.importers.text_files import read_text
from agenteval.yaml_loader import YamlError, load_yaml

CODE_SUFFIXES = (".js", ".mjs", ".cjs", ".ts", ".py", ".rb")
# promptfoo's assertion types a CSV `__expected` string may name (BaseAssertionTypes).
ASSERTION_TYPES = (
    "answer-relevance", "bleu", "classifier", "contains-all", "contains-any", "contains-json",
    "contains-sql", "contains-xml", "contains", "context-faithfulness", "context-recall",
    "context-relevance", "conversation-relevance", "cost", "equals", "factuality", "g-eval",
    "icontains-all", "icontains-any", "icontains", "is-json", "is-sql", "is-valid-openai-"
    "function-call", "is-valid-openai-tools-call", "is-xml", "javascript", "latency",
    "levenshtein", "llm-rubric", "model-graded-closedqa", "model-graded-factuality",
    "moderation", "perplexity-score", "perplexity", "python", "regex", "rouge-n",
    "select-best", "similar", "starts-with", "webhook")
THRESHOLD_TYPES = ("answer-relevance", "classifier", "context-faithfulness", "context-recall",
                   "context-relevance", "cost", "latency", "levenshtein", "perplexity-score",
                   "perplexity", "rouge-n", "similar", "starts-with")
_ASSERTION = re.compile(r"^(not-)?(" + "|".join(re.escape(t) for t in ASSERTION_TYPES)
                        + r")(?:\((\d+(?:\.\d+)?)\))?(?::([\s\S]*))?$")


class FileRefused(Exception):
    """A `file://` reference that is not read; the message says why."""


@dataclass(frozen=True)
class ConfigFolder:
    """The folder of one config: where its `file://` references are read from."""

    root: Path

    def resolve(self, reference: str) -> Path:
        relative = reference.removeprefix("file://").split(":", 1)[0]
        if any(ch in relative for ch in "*?["):
            raise FileRefused(f"{reference}: a glob; name the files one by one")
        path = (self.root / relative).resolve()
        if not path.is_relative_to(self.root.resolve()):
            raise FileRefused(f"{reference}: outside the config's folder; only files in "
                              "that folder (and below it) are read")
        if path.suffix.lower() in CODE_SUFFIXES:
            raise FileRefused(f"{reference}: code; AgentEval does not run imported code")
        if not path.is_file():
            raise FileRefused(f"{reference}: no such file in the config's folder")
        return path

    def load(self, reference: str) -> Any:
        """The data (.json, .yaml) or the text of a referenced file."""
        path = self.resolve(reference)
        try:
            text = read_text(path)
        except ImportFailed as exc:
            raise FileRefused(str(exc)) from None
        suffix = path.suffix.lower()
        try:
            if suffix == ".json":
                return json.loads(text)
            if suffix in (".yaml", ".yml"):
                return load_yaml(text, source=path.name)
        except (ValueError, YamlError) as exc:
            raise FileRefused(f"{reference}: {exc}") from None
        return text

    def tests(self, reference: str) -> list[Any]:
        """The tests of a `tests: file://…` reference (CSV, YAML or JSON)."""
        path = self.resolve(reference)
        if path.suffix.lower() == ".csv":
            try:
                return tests_from_csv(read_text(path))
            except ImportFailed as exc:
                raise FileRefused(str(exc)) from None
        data = self.load(reference)
        if isinstance(data, dict) and isinstance(data.get("tests"), list):
            data = data["tests"]
        if not isinstance(data, list):
            raise FileRefused(f"{reference}: not a list of tests")
        return data


def load_config(path: Path) -> Any:
    text = read_text(path)
    try:
        if path.suffix.lower() == ".json":
            return json.loads(text)
        return load_yaml(text, source=path.name)
    except (ValueError, YamlError) as exc:
        raise ImportFailed(f"{path}: cannot read it as promptfoo YAML/JSON: {exc}") from None


def assertion_from_string(expected: str) -> dict[str, Any]:
    """A CSV `__expected` string as promptfoo reads it (src/csv.ts assertionFromString)."""
    for prefix in ("javascript:", "fn:", "eval:"):
        if expected.startswith(prefix):
            return {"type": "javascript", "value": expected[len(prefix):].strip()}
    for prefix in ("grade:", "llm-rubric:"):
        if expected.startswith(prefix):
            return {"type": "llm-rubric", "value": expected[len(prefix):]}
    if expected.startswith("python:") or (expected.startswith("file://")
                                          and (".py" in expected)):
        return {"type": "python", "value": expected.split(":", 1)[1].strip()}
    if expected.startswith("file://") and any(s in expected for s in (".js", ".ts")):
        return {"type": "javascript", "value": expected.removeprefix("file://").strip()}
    match = _ASSERTION.match(expected)
    if match is None:
        return {"type": "equals", "value": expected}
    negated, kind, threshold, value = match.groups()
    full = f"not-{kind}" if negated else kind
    if kind in ("contains-all", "contains-any", "icontains-all", "icontains-any"):
        return {"type": full, "value": [v.strip() for v in (value or "").split(",")]}
    if kind in THRESHOLD_TYPES:
        default = 0.8 if kind == "similar" else 0.75
        return {"type": full, "value": value,
                "threshold": float(threshold) if threshold else default}
    assertion: dict[str, Any] = {"type": full}
    if value is not None:
        assertion["value"] = value
    return assertion


def test_from_csv_row(row: dict[str, str]) -> dict[str, Any]:
    test: dict[str, Any] = {"vars": {}, "assert": []}
    metadata: dict[str, str] = {}
    metric: str | None = None
    for key, value in row.items():
        if key.startswith("__expected"):
            if value.strip():
                test["assert"].append(assertion_from_string(value))
        elif key == "__description":
            test["description"] = value
        elif key == "__threshold":
            if value.strip():  # "0" is a threshold: informational (the example's README)
                try:
                    test["threshold"] = float(value)
                except ValueError:
                    test["threshold"] = value  # refused with a row by the importer
        elif key == "__metric":
            metric = value
        elif key.startswith("__metadata:"):
            if value:
                metadata[key.removeprefix("__metadata:")] = value
        elif key in ("__prefix", "__suffix"):
            test.setdefault("options", {})[key[2:]] = value
        elif key == "__providerOutput":
            test["providerOutput"] = value
        else:
            test["vars"][key] = value
    if metric:
        for assertion in test["assert"]:
            assertion["metric"] = metric
    if metadata:
        test["metadata"] = metadata
    return test


def tests_from_csv(text: str) -> list[dict[str, Any]]:
    reader = csv.DictReader(io.StringIO(text))
    return [test_from_csv_row({k: v or "" for k, v in row.items() if k is not None})
            for row in reader]
