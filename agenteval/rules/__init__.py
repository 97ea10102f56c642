"""Rule plugins: `@register_rule`, the registry, and the built-in rules.

Importing this package registers the built-in rules.
"""

# Built-in rules register themselves on import (the conversation metrics below too);
# the order is irrelevant.
from agenteval.rules import (  # noqa: F401
    canary_leak,
    commitment,
    forbidden_reply,
    intent_classification,
    json_path,
    json_schema,
    keyword_match,
    llm_score,
    personal_data,
    response_time,
    safety,
    semantic_similarity,
    task_completion,
    tool_call,
)
from agenteval.rules.base import (
    NO_MODELS,
    ModelProvider,
    NoModels,
    RuleEvaluator,
    RuleTypeInfo,
    last_reply_or_failure,
)
from agenteval.rules.catalog import RULE_CATALOG, RegisteredRules
from agenteval.rules.conversation import (  # noqa: F401
    conversation_completeness,
    conversation_relevancy,
    knowledge_retention,
    role_adherence,
)
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
