"""Rule plugins: `@register_rule`, the registry, and the built-in rules.

Importing this package registers the built-in rules: every module of the rule groups
(`BUILTIN_GROUPS`) is imported, and each rule registers itself with what it needs (its
params schema, scope and model role), so no list here names them.
"""

import importlib
import pkgutil

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

# The groups whose modules hold the built-in rules (and their helpers).
BUILTIN_GROUPS = ("model_free", "similarity", "judged", "conversation", "redteam", "qa")


def _register_builtin_rules() -> None:
    """Import each group's modules (not sub-packages: a group's tools, like the similarity
    calibration report, are not rules), so their `@register_rule`s run."""
    for group in BUILTIN_GROUPS:
        package = importlib.import_module(f"{__name__}.{group}")
        for module in pkgutil.iter_modules(package.__path__):
            if not module.ispkg:
                importlib.import_module(f"{package.__name__}.{module.name}")


_register_builtin_rules()

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
