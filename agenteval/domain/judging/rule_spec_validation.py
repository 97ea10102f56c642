"""Validating a list of rule specs (a case's `eval_rules`, or one message's).

Shared by the case validator and the per-turn checks: the same fields, the same
messages, one place. A rule's `scope` is optional: on a case's rules it may say
`last_turn` or `full_dialog` — checked against what the rule judges (its type's
scope, or a JUDGE rule's `params.scope`), on a message's rules only `turn` — a
message's rules always judge the reply to that message.
"""

from __future__ import annotations

import copy
import math
from typing import Any, Literal

from agenteval.domain.field_errors import FieldErrors
from agenteval.domain.judging.cases import RuleSpec
from agenteval.domain.judging.rule_catalog import RuleCatalog

RULE_SPEC_FIELDS = ("type", "params", "weight", "scope")
CASE_RULE_SCOPES = ("last_turn", "full_dialog")
TURN_RULE_SCOPE = "turn"
JUDGE_MISSING = "needs a JUDGE model: configure one with setModelConfig(role: JUDGE)"
RulePlace = Literal["case", "turn"]


def is_number(value: Any) -> bool:
    return (not isinstance(value, bool) and isinstance(value, int | float)
            and math.isfinite(value))


class ValidRuleLists:
    """Rule lists already found valid while validating one document, by content.

    A scenario's cases usually repeat one rule list (2,000 cases, the same three rules),
    and each list costs its rules' params checks again; a list equal to one found valid
    (compared to a private copy: a repr key alone could confuse equal-looking values)
    gets the same RuleSpecs, which are frozen. Only valid lists are kept, so a bad list
    is reported at every place it occurs. One instance per document: the rule catalog and
    the models configured do not change within one.
    """

    __slots__ = ("_lists",)

    def __init__(self) -> None:
        self._lists: dict[tuple[str, str, str, bool], tuple[list[Any], list[RuleSpec]]] = {}

    @staticmethod
    def _key(value: list[Any], logic: str, place: RulePlace, judge_configured: bool
             ) -> tuple[str, str, str, bool]:
        return repr(value), logic, place, judge_configured

    def get(self, value: list[Any], logic: str, place: RulePlace,
            judge_configured: bool) -> list[RuleSpec] | None:
        found = self._lists.get(self._key(value, logic, place, judge_configured))
        return list(found[1]) if found is not None and found[0] == value else None

    def remember(self, value: list[Any], logic: str, place: RulePlace, judge_configured: bool,
                 rules: list[RuleSpec]) -> None:
        self._lists[self._key(value, logic, place, judge_configured)] = (
            copy.deepcopy(value), list(rules))


def validate_rules(value: Any, path: str, logic: str, catalog: RuleCatalog,
                   judge_configured: bool, errors: FieldErrors,
                   place: RulePlace = "case", valid: ValidRuleLists | None = None
                   ) -> list[RuleSpec]:
    """The valid RuleSpecs of `value`; every problem is added to `errors`. `valid`: the
    lists found valid so far in the same document (see ValidRuleLists)."""
    if value is None:
        return []
    if not isinstance(value, list):
        errors.add(path, "must be a list of rules")
        return []
    if valid is not None and (known := valid.get(value, logic, place, judge_configured)):
        return known
    before = len(errors)
    rules = [rule for index, raw in enumerate(value)
             if (rule := _rule(raw, f"{path}[{index}]", catalog, judge_configured, errors,
                               place)) is not None]
    if place == "case" and logic == "WEIGHTED" and len(rules) == len(value) and rules and not any(
            rule.weight > 0 for rule in rules):
        errors.add(path, "weighted rule logic needs at least one rule with weight > 0")
    if valid is not None and rules and len(errors) == before:
        valid.remember(value, logic, place, judge_configured, rules)
    return rules


def _rule(raw: Any, path: str, catalog: RuleCatalog, judge_configured: bool,
          errors: FieldErrors, place: RulePlace) -> RuleSpec | None:
    if not isinstance(raw, dict):
        errors.add(path, "must be an object with type, params and weight")
        return None
    before = len(errors)
    for unknown in (k for k in raw if k not in RULE_SPEC_FIELDS):
        errors.add(f"{path}.{unknown}", "is not a rule field (known: "
                   + ", ".join(RULE_SPEC_FIELDS) + ")")
    rule_type, params = raw.get("type"), raw.get("params")
    params = {} if params is None else params
    weight = raw.get("weight", 1.0)
    registered = catalog.get_rule(rule_type) if isinstance(rule_type, str) else None
    if rule_type is None:
        errors.add(f"{path}.type", "is required")
    elif registered is None:
        errors.add(f"{path}.type", catalog.unknown_rule_type_message(rule_type))
    elif registered.model_required and not judge_configured:
        errors.add(f"{path}.type", f"rule {rule_type!r} {JUDGE_MISSING}")
    else:
        errors.add_all(catalog.validate_params(rule_type, params, f"{path}.params"))
    if weight is None:
        weight = 1.0
    if not is_number(weight):
        errors.add(f"{path}.weight", "must be a number")
    elif weight < 0:
        errors.add(f"{path}.weight", "must be ≥ 0")
    scope = _scope(raw.get("scope"), f"{path}.scope", place, errors)
    if scope in CASE_RULE_SCOPES and registered is not None and isinstance(params, dict):
        # A declared scope is checked, never ignored: a JUDGE rule reads what its
        # params.scope says, any other rule what its type judges.
        judged = params.get("scope", registered.scope) if registered.model_required else \
            registered.scope
        if scope != judged:
            errors.add(f"{path}.scope", f"rule {rule_type!r} judges {judged} here"
                       + (" (set params.scope to change it)" if registered.model_required
                          else ""))
    if len(errors) > before or not isinstance(rule_type, str):  # a non-string type was reported
        return None
    return RuleSpec(type=rule_type, params=params, weight=float(weight), scope=scope)


def _scope(value: Any, path: str, place: RulePlace, errors: FieldErrors) -> str | None:
    if value is None:
        return None
    if place == "turn":
        if value != TURN_RULE_SCOPE:
            errors.add(path, "a message's rules judge that message's turn: scope must be "
                             "'turn' (put last_turn / full_dialog rules in the case's "
                             "eval_rules)")
        return TURN_RULE_SCOPE
    if value == TURN_RULE_SCOPE:
        errors.add(path, "scope 'turn' is for the rules of one message: write the message "
                         "as {user, eval_rules: [...]}")
        return None
    if value not in CASE_RULE_SCOPES:
        errors.add(path, "must be one of: last_turn, full_dialog, turn")
        return None
    return str(value)
