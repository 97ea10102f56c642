"""The registered rule types as the domain's `RuleCatalog` port (see domain/judging/rule_catalog.py).

The engine hands `RULE_CATALOG` to scenario validation, so the domain checks
cases against today's registry without importing the rule plugins.
"""

from __future__ import annotations

from typing import Any

from agenteval.rules.base import RuleTypeInfo
from agenteval.rules.expectation import validate_expectation
from agenteval.rules.registry import get_rule, unknown_rule_type_message, validate_rule_params


class RegisteredRules:
    """A view of the live registry: rules registered later (plugins, tests) are seen too."""

    def get_rule(self, rule_type: str) -> RuleTypeInfo | None:
        """The rule type's public info, or None when it is not registered."""
        rule = get_rule(rule_type)
        return rule.info if rule is not None else None

    def unknown_rule_type_message(self, rule_type: object) -> str:
        """The message for an unregistered rule type (names the known ones)."""
        return unknown_rule_type_message(rule_type)

    def validate_params(self, rule_type: str, params: Any, path: str) -> list[dict[str, str]]:
        """Every problem with `params` for `rule_type`."""
        return validate_rule_params(rule_type, params, path)

    def validate_expectation(self, expectation: Any, path: str) -> list[dict[str, str]]:
        """Every problem with a case's `expectation`."""
        return validate_expectation(expectation, path)


RULE_CATALOG = RegisteredRules()
