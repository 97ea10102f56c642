"""The GraphQL schema: domain mixins merged into Query, Mutation and Subscription."""

from __future__ import annotations

from typing import Any

import strawberry
from strawberry.extensions import (
    MaxAliasesLimiter,
    MaxTokensLimiter,
    ParserCache,
    QueryDepthLimiter,
    ValidationCache,
)
from strawberry.extensions.query_depth_limiter import IgnoreContext
from strawberry.tools import merge_types

from agenteval.api.errors import ContractErrors
from agenteval.api.mutations import MUTATIONS
from agenteval.api.queries import QUERIES
from agenteval.api.subscriptions import SUBSCRIPTIONS
from agenteval.api.types.enums import ErrorCode
from agenteval.config import Settings


def _is_introspection(context: IgnoreContext) -> bool:
    # GraphiQL's introspection query is deep by nature and harmless.
    return context.field_name.startswith("__")


def build_schema(settings: Settings | None = None) -> strawberry.Schema:
    settings = settings or Settings()
    extensions: list[Any] = [
        ContractErrors,
        lambda: QueryDepthLimiter(max_depth=settings.max_query_depth,
                                  should_ignore=_is_introspection),
        lambda: MaxTokensLimiter(max_token_count=settings.max_query_tokens),
        lambda: MaxAliasesLimiter(max_alias_count=settings.max_aliases),
        # Clients (skills, the driver, the UI) send the same few documents over and
        # over: validating a document costs more than executing most mutations.
        lambda: ParserCache(maxsize=256),
        lambda: ValidationCache(maxsize=256),
    ]
    return strawberry.Schema(
        query=merge_types("Query", QUERIES),
        mutation=merge_types("Mutation", MUTATIONS),
        subscription=merge_types("Subscription", SUBSCRIPTIONS) if SUBSCRIPTIONS else None,
        types=[ErrorCode],  # referenced by no field; registered so it is exported
        extensions=extensions,
    )


def print_schema_sdl(schema: strawberry.Schema | None = None) -> str:
    """The SDL exactly as `agenteval export-schema` writes it (with the final newline)."""
    return (schema or build_schema()).as_str() + "\n"
