"""One extension that gives every GraphQL error a contract code and masks the unexpected."""

from __future__ import annotations

import logging
from collections.abc import Iterator

from graphql import GraphQLError
from strawberry.extensions import SchemaExtension

from actors import ActorStopped
from agenteval.errors import AgentEvalError, Unavailable

logger = logging.getLogger("agenteval.api")

UNEXPECTED_MESSAGE = "Unexpected error: it has been logged."


def with_contract_code(error: GraphQLError) -> GraphQLError:
    """Keep our own errors, code GraphQL's validation errors, answer UNAVAILABLE for an
    actor that cannot answer now, mask everything else."""
    original = error.original_error
    if isinstance(original, AgentEvalError):
        return error
    if isinstance(original, ActorStopped | TimeoutError):
        # The entity's actor is stopping, was given up on (the next message rebuilds
        # it) or did not answer in time: retryable, unlike a masked INTERNAL.
        logger.warning("unavailable in %s: %r", error.path, original)
        unavailable = Unavailable()
        return GraphQLError(unavailable.message, error.nodes, error.source, error.positions,
                            error.path, unavailable, unavailable.extensions)
    if original is None:
        # Parse/validation errors (bad field names, wrong types, query limits): the
        # message is GraphQL's own and safe to show.
        extensions = dict(error.extensions or {})
        extensions.setdefault("code", "VALIDATION_FAILED")
        return GraphQLError(error.message, error.nodes, error.source, error.positions,
                            error.path, None, extensions)
    logger.error("unexpected error in %s", error.path, exc_info=original)
    return GraphQLError(UNEXPECTED_MESSAGE, error.nodes, error.source, error.positions,
                        error.path, None, {"code": "INTERNAL"})


class ContractErrors(SchemaExtension):
    """Applies `with_contract_code` to every result, subscriptions included."""

    def on_operation(self) -> Iterator[None]:
        yield
        result = self.execution_context.result
        errors = getattr(result, "errors", None)
        if result is not None and errors:
            result.errors = [with_contract_code(e) for e in errors]
        pre = self.execution_context.pre_execution_errors
        if pre:
            self.execution_context.pre_execution_errors = [with_contract_code(e) for e in pre]
