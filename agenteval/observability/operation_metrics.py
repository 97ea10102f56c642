"""Counts every GraphQL operation and its errors by operation name and contract code."""

from __future__ import annotations

from collections.abc import Iterator

from graphql import GraphQLError
from strawberry.extensions import SchemaExtension

from agenteval.observability.metrics import graphql_operation

UNCODED = "NONE"


class OperationMetrics(SchemaExtension):
    """Put it FIRST among the schema's extensions: hooks exit in reverse order, so it
    then sees the errors after the contract extension has given them their codes."""

    def on_operation(self) -> Iterator[None]:
        yield
        context = self.execution_context
        # The result carries the pre-execution (parse, validation) errors too, when it exists.
        errors: list[GraphQLError] | None = getattr(context.result, "errors", None)
        if errors is None:
            errors = context.pre_execution_errors or []
        graphql_operation(context.operation_name, [_code(error) for error in errors])


def _code(error: GraphQLError) -> str:
    code = (error.extensions or {}).get("code")
    return code if isinstance(code, str) else UNCODED
