"""Botium `.convo.txt` files → multi-turn cases with per-turn checks.

A convo is a name line, optional description lines, then steps: `#me` (the user's
message) and `#bot` (what the bot's reply must satisfy: text lines and asserters).
AgentEval sends each user message and judges the one reply to it, so a `#bot` step
becomes the checks of the `#me` before it; a bot step with no user message before
it (a greeting, `#begin`) or a second bot step in a row cannot be checked and is
dropped with that reason. Partial convos are put in place first (botium_files).
Utterance references (`UTT_HELLO`, defined in a `*.utterances.txt` file among the
files given) are resolved: the user sends the first variant, a bot check accepts
any of them.
"""

from __future__ import annotations

import re
from pathlib import Path

from agenteval.importers.botium_files import (
    IncludeProblem,
    Step,
    expand_includes,
    read_files,
)
from agenteval.importers.botium_steps import (
    KNOWN,
    SCRIPTING_MEMORY,
    hook_name,
    map_asserter,
    map_bot_text,
    wildcard,
)
from agenteval.importers.checks import Checks, case_document
from agenteval.importers.mapping import ImportResult, unique_id


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
        elif hook_name(line) in KNOWN:
            result.dropped(case, f"#me {hook_name(line)}", "a Botium user input or logic "
                           "hook (button click, media, pause, memory), not a message")
        elif hook_name(line):
            result.dropped(case, f"#me {hook_name(line)}", "an utterance name with no "
                           ".utterances.txt among the files given, or a custom hook: not "
                           "sent as text (give the utterances file)")
        else:
            texts.append(line)
    return "\n".join(texts)


def _bot_checks(lines: list[str], utterances: dict[str, list[str]], result: ImportResult,
                case: str) -> Checks:
    checks = Checks()
    for line in lines:
        bare = line.lstrip("!")
        if line.startswith("?"):
            result.dropped(case, "#bot ?", f"{line!r:.40} is optional in Botium (checked only "
                           "when the bot sends it): as a check here it would be required")
        elif (bare in utterances and not line.startswith("!")
              and any(SCRIPTING_MEMORY.search(v) for v in utterances[bare])):
            result.dropped(case, f"#bot {bare}", "the utterance's variants use scripting "
                           "memory ($variables), filled by Botium at run time")
        elif bare in utterances and utterances[bare] and not line.startswith("!"):
            checks.add_regex("(?is)" + "|".join(f"(?:{wildcard(v)[5:]})"
                                                for v in utterances[bare]))
            result.mapped(case, f"#bot {bare}", "expect.regex (any of the utterance's "
                          "variants)")
        elif hook_name(line):
            map_asserter(line, checks, result, case)
        else:
            map_bot_text(line, checks, result, case)
    return checks


def import_convo(path: Path, name: str, steps: list[Step], partials: dict[str, list[Step]],
                 utterances: dict[str, list[str]], result: ImportResult,
                 taken: set[str]) -> None:
    case = unique_id(_slug(name or path.name.removesuffix(".convo.txt")), taken)
    included = [s.channel or ",".join(s.lines) for s in steps if s.sender == "include"]
    included += [line.removeprefix("INCLUDE").strip() for s in steps for line in s.lines
                 if line.startswith("INCLUDE")]
    try:
        steps = expand_includes(steps, partials)
    except IncludeProblem as problem:
        result.dropped(case, "#include", str(problem))
        result.flagged(case, "a partial convo could not be included: its turns would land "
                       "on the wrong messages")
        return
    if included:
        result.mapped(case, "#include", f"partial convos {', '.join(included)} put in place "
                      "(their steps are this convo's turns)")
    messages: list[str | dict[str, object]] = []
    pending: str | None = None  # the last user message, still waiting for its bot step
    for step in steps:
        sender, lines = step.sender, step.lines
        if sender == "me":
            if pending is not None:
                messages.append(pending)
            pending = _user_text(lines, utterances, result, case) or None
            if pending is not None and SCRIPTING_MEMORY.search(pending):
                result.dropped(case, "#me $variable", f"{pending!r:.50} uses scripting memory: "
                               "Botium sends a value captured at run time, not this text")
                result.flagged(case, "a user message depends on scripting memory: sent "
                               "as written it would not be the message Botium sends")
                return
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
            result.dropped(case, f"#{sender}", "not a #me or #bot step (another sender: "
                           "AgentEval talks to one bot as one user)")
    if pending is not None:
        messages.append(pending)
    if not messages:
        result.flagged(case, "no user message: nothing to send")
    elif all(isinstance(m, str) for m in messages):
        result.flagged(case, "no bot step could be mapped to a check: nothing to judge")
    else:
        result.cases.append(case_document(case, messages, ["botium"]))


def import_botium(paths: list[Path]) -> ImportResult:
    """Each path: a `.convo.txt` / `.pconvo.txt` / `.utterances.txt` file, or a folder
    searched for them. Only these files are read (see botium_files)."""
    result, taken = ImportResult("botium"), set[str]()
    files = read_files(paths)
    for refused in files.unreadable:
        result.dropped(refused.path.name, "file", f"not read: it is not UTF-8 (it looks like "
                       f"{refused.encoding}); save it as UTF-8 (Botium reads UTF-8)")
    for name in files.partials:
        result.mapped(name, "partial convo", "read; included where a convo includes it")
    for path, name, steps in files.convos:
        import_convo(path, name, steps, files.partials, files.utterances, result, taken)
    return result
