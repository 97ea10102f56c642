"""Validating scenario cases into CaseSpecs: one core for both spellings of a case.

Scenario documents (the seed's JSON/YAML file format) spell fields snake_case
with `id` and lower-case enums; GraphQL `CaseInput`s spell them camelCase with
`key` and upper-case enums. `CaseFieldNames` maps the difference, so every
check exists once and every error names the field as the author wrote it.
Errors are collected, never raised one at a time: the caller gets them all.
The rule types come from a `RuleCatalog` the caller passes in, so the domain
never imports the rule plugins.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from agenteval.domain import limits
from agenteval.domain.field_errors import FieldErrors
from agenteval.domain.judging.case_origin import validate_origin
from agenteval.domain.judging.cases import (
    DEFAULT_PARTIAL_THRESHOLD,
    DEFAULT_RULE_PASS_THRESHOLD,
    DEFAULT_SUCCESS_THRESHOLD,
    CaseSpec,
    TurnCheck,
)
from agenteval.domain.judging.rule_catalog import RuleCatalog
from agenteval.domain.judging.rule_spec_validation import (
    JUDGE_MISSING,
    RULE_SPEC_FIELDS,
    ValidRuleLists,
    is_number,
    validate_rules,
)
from agenteval.domain.judging.simulated_cases import (
    DOCUMENT_SIMULATED,
    INPUT_SIMULATED,
    NO_TURN_CHECKS,
    SimulatedFieldNames,
    SimulatedSpec,
    validate_simulated,
)
from agenteval.domain.static.tool_results import validate_tool_results
from agenteval.domain.static.turn_checks import parse_messages, parse_turn_check_inputs

__all__ = ["JUDGE_MISSING", "RULE_SPEC_FIELDS", "validate_case", "validate_cases"]

MAX_KEY_LENGTH = 200
CASE_TYPES = ("SINGLE_TURN", "MULTI_TURN", "SIMULATED")
RULE_LOGICS = ("ALL", "ANY", "WEIGHTED")


@dataclass(frozen=True)
class CaseFieldNames:
    """How one form spells a case's fields; `aliases` are other accepted spellings."""

    key: str
    eval_rules: str
    rule_logic: str
    rule_pass_threshold: str
    success_threshold: str
    partial_threshold: str
    single_message: str | None = None
    # GraphQL only: the per-turn checks beside `messages` (documents write them inside).
    turn_checks: str | None = None
    tool_results: str = "tool_results"
    simulated: SimulatedFieldNames = DOCUMENT_SIMULATED
    aliases: dict[str, str] = field(default_factory=dict)

    def known(self) -> list[str]:
        names = [self.key, "type", "messages", "expectation", self.eval_rules, self.rule_logic,
                 self.rule_pass_threshold, self.success_threshold, self.partial_threshold, "tags"]
        return names + [name for name in (self.single_message, self.turn_checks,
                                          self.tool_results) if name] + self.simulated.all() \
            + ["origin"]

    @functools.cached_property
    def known_set(self) -> frozenset[str]:
        """`known()` to test membership in: every key of every case is looked up."""
        return frozenset(self.known())


DOCUMENT_FIELDS = CaseFieldNames("id", "eval_rules", "rule_logic", "rule_pass_threshold",
                                 "success_threshold", "partial_threshold", single_message="message")
# GraphQL input; snake_case keys are accepted too, for callers that pass
# `dataclasses.asdict(strawberry_input)` rather than the raw variables.
INPUT_FIELDS = CaseFieldNames(
    "key", "evalRules", "ruleLogic", "rulePassThreshold", "successThreshold", "partialThreshold",
    turn_checks="turnChecks", tool_results="toolResults", simulated=INPUT_SIMULATED,
    aliases={"tool_results": "toolResults", "eval_rules": "evalRules", "rule_logic": "ruleLogic", "turn_checks": "turnChecks",
             "rule_pass_threshold": "rulePassThreshold", "success_threshold": "successThreshold",
             "partial_threshold": "partialThreshold", "max_turns": "maxTurns",
             "stop_when": "stopWhen", "follow_ups": "followUps"})


def validate_cases(raw_cases: Any, path: str, names: CaseFieldNames, catalog: RuleCatalog,
                   judge_configured: bool, errors: FieldErrors,
                   scenario_tags: Iterable[str] = (), *,
                   simulator_configured: bool = False) -> list[CaseSpec]:
    """Valid CaseSpecs from a list of raw cases; every problem is added to `errors`."""
    if not isinstance(raw_cases, list):
        errors.add(path, "must be a list of cases")
        return []
    if not raw_cases:
        errors.add(path, "must have at least one case")
        return []
    max_cases = limits.current().cases
    if len(raw_cases) > max_cases:
        errors.add(path, f"has {len(raw_cases)} cases; at most {max_cases} are allowed")
        return []
    cases: list[CaseSpec] = []
    first_seen: dict[str, int] = {}
    valid_rules = ValidRuleLists()
    for index, raw in enumerate(raw_cases):
        case_path = f"{path}[{index}]"
        case = validate_case(raw, case_path, names, catalog, judge_configured, errors,
                             scenario_tags, simulator_configured=simulator_configured,
                             valid_rules=valid_rules)
        key = raw.get(names.key) if isinstance(raw, dict) else None
        if isinstance(key, str) and key:
            if key in first_seen:
                errors.add(f"{case_path}.{names.key}",
                           f"duplicate {names.key} {key!r} (also {path}[{first_seen[key]}])")
            first_seen.setdefault(key, index)
        if case is not None:
            cases.append(case)
    return cases


def validate_case(raw: Any, path: str, names: CaseFieldNames, catalog: RuleCatalog,
                  judge_configured: bool, errors: FieldErrors,
                  scenario_tags: Iterable[str] = (), *,
                  simulator_configured: bool = False,
                  valid_rules: ValidRuleLists | None = None) -> CaseSpec | None:
    """One CaseSpec, or None when the case has errors (added to `errors`). `valid_rules`:
    the rule lists the document's earlier cases had valid (`validate_cases` passes it).

    A simulated case has no messages (GraphQL's required `messages` is then `[]`) and no
    per-turn checks; its own fields are checked by `validate_simulated`."""
    if not isinstance(raw, dict):
        errors.add(path, "must be an object")
        return None
    before = len(errors)
    raw = _canonical(raw, path, names, errors)
    for unknown in (k for k in raw if k not in names.known_set):
        errors.add(f"{path}.{unknown}", f"is not a case field (known: {', '.join(names.known())})")
    key = _key(raw.get(names.key), f"{path}.{names.key}", errors)
    simulated: SimulatedSpec | None = None
    messages: list[str] = []
    turn_checks: dict[int, TurnCheck] = {}
    if _is_simulated(raw.get("type")):
        _no_fixed_turns(raw, path, names, errors)
        case_type: Any = "SIMULATED"
        simulated = validate_simulated(raw, path, names.simulated, simulator_configured,
                                       errors)
    else:
        for name in (n for n in names.simulated.all() if n in raw):
            errors.add(f"{path}.{name}", "is a field of simulated cases (type: simulated)")
        messages, turn_checks = _messages(raw, path, names, catalog, judge_configured, errors)
        case_type = _case_type(raw.get("type"), messages, f"{path}.type", errors)
    expectation = raw.get("expectation")
    errors.add_all(catalog.validate_expectation(expectation, f"{path}.expectation"))
    logic = _choice(raw.get(names.rule_logic), RULE_LOGICS, "ALL",
                    f"{path}.{names.rule_logic}", errors)
    rules = validate_rules(raw.get(names.eval_rules), f"{path}.{names.eval_rules}", logic,
                           catalog, judge_configured, errors, valid=valid_rules)
    thresholds = [_fraction(raw.get(name), default, f"{path}.{name}", errors) for name, default in (
        (names.rule_pass_threshold, DEFAULT_RULE_PASS_THRESHOLD),
        (names.success_threshold, DEFAULT_SUCCESS_THRESHOLD),
        (names.partial_threshold, DEFAULT_PARTIAL_THRESHOLD))]
    if thresholds[2] > thresholds[1]:
        errors.add(f"{path}.{names.partial_threshold}",
                   f"must be ≤ {names.success_threshold} ({thresholds[1]:g})")
    tags = _strings(raw.get("tags"), f"{path}.tags", errors)
    tool_results = raw.get(names.tool_results)
    for suffix, message in validate_tool_results(tool_results):
        errors.add(f"{path}.{names.tool_results}{suffix}", message)
    limits.check_tags(errors, f"{path}.tags", tags)
    origin = validate_origin(raw.get("origin"), f"{path}.origin", errors)
    if len(errors) > before:
        return None
    return CaseSpec(key=key, messages=messages, type=case_type, expectation=expectation,
                    eval_rules=rules, rule_logic=logic,  # type: ignore[arg-type]  # checked
                    rule_pass_threshold=thresholds[0], success_threshold=thresholds[1],
                    partial_threshold=thresholds[2],
                    tags=list(dict.fromkeys([*scenario_tags, *tags])), turn_checks=turn_checks,
                    tool_results=tool_results, simulated=simulated, origin=origin)


def _canonical(raw: dict[str, Any], path: str, names: CaseFieldNames,
               errors: FieldErrors) -> dict[str, Any]:
    canonical = dict(raw)
    for alias, name in names.aliases.items():
        if alias in canonical:
            if name in canonical:
                errors.add(f"{path}.{alias}", f"give either {name} or {alias}, not both")
            canonical[name] = canonical.pop(alias)
    return canonical


def _key(value: Any, path: str, errors: FieldErrors) -> str:
    if value is None:
        errors.add(path, "is required")
    elif not isinstance(value, str) or not value.strip():
        errors.add(path, "must be a non-empty string")
    elif len(value) > MAX_KEY_LENGTH:
        errors.add(path, f"must be at most {MAX_KEY_LENGTH} characters")
    return value if isinstance(value, str) else ""


def _messages(raw: dict[str, Any], path: str, names: CaseFieldNames, catalog: RuleCatalog,
              judge_configured: bool,
              errors: FieldErrors) -> tuple[list[str], dict[int, TurnCheck]]:
    single = names.single_message
    if single and single in raw:
        if "messages" in raw:
            errors.add(f"{path}.{single}", "give either messages or message, not both")
            return [], {}
        value = raw[single]
        if not isinstance(value, str) or not value.strip():
            errors.add(f"{path}.{single}", "must be a non-empty string")
            return [], {}
        limits.check_message(errors, f"{path}.{single}", value)
        return [value], {}
    value = raw.get("messages")
    if value is None:
        errors.add(f"{path}.messages", "is required")
        return [], {}
    if not isinstance(value, list) or not value:
        errors.add(f"{path}.messages", "must be a non-empty list of messages")
        return [], {}
    if names.turn_checks is None:  # the document form: checks inside the messages
        return parse_messages(value, f"{path}.messages", catalog, judge_configured, errors)
    for index, message in enumerate(value):
        if not isinstance(message, str) or not message.strip():
            errors.add(f"{path}.messages[{index}]", "must be a non-empty string")
        else:
            limits.check_message(errors, f"{path}.messages[{index}]", message)
    checks = parse_turn_check_inputs(raw.get(names.turn_checks), len(value),
                                     f"{path}.{names.turn_checks}", catalog, judge_configured,
                                     errors)
    return list(value), checks


def _is_simulated(value: Any) -> bool:
    value = _enum_text(value)
    return isinstance(value, str) and value.upper() == "SIMULATED"


def _no_fixed_turns(raw: dict[str, Any], path: str, names: CaseFieldNames,
                    errors: FieldErrors) -> None:
    """A simulated case's user turns are played, not listed; its dialog is judged whole."""
    if names.single_message and names.single_message in raw:
        errors.add(f"{path}.{names.single_message}", "a simulated case has no fixed "
                   "messages: give its first message as opening, later ones as follow_ups")
    messages = raw.get("messages")
    if messages is not None and messages != []:
        errors.add(f"{path}.messages", "a simulated case has no fixed messages: give its "
                   "first message as opening, later ones as follow_ups")
    if isinstance(messages, list) and any(isinstance(m, dict) for m in messages):
        errors.add(f"{path}.messages", NO_TURN_CHECKS)
    if names.turn_checks and raw.get(names.turn_checks):
        errors.add(f"{path}.{names.turn_checks}", NO_TURN_CHECKS)


def _enum_text(value: Any) -> Any:
    return value.value if isinstance(value, Enum) else value


def _choice(value: Any, choices: tuple[str, ...], default: str, path: str,
            errors: FieldErrors) -> str:
    """An enum value, case-insensitively (`weighted` and `WEIGHTED` both work)."""
    value = _enum_text(value)
    if value is None:
        return default
    if not isinstance(value, str) or value.upper() not in choices:
        errors.add(path, "must be one of: " + ", ".join(choices))
        return default
    return value.upper()


def _case_type(value: Any, messages: list[str], path: str, errors: FieldErrors) -> Any:
    by_count = "SINGLE_TURN" if len(messages) <= 1 else "MULTI_TURN"
    case_type = _choice(value, CASE_TYPES, by_count, path, errors)
    if case_type == "SINGLE_TURN" and len(messages) > 1:
        errors.add(path, f"a single-turn case has exactly one message (this one has "
                         f"{len(messages)}); use multi_turn")
    return case_type


def _fraction(value: Any, default: float, path: str, errors: FieldErrors) -> float:
    if value is None:
        return default
    if not is_number(value):
        errors.add(path, "must be a number")
        return default
    if not 0 <= value <= 1:
        errors.add(path, "must be between 0 and 1")
        return default
    return float(value)


def _strings(value: Any, path: str, errors: FieldErrors) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list):
        errors.add(path, "must be a list of strings")
        return []
    bad = [i for i, item in enumerate(value) if not isinstance(item, str) or not item.strip()]
    for index in bad:
        errors.add(f"{path}[{index}]", "must be a non-empty string")
    return [] if bad else list(value)
