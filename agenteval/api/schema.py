"""The GraphQL schema: domain mixins merged into Query, Mutation and Subscription."""

from __future__ import annotations

from typing import Any

import strawberry
from graphql import (
    GraphQLArgument,
    GraphQLDefaultInput,
    GraphQLError,
    GraphQLInputField,
    GraphQLInputObjectType,
    GraphQLObjectType,
    GraphQLSchema,
    Undefined,
    ast_from_value,
)
from graphql.utilities.value_to_literal import default_scalar_value_to_literal
from strawberry.extensions import MaxTokensLimiter
from strawberry.tools import merge_types
from strawberry.types import ExecutionContext

from agenteval.api.errors import ContractErrors
from agenteval.api.execution.document_cache import CachedValidation, DocumentCache
from agenteval.api.execution.operation_guard import OperationGuard
from agenteval.api.execution.plain_leaves import PlainLeaves
from agenteval.api.execution.shared_results import SharedEventResults
from agenteval.api.mutations import MUTATIONS
from agenteval.api.queries import QUERIES
from agenteval.api.subscriptions import SUBSCRIPTIONS
from agenteval.api.types.enums import ErrorCode
from agenteval.config import Settings
from agenteval.observability.operation_metrics import OperationMetrics


class _Execution(PlainLeaves, SharedEventResults):
    """Plain leaf fields completed directly; subscription events rendered once."""


class _Schema(strawberry.Schema):
    """strawberry.Schema without its own error log: ContractErrors logs each error once."""

    def process_errors(self, errors: list[GraphQLError],
                       execution_context: ExecutionContext | None = None) -> None:
        return None


def build_schema(settings: Settings | None = None) -> strawberry.Schema:
    settings = settings or Settings()
    extensions: list[Any] = [
        OperationMetrics,  # first: it counts the errors once they have their codes
        ContractErrors,
        lambda: MaxTokensLimiter(max_token_count=settings.max_query_tokens),
        # Clients (skills, the driver, the UI) send the same few documents over and
        # over: each text is parsed, measured and validated once (api/document_cache).
        DocumentCache,
        # Depth, aliases and expanded size, measured with each fragment counted once,
        # before validation (whose rules walk every expansion of every fragment).
        lambda: OperationGuard(settings),
        CachedValidation,  # skipped once OperationGuard refused the document
    ]
    schema = _Schema(
        query=merge_types("Query", QUERIES),
        mutation=merge_types("Mutation", MUTATIONS),
        subscription=merge_types("Subscription", SUBSCRIPTIONS) if SUBSCRIPTIONS else None,
        types=[ErrorCode],  # referenced by no field: registered so it is exported
        extensions=extensions,
        # A subscription event is executed once per process for all its watchers; plain
        # leaf fields skip graphql-core's per-field machinery (api/execution/plain_leaves).
        execution_context_class=_Execution,
    )
    _give_json_defaults_a_literal(schema._schema)
    return schema


def _give_json_defaults_a_literal(schema: GraphQLSchema) -> None:
    """Let introspection print object defaults of JSON inputs (`params: JSON! = {}`).

    graphql-core's introspection turns a default value into a literal through the
    scalar, which knows no object literal for JSON ("Cannot convert value to AST:
    {}"), so the standard introspection query failed. An explicit literal is what
    it prints instead; the SDL and the value a resolver receives stay the same.
    """
    for named in schema.type_map.values():
        holders: list[GraphQLArgument | GraphQLInputField] = []
        if isinstance(named, GraphQLInputObjectType):
            holders.extend(named.fields.values())
        elif isinstance(named, GraphQLObjectType):
            holders.extend(arg for field in named.fields.values() for arg in field.args.values())
        for holder in holders:
            if holder.default is not None or holder.default_value is Undefined:
                continue
            try:
                ast_from_value(holder.default_value, holder.type)
            except TypeError:
                literal = default_scalar_value_to_literal(holder.default_value)
                holder.default = GraphQLDefaultInput(literal=literal)


def print_schema_sdl(schema: strawberry.Schema | None = None) -> str:
    """The SDL exactly as `agenteval export-schema` writes it (with the final newline)."""
    return (schema or build_schema()).as_str() + "\n"
