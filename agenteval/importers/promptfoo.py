"""promptfoo configs (YAML or JSON) → scenario cases.

A file is a promptfoo config with `tests:` (inline, or `file://` CSV / YAML / JSON
files beside it) and maybe `defaultTest:`, or a bare list of tests. Every key of the
config, of `defaultTest` and of each test gets a row in the mapping table.

The user's message is the var named by `message_var`, else the only var, else the
first of `message`, `input`, `query`, `question`, `prompt`, `user`, else the one var
whose name ends in `_message`, `_input`, `_query` or `_question`. `vars.messages`
(chat format) gives every user message; `_conversation` (earlier `{input, output}`
turns) the earlier user turns. Tests sharing `metadata.conversationId` are one
multi-turn case, each test's assertions checking its own turn. Templates (`{{var}}`)
in messages and assertion values are rendered with the test's vars (promptfoo_templates).

A test run by the `promptfoo:simulated-user` provider (its own or defaultTest's)
becomes a simulated case: the `instructions` var (the simulated user's brief: who
they are, what they want, how they behave) is the goal, `maxTurns` the turn limit,
and its `llm-rubric`s judge the whole dialog, as promptfoo grades the transcript.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from agenteval.importers import simulated
from agenteval.importers.checks import Checks, case_document
from agenteval.importers.mapping import ImportFailed, ImportResult, unique_id
from agenteval.importers.promptfoo_assertions import AssertionContext, map_assertion
from agenteval.importers.promptfoo_defaults import TestDefaults, read_defaults, simulated_user
from agenteval.importers.promptfoo_files import ConfigFolder, FileRefused, load_config
from agenteval.importers.promptfoo_templates import TemplateRefused, render

MESSAGE_VARS = ("message", "input", "query", "question", "prompt", "user")
MESSAGE_SUFFIXES = ("_message", "_input", "_query", "_question")
MAX_TAG_CHARS = 200  # the scenario validation's limit on a tag (domain/limits.MAX_NAME)
CONFIG_KEYS_USED = ("tests", "defaultTest", "assertionTemplates")
TEST_KEYS_USED = ("description", "vars", "assert", "metadata", "threshold", "options",
                  "provider")


def _config_rows(data: dict[str, Any], name: str, result: ImportResult) -> None:
    for key in data:
        if key == "assertionTemplates":
            result.mapped(name, key, "used where an assertion names one with $ref")
        elif key == "description":
            result.dropped(name, key, "the config's title; the scenario is named after the "
                           "files imported")
        elif key not in CONFIG_KEYS_USED:
            result.dropped(name, key, "config outside the tests (prompts, providers, output "
                           "options): the target file says what AgentEval talks to")


def _tests(data: Any, path: Path, folder: ConfigFolder, result: ImportResult) -> list[Any]:
    if isinstance(data, list):
        return data
    if not isinstance(data, dict) or "tests" not in data:
        raise ImportFailed(f"{path}: neither a list of tests nor a config with `tests:`")
    _config_rows(data, path.name, result)
    raw = data["tests"]
    entries = raw if isinstance(raw, list) else [raw]
    tests: list[Any] = []
    for entry in entries:
        if isinstance(entry, str) and entry.startswith("file://"):
            try:
                loaded = folder.tests(entry)
            except FileRefused as refused:
                result.dropped(path.name, "tests", str(refused))
                continue
            result.mapped(path.name, "tests", f"{len(loaded)} tests read from {entry}")
            tests += loaded
        else:
            tests.append(entry)
    if not isinstance(raw, list | str):
        raise ImportFailed(f"{path}: `tests` is neither a list nor a file:// reference")
    return tests


def _load_vars(raw: dict[str, Any], folder: ConfigFolder, result: ImportResult,
               case: str) -> dict[str, Any] | None:
    """The vars with `file://` values read; None when one cannot be read."""
    loaded = {}
    for name, value in raw.items():
        if isinstance(value, str) and value.startswith("file://"):
            try:
                loaded[name] = folder.load(value)
            except FileRefused as refused:
                result.dropped(case, f"vars.{name}", f"not read: {refused}")
                return None
            result.mapped(case, f"vars.{name}", f"read from {value}")
        else:
            loaded[name] = value
    return loaded


def _message_var(variables: dict[str, Any], message_var: str | None) -> str | None:
    if message_var is not None:
        return message_var if message_var in variables else None
    names = [k for k in variables if not k.startswith("_")]
    if len(names) == 1:
        return names[0]
    named = next((n for n in MESSAGE_VARS if n in variables), None)
    if named is not None:
        return named
    suffixed = [n for n in names if n.endswith(MESSAGE_SUFFIXES)]
    return suffixed[0] if len(suffixed) == 1 else None


def _user_messages(variables: dict[str, Any], message_var: str | None, result: ImportResult,
                   case: str) -> list[str]:
    turns: list[str] = []
    conversation = variables.get("_conversation")
    if isinstance(conversation, list):
        turns += [t["input"] for t in conversation if isinstance(t, dict)
                  and isinstance(t.get("input"), str)]
        result.mapped(case, "vars._conversation", f"{len(turns)} earlier user turns (their "
                      "outputs are replaced by the target's live replies)")
    if isinstance(variables.get("messages"), list) and message_var is None:
        for entry in variables["messages"]:
            if isinstance(entry, dict) and entry.get("role") == "user":
                turns.append(str(entry.get("content", "")))
            elif isinstance(entry, dict) and isinstance(entry.get("user"), str):
                turns.append(entry["user"])
        result.mapped(case, "vars.messages", "user messages in order (assistant and system "
                      "messages dropped: the target answers live, its prompt is its own)")
        return [render(t, variables) for t in turns if t.strip()]
    names = [k for k in variables if not k.startswith("_")]
    chosen = _message_var(variables, message_var)
    if chosen is not None and isinstance(variables.get(chosen), list):
        result.dropped(case, f"vars.{chosen}", "a list of messages: promptfoo runs the test "
                       "once per value; not expanded here (write one test per message)")
        return []
    if chosen is None or not isinstance(variables.get(chosen), str | int | float):
        result.dropped(case, "vars", f"cannot tell which of {names} is the user's message "
                       "(pass --message-var)")
        return []
    turns.append(render(str(variables[chosen]), variables))
    result.mapped(case, f"vars.{chosen}", "the user's message")
    _other_vars(variables, {chosen, "messages"}, result, case)
    return [t for t in turns if t.strip()]


def _other_vars(variables: dict[str, Any], used: set[str], result: ImportResult,
                case: str) -> None:
    for other in (k for k in variables if not k.startswith("_") and k not in used):
        result.dropped(case, f"vars.{other}", "a prompt variable other than the message: "
                       "the target's own prompt fills it (templates in this test's "
                       "messages and assertions were rendered with it)")


def _mapping(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _slug(text: str) -> str:
    return re.sub(r"[^\w-]+", "-", text.strip().lower()).strip("-")[:80] or "test"


class _Importer:
    def __init__(self, message_var: str | None) -> None:
        self.message_var = message_var
        self.result = ImportResult("promptfoo")
        self.taken: set[str] = set()
        # conversationId → (case id, messages) so later tests extend the same case.
        self.conversations: dict[str, tuple[str, list[Any]]] = {}
        self.drafts: list[dict[str, Any]] = []

    def file(self, path: Path) -> None:
        data = load_config(path)
        folder = ConfigFolder(path.resolve().parent)
        tests = _tests(data, path, folder, self.result)
        config = data if isinstance(data, dict) else {}
        defaults = read_defaults(config.get("defaultTest"), folder, self.result, path.name)
        for index, test in enumerate(tests):
            if not isinstance(test, dict):
                self.result.dropped(f"{path.name}#{index + 1}", "test", "not a test object "
                                    "(generator references are not followed)")
                continue
            label = test.get("description") or f"{path.stem}-{index + 1}"
            self.test(test, str(label), defaults, folder, config)

    def test(self, test: dict[str, Any], label: str, defaults: TestDefaults,
             folder: ConfigFolder, config: dict[str, Any]) -> None:
        result = self.result
        metadata = {**defaults.metadata, **_mapping(test.get("metadata"))}
        conversation_id = metadata.pop("conversationId", None)
        if conversation_id is not None and str(conversation_id) in self.conversations:
            case_id, messages = self.conversations[str(conversation_id)]
        else:
            case_id, messages = unique_id(_slug(label), self.taken), []
            if conversation_id is not None:
                self.conversations[str(conversation_id)] = (case_id, messages)
                result.mapped(case_id, "metadata.conversationId",
                              "tests of this conversation become one multi-turn case")
        raw_vars = test.get("vars")
        if isinstance(raw_vars, str) and raw_vars.startswith("file://"):
            try:
                raw_vars = folder.load(raw_vars)
            except FileRefused as refused:
                result.dropped(case_id, "vars", f"not read: {refused}")
                raw_vars = None
        variables = _load_vars({**defaults.variables, **_mapping(raw_vars)}, folder,
                               result, case_id)
        if variables is None:
            result.flagged(case_id, "a var could not be read: the test is not imported")
            return
        options = _mapping(test.get("options"))
        provider = test.get("provider", defaults.provider)
        threshold = test.get("threshold", defaults.threshold)
        if threshold is not None and (not isinstance(threshold, int | float)
                                      or not 0 <= threshold <= 1):
            result.dropped(case_id, "threshold", f"{threshold!r} is not a score between 0 "
                           "and 1: the test is imported without it (every check must pass)")
            threshold = None
        context = AssertionContext(
            variables, folder, config, weighted=isinstance(threshold, int | float),
            simulated=simulated_user(provider) is not None,
            transform=options.get("transform", defaults.transform))
        self._test_rows(test, options, case_id)
        checks = Checks()
        for assertion in [*defaults.asserts, *(test.get("assert") or [])]:
            map_assertion(assertion, checks, result, case_id, context)
        tags = ["promptfoo"]
        for key, value in metadata.items():
            tag = f"{key}:{value}"
            if isinstance(value, str | int | float) and len(tag) <= MAX_TAG_CHARS:
                tags.append(tag)
                result.mapped(case_id, f"metadata.{key}", f"tag {tag}")
            else:
                result.dropped(case_id, f"metadata.{key}", "not a short text: a tag is a "
                               f"label of at most {MAX_TAG_CHARS} characters")
        if context.simulated:
            self.simulated_test(case_id, variables, provider, checks, tags)
            return
        try:
            turns = _user_messages(variables, self.message_var, result, case_id)
        except TemplateRefused as refused:
            result.dropped(case_id, "message", f"not imported: {refused}")
            result.flagged(case_id, "its message cannot be rendered")
            return
        if not turns:
            return
        messages += [*turns[:-1], checks.message(turns[-1])]
        if conversation_id is None or len(messages) == len(turns):
            self.drafts.append({"id": case_id, "messages": messages, "tags": tags,
                                "threshold": threshold})
        if isinstance(threshold, int | float):
            result.mapped(case_id, "threshold", _threshold_note(float(threshold)))

    def _test_rows(self, test: dict[str, Any], options: dict[str, Any], case: str) -> None:
        for key in test:
            if key == "provider" and simulated_user(test[key]) is not None:
                continue
            if key == "provider":
                self.result.dropped(case, key, "a per-test provider: AgentEval talks to the "
                                    "target file's target")
            elif key == "providerOutput":
                self.result.dropped(case, key, "a canned output: AgentEval asks the target")
            elif key not in TEST_KEYS_USED:
                self.result.dropped(case, key, "test option with no AgentEval equivalent")
        for key in options:
            if key != "transform":
                self.result.dropped(case, f"options.{key}", "promptfoo run option (prompt "
                                    "prefix/suffix, grader provider, …): no AgentEval "
                                    "equivalent" if key != "provider" else "the grader is "
                                    "AgentEval's JUDGE model config")

    def simulated_test(self, case_id: str, variables: dict[str, Any], provider: Any,
                       checks: Checks, tags: list[str]) -> None:
        result = self.result
        instructions = variables.get("instructions")
        try:
            goal = render(str(instructions), variables) if instructions else None
        except TemplateRefused as refused:
            result.dropped(case_id, "vars.instructions", f"not imported: {refused}")
            goal = None
        if not goal:
            result.flagged(case_id, "a simulated-user test without instructions: nothing "
                           "to simulate")
            return
        result.mapped(case_id, "provider promptfoo:simulated-user", "a simulated case "
                      "(type: simulated): a SIMULATOR model plays the user")
        result.mapped(case_id, "vars.instructions", "the goal: the simulated user's whole "
                      "brief (who they are, what they want, how they behave), as written")
        _other_vars(variables, {"instructions"}, result, case_id)
        max_turns = simulated_user(provider) or 10
        if max_turns > simulated.MAX_TURNS_LIMIT:
            result.mapped(case_id, "maxTurns", f"{max_turns} → {simulated.MAX_TURNS_LIMIT}, "
                          "AgentEval's limit")
            max_turns = simulated.MAX_TURNS_LIMIT
        else:
            result.mapped(case_id, "maxTurns", f"max_turns {max_turns}")
        if not checks.rules:
            result.flagged(case_id, "no assertion could be mapped: nothing to check")
            return
        self.drafts.append({"case": simulated.simulated_case(
            case_id, {}, goal, None, max_turns, checks.rules, tags)})

    def finish(self) -> list[dict[str, Any]]:
        """The case documents; a case with nothing checkable on any turn is flagged."""
        cases = []
        for draft in self.drafts:
            if "case" in draft:
                cases.append(draft["case"])
                continue
            messages = draft["messages"]
            if all(isinstance(m, str) for m in messages):
                self.result.flagged(draft["id"], "no assertion could be mapped: nothing to "
                                    "check")
                continue
            case = case_document(draft["id"], messages, draft["tags"])
            threshold = draft["threshold"]
            if isinstance(threshold, int | float):
                case["rule_logic"] = "WEIGHTED"
                case["rule_pass_threshold"] = float(threshold)
            cases.append(case)
        return cases


def _threshold_note(threshold: float) -> str:
    if threshold == 0:
        return ("0: informational; rule_logic WEIGHTED with rule_pass_threshold 0, so the "
                "rules' scores are reported and the case never fails (as in promptfoo)")
    return (f"rule_logic WEIGHTED, rule_pass_threshold {threshold}: the weighted mean of "
            "the rules' scores must reach it (as in promptfoo)")


def import_promptfoo(paths: list[Path], message_var: str | None = None) -> ImportResult:
    importer = _Importer(message_var)
    for path in paths:
        importer.file(path)
    importer.result.cases = importer.finish()
    return importer.result
