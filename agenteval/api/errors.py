"""One extension that gives every GraphQL error a contract code and masks the unexpected.

Three kinds of error reach it: our own (`AgentEvalError`, kept as raised), GraphQL's
own parse, validation and variable-coercion errors (VALIDATION_FAILED with
`details` [{path, message}], so a client can fix every listed path), and everything
else (INTERNAL, logged once with its traceback under an `errorId` the client sees).
"""

from __future__ import annotations

import logging
import re
import uuid
from collections.abc import Iterator, Mapping
from typing import Any

from graphql import (
    ArgumentNode,
    DocumentNode,
    GraphQLError,
    ListValueNode,
    Node,
    ObjectValueNode,
    ValueNode,
    print_ast,
)
from strawberry.extensions import SchemaExtension

from agenteval.errors import AgentEvalError, FieldError, Unavailable
from agenteval.logs import redact
from agenteval.store.backends.database_outage import (
    DATABASE_UNREACHABLE,
    is_database_unreachable,
    outage,
)
from agenteval.store.database import database_answers

logger = logging.getLogger("agenteval.api")

# Where an inline value sits: its (start, end) in the source, or its printed text.
ValueKey = tuple[int, int] | str

UNEXPECTED_MESSAGE = "Unexpected error: it has been logged."

# graphql-core's variable coercion: "Variable '$input' has invalid value at .cases[0].key: …"
_VARIABLE_ERROR = re.compile(r"^Variable '\$(\w+)' has invalid value(?: at ([^:]+))?: (.*)$",
                             re.DOTALL)
# A missing or unknown input field is reported on its object; the client fixes the field.
_NAMED_FIELD = re.compile(r"to include (?:required|unknown) field '(\w+)'")
_MISSING_ARGUMENT = re.compile(r"^Argument '[\w.]+\((\w+):\)' of type .* is required")


def with_contract_code(error: GraphQLError,
                       value_paths: Mapping[ValueKey, str] | None = None) -> GraphQLError:
    """Keep our own errors, code GraphQL's own errors, answer UNAVAILABLE for an actor that
    cannot answer now, mask everything else.

    `value_paths` maps inline argument value nodes (by id) to their path, so an
    inline mistake is reported at the same path as the same mistake in variables.
    """
    original = error.original_error
    if isinstance(original, AgentEvalError):
        return error
    if original is not None and is_database_unreachable(original):
        # Retryable, said once per outage in the log (store/backends/database_outage.py), no traceback.
        outage.noticed(original)
        unavailable = Unavailable(DATABASE_UNREACHABLE, reason="database")
        return GraphQLError(unavailable.message, error.nodes, error.source, error.positions,
                            error.path, unavailable, unavailable.extensions)
    if isinstance(original, TimeoutError):
        # Something did not answer in time: retryable, unlike a masked INTERNAL. (An
        # actor that cannot answer is already Unavailable: engine/asks.py.)
        logger.warning("unavailable in %s: %r", error.path, original)
        unavailable = Unavailable()
        return GraphQLError(unavailable.message, error.nodes, error.source, error.positions,
                            error.path, unavailable, unavailable.extensions)
    if original is None or isinstance(original, GraphQLError):
        # Parse/validation/coercion errors: the message is GraphQL's own and safe to show.
        extensions = dict(error.extensions or {})
        extensions.setdefault("code", "VALIDATION_FAILED")
        if extensions["code"] == "VALIDATION_FAILED":
            extensions.setdefault("details", [_field_error(error, value_paths or {})])
        return GraphQLError(redact(error.message), error.nodes, error.source, error.positions,
                            error.path, None, extensions)
    error_id = uuid.uuid4().hex[:12]
    logger.error("unexpected error %s in %s", error_id, error.path, exc_info=original)
    return GraphQLError(UNEXPECTED_MESSAGE, error.nodes, error.source, error.positions,
                        error.path, None, {"code": "INTERNAL", "errorId": error_id})


def _field_error(error: GraphQLError, value_paths: Mapping[ValueKey, str]) -> FieldError:
    """The bad field of a GraphQL error as {path, message}: the path a client must fix."""
    found = _located(error, value_paths)
    named = _NAMED_FIELD.search(found["message"])
    if named and not found["path"].endswith(f".{named.group(1)}"):
        return FieldError(f"{found['path']}.{named.group(1)}", found["message"])
    return found


def _located(error: GraphQLError, value_paths: Mapping[ValueKey, str]) -> FieldError:
    message = redact(error.message)
    variable = _VARIABLE_ERROR.match(message)
    if variable:
        name, at, reason = variable.groups()
        return FieldError(name + (at or "").strip(), reason)
    missing = _MISSING_ARGUMENT.match(message)
    if missing:
        return FieldError(missing.group(1), message)
    for node in error.nodes or ():
        if _key(node) in value_paths:
            return FieldError(value_paths[_key(node)], message)
    return FieldError(".".join(str(p) for p in error.path or ()) or "query", message)


def _key(node: Node) -> ValueKey:
    """A value node's place in the source, or its printed text for the copies validation
    reports without a place (the first value printed so is the one meant)."""
    if node.loc is not None:
        return node.loc.start, node.loc.end
    return print_ast(node)


def inline_value_paths(document: DocumentNode | None) -> dict[ValueKey, str]:
    """Every inline argument value of a document, by its place in the source, with its path."""
    paths: dict[ValueKey, str] = {}
    if document is None:
        return paths
    stack: list[tuple[Node, str]] = [(document, "")]
    while stack:
        node, _ = stack.pop()
        if isinstance(node, ArgumentNode):
            _walk_value(node.value, node.name.value, paths)
            continue
        for key in node.keys:
            child = getattr(node, key, None)
            children = child if isinstance(child, tuple | list) else (child,)
            stack.extend((c, "") for c in children if isinstance(c, Node))
    return paths


def _walk_value(value: ValueNode, path: str, paths: dict[ValueKey, str]) -> None:
    pending = [(value, path)]
    while pending:
        node, where = pending.pop()
        paths[_key(node)] = where
        paths.setdefault(print_ast(node), where)
        if isinstance(node, ObjectValueNode):
            for field in node.fields:
                paths[_key(field)] = f"{where}.{field.name.value}"
                pending.append((field.value, f"{where}.{field.name.value}"))
        elif isinstance(node, ListValueNode):
            pending.extend((item, f"{where}[{i}]") for i, item in enumerate(node.values))


def client_error_summary(errors: list[GraphQLError]) -> str | None:
    """One log line for the client errors of an operation (None when there are none)."""
    coded = [e for e in errors if (e.extensions or {}).get("code") not in (None, "INTERNAL")]
    if not coded:
        return None
    first = coded[0]
    more = f" (+{len(coded) - 1} more)" if len(coded) > 1 else ""
    code = (first.extensions or {}).get("code")
    return f"client error {code}: {redact(first.message)[:300]}{more}"


class ContractErrors(SchemaExtension):
    """Applies `with_contract_code` to every result, streamed ones (websocket) included.

    Logging happens here and only here (strawberry's own error log is switched off
    in the schema): one INFO line without traceback per result with client
    errors, and the unexpected ones once each, with traceback and errorId.
    """

    streamed = False

    def on_stream_result(self, result: Any) -> Iterator[None]:
        # Results of the websocket are sent before on_operation ends: code each one here.
        self.streamed = True
        errors = getattr(result, "errors", None)
        if errors:
            paths = inline_value_paths(self.execution_context.graphql_document)
            result.errors = [with_contract_code(e, paths) for e in errors]
            _log_client_errors(result.errors)
        yield

    def on_operation(self) -> Iterator[None]:
        yield
        # During an outage (`since` is set; read, not the `active` property: a call per
        # operation), did this operation answer? The database may be back.
        if outage.since is not None:
            outage.probe_soon(database_answers)
        if self.streamed:
            return
        context = self.execution_context
        paths: dict[ValueKey, str] | None = None
        coded: list[GraphQLError] = []
        result = context.result
        errors = getattr(result, "errors", None)
        if result is not None and errors:
            paths = inline_value_paths(context.graphql_document)
            result.errors = coded = [with_contract_code(e, paths) for e in errors]
        pre = context.pre_execution_errors
        if pre and pre is errors:
            context.pre_execution_errors = coded
        elif pre:
            if paths is None:
                paths = inline_value_paths(context.graphql_document)
            context.pre_execution_errors = coded = [with_contract_code(e, paths) for e in pre]
        _log_client_errors(coded)


def _log_client_errors(errors: list[GraphQLError]) -> None:
    summary = client_error_summary(errors)
    if summary:
        logger.info(summary)


def error_response_body(code: str, message: str, details: list[dict[str, Any]] | None = None,
                        **extra: Any) -> dict[str, Any]:
    """A GraphQL-shaped error body for answers given before GraphQL runs (HTTP level)."""
    extensions: dict[str, Any] = {"code": code, **extra}
    if details is not None:
        extensions["details"] = details
    return {"data": None, "errors": [{"message": message, "extensions": extensions}]}
