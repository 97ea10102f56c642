"""Rule plugins: `@register_rule`, the registry, and the built-in rules.

Each built-in rule module registers itself with what it needs (params schema, scope,
model role — which rules need a JUDGE is read from there). The registry imports a
built-in module the first time its rule type is looked up (`builtin_index` finds the
module from the rules' own `NAME` declarations), and every one when the types are
listed: importing this package loads no rule, and a gate imports only the rules its
scenarios name.
"""

from agenteval.rules.base import (
    NO_MODELS,
    ModelProvider,
    NoModels,
    RuleEvaluator,
    RuleTypeInfo,
    last_reply_or_failure,
)
from agenteval.rules.catalog import RULE_CATALOG, RegisteredRules
from agenteval.rules.expectation import (
    EXPECTATION_RULE_TYPES,
    evaluate_expectation,
    validate_expectation,
)
from agenteval.rules.registry import (
    RegisteredRule,
    get_rule,
    register_rule,
    registry_snapshot,
    rule_types,
    run_rule,
    unknown_rule_type_message,
    validate_rule_params,
)

__all__ = [
    "EXPECTATION_RULE_TYPES",
    "NO_MODELS",
    "RULE_CATALOG",
    "ModelProvider",
    "NoModels",
    "RegisteredRule",
    "RegisteredRules",
    "RuleEvaluator",
    "RuleTypeInfo",
    "evaluate_expectation",
    "get_rule",
    "last_reply_or_failure",
    "register_rule",
    "registry_snapshot",
    "rule_types",
    "run_rule",
    "unknown_rule_type_message",
    "validate_expectation",
    "validate_rule_params",
]
