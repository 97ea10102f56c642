"""promptfoo test files (YAML or JSON) → scenario cases.

A file is a promptfoo config with `tests:` (and maybe `defaultTest:`) or a bare list
of tests. Each test's vars give the user's message: the var named by `message_var`,
else the only var, else the first of `message`, `input`, `query`, `question`,
`prompt`, `user`. `vars.messages` (chat format) gives every user message; a
`_conversation` var (earlier `{input, output}` turns) gives the earlier user turns.
Tests sharing `metadata.conversationId` are one multi-turn case, each test's
assertions checking its own turn (promptfoo's way of writing a conversation).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from agenteval.importers.checks import Checks, case_document
from agenteval.importers.mapping import ImportFailed, ImportResult, unique_id
from agenteval.importers.promptfoo_assertions import map_assertion

MESSAGE_VARS = ("message", "input", "query", "question", "prompt", "user")


def _load(path: Path) -> Any:
    try:
        text = path.read_text(encoding="utf-8")
        return yaml.safe_load(text)
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
        raise ImportFailed(f"{path}: cannot read it as promptfoo YAML/JSON: {exc}") from None


def _tests(data: Any, path: Path, result: ImportResult) -> tuple[list[Any], list[Any]]:
    """The tests and the default assertions of one file."""
    if isinstance(data, list):
        return data, []
    if not isinstance(data, dict) or "tests" not in data:
        raise ImportFailed(f"{path}: neither a list of tests nor a config with `tests:`")
    for key in data:
        if key not in ("tests", "defaultTest", "description"):
            result.dropped(path.name, key, "config outside the tests (prompts, providers…): "
                           "the target file says what AgentEval talks to")
    tests = data["tests"]
    if not isinstance(tests, list):
        raise ImportFailed(f"{path}: `tests` is not an inline list (file references are "
                           "not followed)")
    default = data.get("defaultTest") or {}
    default_asserts = default.get("assert", []) if isinstance(default, dict) else []
    return tests, default_asserts if isinstance(default_asserts, list) else []


def _user_messages(vars_: dict[str, Any], message_var: str | None, result: ImportResult,
                   case: str) -> list[str]:
    turns: list[str] = []
    conversation = vars_.get("_conversation")
    if isinstance(conversation, list):
        turns += [t["input"] for t in conversation if isinstance(t, dict)
                  and isinstance(t.get("input"), str)]
        result.mapped(case, "vars._conversation", f"{len(turns)} earlier user turns (their "
                      "outputs are replaced by the target's live replies)")
    if isinstance(vars_.get("messages"), list) and message_var is None:
        for entry in vars_["messages"]:
            if isinstance(entry, dict) and entry.get("role") == "user":
                turns.append(str(entry.get("content", "")))
            elif isinstance(entry, dict) and isinstance(entry.get("user"), str):
                turns.append(entry["user"])
        result.mapped(case, "vars.messages", "user messages in order (assistant and system "
                      "messages dropped: the target answers live, its prompt is its own)")
        return [t for t in turns if t.strip()]
    names = [k for k in vars_ if not k.startswith("_")]
    chosen = message_var if message_var in vars_ else (
        names[0] if len(names) == 1 else next((n for n in MESSAGE_VARS if n in vars_), None))
    if chosen is None or not isinstance(vars_.get(chosen), str | int | float):
        result.dropped(case, "vars", f"cannot tell which of {names} is the user's message "
                       "(pass --message-var)")
        return []
    turns.append(str(vars_[chosen]))
    result.mapped(case, f"vars.{chosen}", "the user's message")
    for other in names:
        if other not in (chosen, "messages"):
            result.dropped(case, f"vars.{other}", "a prompt variable other than the message: "
                           "the target's own prompt fills it")
    return [t for t in turns if t.strip()]


def _slug(text: str) -> str:
    return re.sub(r"[^\w-]+", "-", text.strip().lower()).strip("-")[:80] or "test"


def import_promptfoo(paths: list[Path], message_var: str | None = None) -> ImportResult:
    result = ImportResult("promptfoo")
    taken: set[str] = set()
    # conversationId → (case id, messages) so later tests extend the same case.
    conversations: dict[str, tuple[str, list[Any]]] = {}
    for path in paths:
        tests, default_asserts = _tests(_load(path), path, result)
        for index, test in enumerate(tests):
            if not isinstance(test, dict):
                result.dropped(f"{path.name}#{index + 1}", "test", "not a test object "
                               "(file or generator references are not followed)")
                continue
            label = test.get("description") or f"{path.stem}-{index + 1}"
            raw_metadata, raw_vars = test.get("metadata"), test.get("vars")
            metadata = raw_metadata if isinstance(raw_metadata, dict) else {}
            conversation_id = metadata.get("conversationId")
            if conversation_id is not None and str(conversation_id) in conversations:
                case_id, messages = conversations[str(conversation_id)]
            else:
                case_id, messages = unique_id(_slug(str(label)), taken), []
                if conversation_id is not None:
                    conversations[str(conversation_id)] = (case_id, messages)
                    result.mapped(case_id, "metadata.conversationId",
                                  "tests of this conversation become one multi-turn case")
            vars_ = raw_vars if isinstance(raw_vars, dict) else {}
            turns = _user_messages(vars_, message_var, result, case_id)
            if not turns:
                continue
            checks = Checks()
            for assertion in [*default_asserts, *(test.get("assert") or [])]:
                map_assertion(assertion, checks, result, case_id)
            for key in test:
                if key not in ("description", "vars", "assert", "metadata"):
                    result.dropped(case_id, key, "test option with no AgentEval equivalent")
            messages += [*turns[:-1], checks.message(turns[-1])]
            if conversation_id is None or len(messages) == len(turns):
                result.cases.append({"__id": case_id, "__messages": messages})
    result.cases = _finish(result)
    return result


def _finish(result: ImportResult) -> list[dict[str, Any]]:
    """The case documents; a case with nothing checkable on any turn is flagged."""
    cases = []
    for draft in result.cases:
        messages = draft["__messages"]
        if all(isinstance(m, str) for m in messages):
            result.flagged(draft["__id"], "no assertion could be mapped: nothing to check")
            continue
        cases.append(case_document(draft["__id"], messages, ["promptfoo"]))
    return cases
