"""The GraphQL schema: domain mixins merged into Query, Mutation and Subscription."""

from __future__ import annotations

from typing import Any

import strawberry
from graphql import GraphQLError
from strawberry.extensions import MaxTokensLimiter
from strawberry.tools import merge_types
from strawberry.types import ExecutionContext

from agenteval.api.errors import ContractErrors
from agenteval.api.mutations import MUTATIONS
from agenteval.api.operation_guard import CheckedValidationCache, OperationGuard
from agenteval.api.queries import QUERIES
from agenteval.api.subscriptions import SUBSCRIPTIONS
from agenteval.api.types.enums import ErrorCode
from agenteval.config import Settings


class _Schema(strawberry.Schema):
    """strawberry.Schema without its own error log: ContractErrors logs each error once."""

    def process_errors(self, errors: list[GraphQLError],
                       execution_context: ExecutionContext | None = None) -> None:
        return None


def build_schema(settings: Settings | None = None) -> strawberry.Schema:
    settings = settings or Settings()
    extensions: list[Any] = [
        ContractErrors,
        lambda: MaxTokensLimiter(max_token_count=settings.max_query_tokens),
        # Depth, aliases and expanded size, measured with each fragment counted once,
        # before validation (whose rules walk every expansion of every fragment).
        lambda: OperationGuard(settings),
        # Clients (skills, the driver, the UI) send the same few documents over and
        # over: validating a document costs more than executing most mutations.
        # (No ParserCache: it raises the token limit's error where no extension
        # can give it a contract code; parsing is cheap next to validation.)
        lambda: CheckedValidationCache(maxsize=256),
    ]
    return _Schema(
        query=merge_types("Query", QUERIES),
        mutation=merge_types("Mutation", MUTATIONS),
        subscription=merge_types("Subscription", SUBSCRIPTIONS) if SUBSCRIPTIONS else None,
        types=[ErrorCode],  # referenced by no field: registered so it is exported
        extensions=extensions,
    )


def print_schema_sdl(schema: strawberry.Schema | None = None) -> str:
    """The SDL exactly as `agenteval export-schema` writes it (with the final newline)."""
    return (schema or build_schema()).as_str() + "\n"
