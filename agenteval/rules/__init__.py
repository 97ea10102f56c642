"""Rule plugins: `@register_rule`, the registry, and the built-in rules.

Importing this package registers the built-in rules: each rule module registers itself
with what it needs (params schema, scope, model role — which rules need a JUDGE is read
from there); the imports below only load them. A group is not walked blindly: some of
its modules are tools with import-time work (the QA docs' examples load the demo
scorecard, which needs the QA rules registered first).
"""

# Built-in rules register themselves on import; the order is irrelevant.
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
from agenteval.rules.judged import (  # noqa: F401
    intent_classification,
    llm_score,
    task_completion,
)
from agenteval.rules.model_free import (  # noqa: F401
    commitment,
    forbidden_reply,
    json_path,
    json_schema,
    keyword_match,
    personal_data,
    response_time,
    tool_call,
)
from agenteval.rules.qa import (  # noqa: F401
    anchored,
    entity_check,
    llm_dimension,
    phrase,
    repetition,
    reply_check,
    scorecard_rule,
    word_library,
)
from agenteval.rules.redteam import canary_leak, safety  # noqa: F401
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
from agenteval.rules.similarity import semantic_similarity  # noqa: F401

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
