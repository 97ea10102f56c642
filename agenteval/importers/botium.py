"""Botium `.convo.txt` files → multi-turn cases with per-turn checks.

A convo is a name line, optional description lines, then steps: `#me` (the user's
message) and `#bot` (what the bot's reply must satisfy: text lines and asserters).
AgentEval sends each user message and judges the one reply to it, so a `#bot` step
becomes the checks of the `#me` before it; a bot step with no user message before
it (a greeting, `#begin`) or a second bot step in a row cannot be checked and is
dropped with that reason. Utterance references (`UTT_HELLO`, defined in
`*.utterances.txt` beside the convo) are resolved: the user sends the first
variant, a bot check accepts any of them.
"""

from __future__ import annotations

import re
from pathlib import Path

from agenteval.importers.botium_steps import hook_name, map_asserter, map_bot_text, wildcard
from agenteval.importers.checks import Checks, case_document
from agenteval.importers.mapping import ImportFailed, ImportResult, unique_id

Step = tuple[str, list[str]]


def read_utterances(folder: Path) -> dict[str, list[str]]:
    """Every `*.utterances.txt` under `folder`: name → its variants."""
    utterances: dict[str, list[str]] = {}
    for path in sorted(folder.rglob("*.utterances.txt")):
        lines = [line.strip() for line in path.read_text(encoding="utf-8").splitlines()
                 if line.strip()]
        if lines:
            utterances.setdefault(lines[0], lines[1:])
    return utterances


def parse_convo(text: str) -> tuple[str, list[Step]]:
    """The convo's name and its steps (`me`, `bot`, `begin`, `end`, … with their lines)."""
    name, steps = "", []
    current: Step | None = None
    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("#"):
            current = (line[1:].strip(), [])
            steps.append(current)
        elif current is None:
            name = name or line
        elif line:
            current[1].append(line)
    return name, steps


def _slug(text: str) -> str:
    return re.sub(r"[^\w-]+", "-", text.strip()).strip("-")[:80] or "convo"


def _user_text(lines: list[str], utterances: dict[str, list[str]], result: ImportResult,
               case: str) -> str:
    texts = []
    for line in lines:
        if line in utterances and utterances[line]:
            texts.append(utterances[line][0])
            result.mapped(case, f"#me {line}", "utterance: its first variant is sent"
                          + (f" ({len(utterances[line]) - 1} other variants dropped)"
                             if len(utterances[line]) > 1 else ""))
        elif hook_name(line):
            result.dropped(case, f"#me {hook_name(line)}", "a Botium user input or logic "
                           "hook (button click, media, pause, memory), not a message")
        else:
            texts.append(line)
    return "\n".join(texts)


def _bot_checks(lines: list[str], utterances: dict[str, list[str]], result: ImportResult,
                case: str) -> Checks:
    checks = Checks()
    for line in lines:
        bare = line.lstrip("!")
        if bare in utterances and utterances[bare] and not line.startswith("!"):
            checks.add_regex("(?is)" + "|".join(f"(?:{wildcard(v)[5:]})"
                                                for v in utterances[bare]))
            result.mapped(case, f"#bot {bare}", "expect.regex (any of the utterance's "
                          "variants)")
        elif hook_name(line):
            map_asserter(line, checks, result, case)
        else:
            map_bot_text(line, checks, result, case)
    return checks


def import_convo(path: Path, utterances: dict[str, list[str]], result: ImportResult,
                 taken: set[str]) -> None:
    try:
        name, steps = parse_convo(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise ImportFailed(f"{path}: cannot read it: {exc}") from None
    case = unique_id(_slug(name or path.name.removesuffix(".convo.txt")), taken)
    messages: list[str | dict[str, object]] = []
    pending: str | None = None  # the last user message, still waiting for its bot step
    for sender, lines in steps:
        if sender == "me":
            if pending is not None:
                messages.append(pending)
            pending = _user_text(lines, utterances, result, case) or None
        elif sender == "bot" and pending is not None:
            checks = _bot_checks(lines, utterances, result, case)
            messages.append(checks.message(pending))
            pending = None
        elif sender == "bot":
            if lines:
                result.dropped(case, "#bot", "no user message before it (a greeting or a "
                               "second reply in a row): AgentEval judges one reply per message")
        elif sender in ("begin", "end"):
            if lines:
                result.dropped(case, f"#{sender}", "set-up / tear-down hooks of the Botium "
                               "runner")
        else:
            result.dropped(case, f"#{sender}", "not a #me or #bot step (other senders and "
                           "#include of partial convos are not followed)")
    if pending is not None:
        messages.append(pending)
    if not messages:
        result.flagged(case, "no user message: nothing to send")
    elif all(isinstance(m, str) for m in messages):
        result.flagged(case, "no bot step could be mapped to a check: nothing to judge")
    else:
        result.cases.append(case_document(case, messages, ["botium"]))


def import_botium(paths: list[Path]) -> ImportResult:
    """Each path: a `.convo.txt` file or a folder searched for them (and utterances)."""
    result, taken = ImportResult("botium"), set[str]()
    for path in paths:
        convos = sorted(path.rglob("*.convo.txt")) if path.is_dir() else [path]
        utterances = read_utterances(path if path.is_dir() else path.parent)
        for convo in convos:
            import_convo(convo, utterances, result, taken)
    return result
