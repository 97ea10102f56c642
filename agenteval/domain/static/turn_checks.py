"""Per-turn checks: a message of a case written as `{user, expect, eval_rules}`.

In the document format a message is a string or an object; the object's `expect`
(the expectation keys) and `eval_rules` judge the reply to THAT message. GraphQL
keeps `messages: [String!]!` (the contract) and carries the checks beside it, as
`turnChecks: [{turnIndex, expect, evalRules}]`. Both become `CaseSpec.turn_checks`;
a case without checks is exported exactly as before (plain strings).
"""

from __future__ import annotations

from typing import Any

from agenteval.domain import limits
from agenteval.domain.field_errors import FieldErrors
from agenteval.domain.judging.cases import CaseSpec, RuleSpec, TurnCheck
from agenteval.domain.judging.rule_catalog import RuleCatalog
from agenteval.domain.judging.rule_spec_validation import validate_rules

MESSAGE_FIELDS = ("user", "expect", "eval_rules")
TURN_CHECK_INPUT_FIELDS = ("turnIndex", "expect", "evalRules")


def parse_messages(value: list[Any], path: str, catalog: RuleCatalog, judge_configured: bool,
                   errors: FieldErrors) -> tuple[list[str], dict[int, TurnCheck]]:
    """The message texts and the checks of the messages written as objects."""
    messages: list[str] = []
    checks: dict[int, TurnCheck] = {}
    for index, entry in enumerate(value):
        entry_path = f"{path}[{index}]"
        if isinstance(entry, dict):
            text, check = _message_object(entry, entry_path, catalog, judge_configured, errors)
            if check is not None:
                checks[index] = check
        else:
            text = entry
            _check_text(text, entry_path, errors)
        messages.append(text if isinstance(text, str) else "")
    return messages, checks


def _check_text(text: Any, path: str, errors: FieldErrors) -> None:
    if not isinstance(text, str) or not text.strip():
        errors.add(path, "must be a non-empty string")
    else:
        limits.check_message(errors, path, text)


def _message_object(entry: dict[str, Any], path: str, catalog: RuleCatalog,
                    judge_configured: bool, errors: FieldErrors) -> tuple[Any, TurnCheck | None]:
    for unknown in (k for k in entry if k not in MESSAGE_FIELDS):
        errors.add(f"{path}.{unknown}", "is not a message field (known: "
                   + ", ".join(MESSAGE_FIELDS) + ")")
    text = entry.get("user")
    if text is None:
        errors.add(f"{path}.user", "is required")
    else:
        if not isinstance(text, str) or not text.strip():
            errors.add(f"{path}.user", "must be a non-empty string")
        else:
            limits.check_message(errors, f"{path}.user", text)
    return text, _check(entry.get("expect"), entry.get("eval_rules"), path, "expect",
                        "eval_rules", catalog, judge_configured, errors)


def _check(expect: Any, rules: Any, path: str, expect_name: str, rules_name: str,
           catalog: RuleCatalog, judge_configured: bool,
           errors: FieldErrors) -> TurnCheck | None:
    errors.add_all(catalog.validate_expectation(expect, f"{path}.{expect_name}"))
    specs = validate_rules(rules, f"{path}.{rules_name}", "ALL", catalog, judge_configured,
                           errors, place="turn")
    if expect is None and not specs:
        return None
    return TurnCheck(expect=expect if isinstance(expect, dict) else None, eval_rules=specs)


def parse_turn_check_inputs(value: Any, message_count: int, path: str, catalog: RuleCatalog,
                            judge_configured: bool, errors: FieldErrors) -> dict[int, TurnCheck]:
    """`turnChecks` of a GraphQL CaseInput, each naming its 0-based message."""
    if value is None:
        return {}
    if not isinstance(value, list):
        errors.add(path, "must be a list of turn checks")
        return {}
    checks: dict[int, TurnCheck] = {}
    for position, raw in enumerate(value):
        item_path = f"{path}[{position}]"
        if not isinstance(raw, dict):
            errors.add(item_path, "must be an object {turnIndex, expect, evalRules}")
            continue
        raw = {("evalRules" if k == "eval_rules" else "turnIndex" if k == "turn_index" else k): v
               for k, v in raw.items()}
        for unknown in (k for k in raw if k not in TURN_CHECK_INPUT_FIELDS):
            errors.add(f"{item_path}.{unknown}", "is not a turn check field (known: "
                       + ", ".join(TURN_CHECK_INPUT_FIELDS) + ")")
        index = raw.get("turnIndex")
        if isinstance(index, bool) or not isinstance(index, int) or not (
                0 <= index < message_count):
            errors.add(f"{item_path}.turnIndex",
                       f"must be the 0-based index of one of the {message_count} messages")
            continue
        if index in checks:
            errors.add(f"{item_path}.turnIndex", f"message {index} already has checks")
            continue
        check = _check(raw.get("expect"), raw.get("evalRules"), item_path, "expect",
                       "evalRules", catalog, judge_configured, errors)
        if check is not None:
            checks[index] = check
    return checks


def rule_document(rule: RuleSpec) -> dict[str, Any]:
    """A rule spec as stored and exported; `scope` only when the author gave one."""
    document: dict[str, Any] = {"type": rule.type, "params": rule.params, "weight": rule.weight}
    if rule.scope is not None:
        document["scope"] = rule.scope
    return document


def rule_from_document(document: dict[str, Any]) -> RuleSpec:
    return RuleSpec(document["type"], document.get("params") or {}, float(document["weight"]),
                    document.get("scope"))


def message_documents(case: CaseSpec) -> list[Any]:
    """The case's messages: plain strings, objects for the messages that have checks."""
    documents: list[Any] = []
    for index, text in enumerate(case.messages):
        check = case.turn_checks.get(index)
        if check is None:
            documents.append(text)
            continue
        entry: dict[str, Any] = {"user": text}
        if check.expect is not None:
            entry["expect"] = check.expect
        if check.eval_rules:
            entry["eval_rules"] = [rule_document(rule) for rule in check.eval_rules]
        documents.append(entry)
    return documents


def checks_from_documents(messages: list[Any]) -> tuple[list[str], dict[int, TurnCheck]]:
    """A stored (already validated) message list back as texts and checks."""
    texts: list[str] = []
    checks: dict[int, TurnCheck] = {}
    for index, entry in enumerate(messages):
        if isinstance(entry, dict):
            texts.append(entry["user"])
            checks[index] = TurnCheck(
                expect=entry.get("expect"),
                eval_rules=[rule_from_document(r) for r in entry.get("eval_rules", [])])
        else:
            texts.append(entry)
    return texts, checks
