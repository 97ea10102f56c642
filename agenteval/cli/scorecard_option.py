"""`--scorecard FILE` for `agenteval run` and `agenteval judge`: a QA scorecard on every case.

The file (YAML or JSON, docs/scorecards.md) is validated and loaded in this process; a
word library may name a `file:` (.txt, .csv, .xlsx) beside the scorecard instead of
`words`. Every case then gets the `scorecard` rule (pinned to the file's content hash) —
a hard rule, so a veto or a total below the pass band fails the case and the gate's exit
code says so. After the gate: the totals, the grade distribution, each item's hit rate and
the worst conversations with their hits are printed, and appended to `--report`; the JSON
and JUnit outputs carry each case's scorecard result as that rule's detail and message.

Wrapped around the commands (`with_scorecard`, `with_scorecard_rules`) so the commands
themselves change by one option and one line.
"""

from __future__ import annotations

import json
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from agenteval.cli.scorecard_summary import summary_text
from agenteval.domain.scorecards.document import Scorecard
from agenteval.errors import ValidationFailed
from agenteval.gate.inputs import scenario_files
from agenteval.gate.verdict import EXIT_BAD_INPUT
from agenteval.rules.qa.scorecard_rule import register_scorecard, rule_spec
from agenteval.rules.qa.scorecard_runner import load_scorecard
from agenteval.rules.qa.word_libraries import read_word_file
from agenteval.yaml_loader import YamlError, load_yaml

Command = Callable[..., int]


class ScorecardUnreadable(Exception):
    """A scorecard file that cannot be used (exit code 2)."""


def read_scorecard_file(path: str) -> Scorecard:
    """The scorecard in `path`, validated and loaded, its library files read."""
    try:
        document = load_yaml(Path(path).read_text(encoding="utf-8"), source=path)
    except (OSError, UnicodeDecodeError, YamlError) as exc:
        raise ScorecardUnreadable(f"cannot read the scorecard {path!r}: {exc}") from None
    if isinstance(document, dict):
        for library in document.get("libraries") or []:
            if isinstance(library, dict) and isinstance(library.get("file"), str):
                source = Path(path).parent / library.pop("file")
                try:
                    library["words"] = read_word_file(source)
                except (OSError, UnicodeDecodeError, ValueError) as exc:
                    raise ScorecardUnreadable(f"cannot read the word library {str(source)!r}: "
                                              f"{exc}") from None
    try:
        scorecard = load_scorecard(document)
    except ValidationFailed as exc:
        problems = "\n  ".join(f"{e['path']}: {e['message']}" for e in exc.details)
        raise ScorecardUnreadable(f"scorecard {path!r}:\n  {problems}") from None
    register_scorecard(scorecard)
    return scorecard


def with_scorecard(run_command: Command, path: str) -> Command:
    """`run_command` with the scorecard's rule added to every case of every scenario file."""
    def run(scenario_paths: list[str], target: str, **options: Any) -> int:
        try:
            scorecard = read_scorecard_file(path)
            with tempfile.TemporaryDirectory(prefix="agenteval-scorecard-") as scratch:
                files = scenario_files(scenario_paths)
                copies = [_with_rule(p, rule_spec(scorecard), Path(scratch)) for p in files]
                # The header and outputs name the user's files, not the copies.
                shown_as = {copy: str(original)
                            for copy, original in zip(copies, files, strict=True)}
                return _gate(scorecard, scratch, options,
                             lambda opts: run_command(copies, target, shown_as=shown_as, **opts))
        except ScorecardUnreadable as exc:
            print(f"error: {exc}", file=sys.stderr)
            return EXIT_BAD_INPUT
    return run


def with_scorecard_rules(judge_command: Command, path: str) -> Command:
    """`judge_command` with the scorecard's rule added to the rules file (or as the only rule)."""
    def judge(file: str, rules_file: str | None, *args: Any, **options: Any) -> int:
        try:
            scorecard = read_scorecard_file(path)
            rules: dict[str, Any] = {}
            if rules_file is not None:
                loaded = _document(Path(rules_file))
                rules = loaded if isinstance(loaded, dict) else {}
            rules["eval_rules"] = [*(rules.get("eval_rules") or []), rule_spec(scorecard)]
            with tempfile.TemporaryDirectory(prefix="agenteval-scorecard-") as scratch:
                combined = Path(scratch) / "rules.json"
                combined.write_text(json.dumps(rules, ensure_ascii=False), encoding="utf-8")
                return _gate(scorecard, scratch, options,
                             lambda opts: judge_command(file, str(combined), *args, **opts))
        except ScorecardUnreadable as exc:
            print(f"error: {exc}", file=sys.stderr)
            return EXIT_BAD_INPUT
    return judge


def _gate(scorecard: Scorecard, scratch: str, options: dict[str, Any],
          call: Callable[[dict[str, Any]], int]) -> int:
    """Run the gate with a JSON output (the caller's, or one in `scratch`), then summarise."""
    json_out = options.get("json_out") or str(Path(scratch) / "results.json")
    code = call({**options, "json_out": json_out})
    if not Path(json_out).is_file():
        return code  # the gate stopped before running (bad input): it said why
    text = summary_text(scorecard, json.loads(Path(json_out).read_text(encoding="utf-8")))
    if options.get("verbosity", 1) > 0:
        print(text)
    if options.get("report") and Path(options["report"]).is_file():
        with Path(options["report"]).open("a", encoding="utf-8") as report:
            report.write("\n## Scorecard\n\n```text\n" + text + "\n```\n")
    return code


def _document(path: Path) -> Any:
    try:
        return load_yaml(path.read_text(encoding="utf-8"), source=str(path))
    except (OSError, UnicodeDecodeError, YamlError) as exc:
        raise ScorecardUnreadable(f"cannot read {str(path)!r}: {exc}") from None


def _with_rule(path: Path, spec: dict[str, Any], scratch: Path) -> str:
    """A copy of the scenario file with `spec` added to each case's eval_rules."""
    document = _document(path)
    cases = document.get("cases") if isinstance(document, dict) else None
    if not isinstance(cases, list):
        raise ScorecardUnreadable(f"{str(path)!r} has no `cases` list to attach the scorecard to")
    for case in cases:
        if isinstance(case, dict):
            key = "evalRules" if "evalRules" in case else "eval_rules"
            case[key] = [*(case.get(key) or []), spec]
    # Same file name (JSON is YAML too), in a folder of its own; the gate is told the
    # original's path to name it (`shown_as`).
    folder = scratch / str(len(list(scratch.iterdir())))
    folder.mkdir()
    copy = folder / path.name
    copy.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    return str(copy)
