"""The GraphQL schema: domain mixins merged into Query, Mutation and Subscription."""

from __future__ import annotations

from typing import Any

import strawberry
from graphql.validation import ASTValidationRule
from strawberry.extensions import (
    AddValidationRules,
    MaxTokensLimiter,
    ValidationCache,
    max_aliases,
    query_depth_limiter,
)
from strawberry.extensions.query_depth_limiter import IgnoreContext
from strawberry.tools import merge_types

from agenteval.api.errors import ContractErrors
from agenteval.api.mutations import MUTATIONS
from agenteval.api.queries import QUERIES
from agenteval.api.subscriptions import SUBSCRIPTIONS
from agenteval.api.types.enums import ErrorCode
from agenteval.config import Settings
from agenteval.observability.operation_metrics import OperationMetrics


def _is_introspection(context: IgnoreContext) -> bool:
    # GraphiQL's introspection query is deep by nature and harmless.
    return context.field_name.startswith("__")


def build_schema(settings: Settings | None = None) -> strawberry.Schema:
    settings = settings or Settings()
    # The limit rules are built once: ValidationCache keys on the rule classes, and
    # QueryDepthLimiter/MaxAliasesLimiter would build new ones for every request.
    limits: list[type[ASTValidationRule]] = [
        query_depth_limiter.create_validator(settings.max_query_depth, _is_introspection),
        max_aliases.create_validator(settings.max_aliases),
    ]
    extensions: list[Any] = [
        OperationMetrics,  # first: it counts the errors once they have their codes
        ContractErrors,
        lambda: MaxTokensLimiter(max_token_count=settings.max_query_tokens),
        lambda: AddValidationRules(limits),
        # Clients (skills, the driver, the UI) send the same few documents over and
        # over: validating a document costs more than executing most mutations.
        # (No ParserCache: it raises the token limit's error where no extension
        # can give it a contract code; parsing is cheap next to validation.)
        lambda: ValidationCache(maxsize=256),
    ]
    return strawberry.Schema(
        query=merge_types("Query", QUERIES),
        mutation=merge_types("Mutation", MUTATIONS),
        subscription=merge_types("Subscription", SUBSCRIPTIONS) if SUBSCRIPTIONS else None,
        types=[ErrorCode],  # referenced by no field: registered so it is exported
        extensions=extensions,
    )


def print_schema_sdl(schema: strawberry.Schema | None = None) -> str:
    """The SDL exactly as `agenteval export-schema` writes it (with the final newline)."""
    return (schema or build_schema()).as_str() + "\n"
