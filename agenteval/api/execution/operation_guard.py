"""Checks that run on the parsed document before GraphQL's (costly) validation.

Each refusal is a coded GraphQL error; once one is set, validation is skipped
(see `document_cache.CachedValidation`), so a document built to be expensive to
validate is refused in time linear in its size, before any permission check.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass

from graphql import DocumentNode, GraphQLError, OperationDefinitionNode, OperationType
from starlette.requests import Request
from starlette.websockets import WebSocket
from strawberry.extensions import SchemaExtension

from agenteval.api.execution.document_cache import document_facts
from agenteval.api.execution.query_cost import (
    Cost,
    operation_cost,
    selected_operation,
    selects_introspection,
)
from agenteval.api.input_checks import MAX_REPORTED, literal_problems, value_problems
from agenteval.api.transport import ws_auth
from agenteval.config import Settings
from agenteval.errors import FieldError, ValidationFailed


def _refusal(code: str, message: str, path: str = "query") -> GraphQLError:
    extensions: dict[str, object] = {"code": code}
    if code == "VALIDATION_FAILED":
        extensions["details"] = [FieldError(path, message)]
    return GraphQLError(message, extensions=extensions)


@dataclass(frozen=True)
class _DocumentFacts:
    """What the checks need from the document alone (worked out once per cached document)."""

    operation: OperationDefinitionNode | None
    cost: Cost
    literal_problems: tuple[FieldError, ...]
    introspection: bool

    @classmethod
    def of(cls, document: DocumentNode, sent_name: str | None, max_json_depth: int
           ) -> _DocumentFacts:
        operation = selected_operation(document, sent_name)
        if operation is None:
            return cls(None, Cost(), (), False)
        problems = []
        for problem in literal_problems(document, operation, max_json_depth):
            problems.append(problem)
            if len(problems) >= MAX_REPORTED:
                break
        return cls(operation, operation_cost(document, operation), tuple(problems),
                   selects_introspection(document, operation))


class OperationGuard(SchemaExtension):
    """Operation choice, transport, size limits, unstorable input, the introspection policy."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    async def on_validate(self) -> AsyncIterator[None]:
        refusal = await self._refusal()
        if refusal is not None:
            self.execution_context.pre_execution_errors = [refusal]
        yield

    async def _refusal(self) -> GraphQLError | None:
        context = self.execution_context
        document = context.graphql_document
        if document is None:
            return None
        # `operation_name` falls back to the document's first operation; the name the
        # client sent (or None) is kept privately, and it decides what is ambiguous.
        sent_name = getattr(context, "_provided_operation_name", context.operation_name)
        limits = self.settings
        facts: _DocumentFacts = document_facts(
            context, ("guard", sent_name, limits.max_json_depth),
            lambda: _DocumentFacts.of(document, sent_name, limits.max_json_depth))
        operation = facts.operation
        if operation is None:
            return _refusal("VALIDATION_FAILED", "the document has several operations: "
                            "name the one to run in operationName", "operationName")
        request = getattr(context.context, "request", None)
        if isinstance(request, WebSocket):
            key = await context.context.api_key()
            if ws_auth.revoked_refusal_needed(request, key) and not await ws_auth.still_valid(key):
                return _refusal("UNAUTHENTICATED", "the API key of this connection was revoked")
        if operation.operation == OperationType.SUBSCRIPTION and isinstance(request, Request):
            return _refusal("VALIDATION_FAILED", "subscriptions run over the websocket "
                            "(graphql-transport-ws at /graphql), not over HTTP")
        cost = facts.cost
        if cost.depth > limits.max_query_depth:
            return _refusal("VALIDATION_FAILED", f"the query is {cost.depth} levels deep; "
                            f"the limit is {limits.max_query_depth}")
        if cost.fields > limits.max_query_fields:
            return _refusal("VALIDATION_FAILED", f"the query selects {cost.fields} fields once "
                            f"its fragments are expanded; the limit is {limits.max_query_fields}")
        if cost.aliases > limits.max_aliases:
            return _refusal("VALIDATION_FAILED", f"the query uses {cost.aliases} aliases; "
                            f"the limit is {limits.max_aliases}")
        # Variables first, then the document's inline values (as input_checks.input_problems).
        problems: list[FieldError] = []
        for name, value in (context.variables or {}).items():
            problems.extend(value_problems(value, name, limits.max_json_depth))
        # Copies: the cached ones are shared by every request of this document.
        problems.extend(FieldError(p["path"], p["message"]) for p in facts.literal_problems)
        if problems:
            refused = ValidationFailed(problems[:MAX_REPORTED])
            return GraphQLError(refused.message, extensions=refused.extensions)
        if facts.introspection:
            return await self._introspection_refusal()
        return None

    async def _introspection_refusal(self) -> GraphQLError | None:
        policy = self.settings.introspection
        if policy == "public":
            return None
        if policy == "off":
            return _refusal("FORBIDDEN", "introspection is switched off on this server "
                            "(AGENTEVAL_INTROSPECTION=off)")
        api_key = getattr(self.execution_context.context, "api_key", None)
        if api_key is None or await api_key() is None:
            return _refusal("UNAUTHENTICATED", "introspection needs a valid API key "
                            "(header X-API-Key)")
        return None
