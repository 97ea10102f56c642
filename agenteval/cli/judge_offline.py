"""`agenteval judge FILE --rules RULES_FILE`: logged conversations judged offline.

Each logged conversation (jsonl / openai / csv, agenteval/domain/logs/conversation_logs.py)
becomes a case of a scenario whose messages are the user's; the rules file's checks
apply to every case; the gate (`cli_run.run_command`) runs it against the `replay`
channel, which answers with the logged replies, so the summary, Failures section,
Markdown, JSON and JUnit reports are the gate's and nothing is sent to any bot. The
target is named "offline replay" in every report. Rules that need what a log does not
hold are refused: latency (`response_time`, `max_latency_ms`) is not logged.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path
from typing import Any

from agenteval.channels.replay import ReplayLog, replay_channel_type
from agenteval.cli.run_gate import run_command
from agenteval.domain.logs.conversation_logs import (
    ConversationLog,
    LogUnreadable,
    format_of,
    read_conversations,
)
from agenteval.domain.logs.conversation_logs import sample as sample_log
from agenteval.domain.logs.log_redaction import redact
from agenteval.domain.logs.offline_rules import log_refusals
from agenteval.gate.verdict import EXIT_BAD_INPUT
from agenteval.importers.mapping import ImportFailed
from agenteval.yaml_loader import YamlError, load_yaml

RULE_FIELDS = ("name", "expectation", "eval_rules", "rule_logic", "rule_pass_threshold",
               "success_threshold", "partial_threshold", "tags")


def read_rules(path: str) -> dict[str, Any]:
    """The rules file: the checks of a case (expectation, eval_rules, rule_logic …)."""
    try:
        data = load_yaml(Path(path).read_text(encoding="utf-8"), source=path)
    except (OSError, UnicodeDecodeError, YamlError) as exc:
        raise ImportFailed(f"cannot read the rules file {path!r}: {exc}") from None
    if not isinstance(data, dict):
        raise ImportFailed(f"rules file {path!r}: an object with {', '.join(RULE_FIELDS)}")
    problems = [f"{k}: is not a rules-file field (known: {', '.join(RULE_FIELDS)})"
                for k in data if k not in RULE_FIELDS]
    problems += [f"{e['path']}: {e['message']}" for e in log_refusals(data)]
    if not data.get("eval_rules") and not data.get("expectation"):
        problems.append("give eval_rules or expectation: without them nothing is judged")
    if problems:
        raise ImportFailed(f"rules file {path!r}:\n  " + "\n  ".join(problems))
    return data


def offline_scenario(log: ConversationLog, rules: dict[str, Any], source: str) -> dict[str, Any]:
    checks = {k: v for k, v in rules.items() if k not in ("name", "tags")}
    cases = []
    for dialog in log.dialogs:
        users = [user for user, _ in dialog.exchanges]
        case: dict[str, Any] = {"id": dialog.id, **checks, "tags": ["offline"]}
        if len(users) == 1:
            case["message"] = users[0]
        else:
            case.update(type="multi_turn", messages=users)
        cases.append(case)
    return {"name": rules.get("name") or f"Offline: {Path(source).name}"[:200],
            "description": f"Logged conversations from {source}, judged offline "
                           "(agenteval judge): the replies are the logged ones.",
            "tags": ["offline", *(rules.get("tags") or [])], "cases": cases}


def judge_command(file: str, rules_file: str, file_format: str | None, sample: int | None,
                  seed: int, redact_names: list[str], *, fail_under: float | None,
                  json_out: str | None, junit: str | None, report: str | None,
                  models: str | None, cache: str | None, verbosity: int) -> int:
    def say(text: str) -> None:
        print(text, file=sys.stderr)

    try:
        rules = read_rules(rules_file)
        chosen = file_format or format_of(file)
        try:
            text = Path(file).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise ImportFailed(f"cannot read {file!r}: {exc}") from None
        log = read_conversations(text, chosen)
        total = len(log.dialogs)
        if sample is not None and sample < 1:
            raise ImportFailed("--sample must be at least 1")
        log = sample_log(log, sample, seed)
        log, redacted = redact(log, redact_names)
    except (ImportFailed, LogUnreadable) as exc:
        say(f"error: {exc}")
        return EXIT_BAD_INPUT
    if not log.dialogs:
        say(f"error: {file} holds no conversation with a user message")
        return EXIT_BAD_INPUT
    say(f"offline: {len(log.dialogs)} of {total} logged conversations from {file} ({chosen})"
        + (f", sampled with seed {seed}" if len(log.dialogs) < total else "")
        + "; nothing is sent to a bot")
    for reason, count in sorted(log.skipped.items()):
        say(f"  not judged: {count} × {reason}")
    for name, count in redacted.items():
        say(f"  redacted: {name} ({count})")
    with tempfile.TemporaryDirectory(prefix="agenteval-judge-") as scratch:
        # Named after the log: the gate's header and reports show the scenario's file.
        scenario = Path(scratch) / f"{Path(file).name}.offline.json"
        scenario.write_text(json.dumps(offline_scenario(log, rules, file), ensure_ascii=False),
                            encoding="utf-8")
        target = Path(scratch) / "replay.json"
        target.write_text(json.dumps({"name": "offline replay (logged replies, nothing sent)",
                                      "channelType": "replay", "channelConfig": {},
                                      "maxConcurrency": 1}), encoding="utf-8")
        replay = ReplayLog([d.exchanges for d in log.dialogs])
        # One attempt at a time, in case order: see agenteval/channels/replay.py.
        return run_command([str(scenario)], str(target), concurrency=1, fail_under=fail_under,
                           report=report, json_out=json_out, junit=junit, models=models,
                           cache=cache, verbosity=verbosity,
                           channel_types=[replay_channel_type(replay)])



