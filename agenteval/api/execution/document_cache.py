"""Parsed, validated and measured documents by their text, shared by every request.

Clients (skills, the driver, the UI) send the same few documents over and over
with new variables; parsing one costs about as much as executing a small
mutation, and validating it more. `DocumentCache` keeps, per document text:
the parsed document (a frozen AST, safe to share), its validation errors and
what OperationGuard derives from the document alone (the chosen operation, its
size, its inline values' problems, whether it reaches introspection). Only
what depends on the request — variables, the transport, the caller's key —
is worked out per request.

A document that does not parse (syntax, or MaxTokensLimiter's limit) is not
cached: `on_parse` leaves it to strawberry's own parse, whose error is reported
the usual way (with its contract code; strawberry's ParserCache would raise it
from the extension instead). Validation is looked up by the very document
object this cache handed out, so the ~document-sized hash a ValidationCache
key costs is never computed. Long documents are not kept (they are rarely
repeated, and the cache holds at most MAX_ENTRIES texts of at most
MAX_CACHED_LENGTH characters).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from graphql import DocumentNode, GraphQLError, parse
from strawberry.extensions import SchemaExtension
from strawberry.schema.schema import validate_document
from strawberry.types import ExecutionContext

MAX_ENTRIES = 256
MAX_CACHED_LENGTH = 20_000
_ENTRY_ATTRIBUTE = "_agenteval_cached_document"


@dataclass
class CachedDocument:
    document: DocumentNode
    # (the graphql-core schema, the rules) the errors were found with, and the errors.
    validated: tuple[Any, tuple[Any, ...], list[GraphQLError]] | None = None
    # OperationGuard's document-only facts, by (operation name sent, limits).
    facts: dict[Any, Any] = field(default_factory=dict)


_entries: OrderedDict[tuple[str, int | None], CachedDocument] = OrderedDict()


def _key(context: ExecutionContext) -> tuple[str, int | None] | None:
    query = context.query
    if not query or len(query) > MAX_CACHED_LENGTH:
        return None
    return query, context.parse_options.get("max_tokens")


def cached_entry(context: ExecutionContext) -> CachedDocument | None:
    """The cache entry of this request's document (None: not from the cache)."""
    entry: CachedDocument | None = getattr(context, _ENTRY_ATTRIBUTE, None)
    if entry is None or entry.document is not context.graphql_document:
        return None
    return entry


def document_facts(context: ExecutionContext, key: Any, work_out: Callable[[], Any]) -> Any:
    """`work_out()` once per cached document and `key` (each time for other documents)."""
    entry = cached_entry(context)
    if entry is None:
        return work_out()
    if key not in entry.facts:
        entry.facts[key] = work_out()
    return entry.facts[key]


def clear() -> None:
    _entries.clear()


class DocumentCache(SchemaExtension):
    """Parse each document text once; see the module's docstring."""

    def on_parse(self) -> Iterator[None]:
        context = self.execution_context
        key = _key(context)
        if key is None or context.graphql_document is not None:
            yield
            return
        entry = _entries.get(key)
        if entry is None:
            try:
                document = parse(key[0], **context.parse_options)
            except GraphQLError:
                yield  # strawberry parses it again and reports the error its usual way
                return
            entry = _entries[key] = CachedDocument(document)
            if len(_entries) > MAX_ENTRIES:
                _entries.popitem(last=False)
        else:
            _entries.move_to_end(key)
        context.graphql_document = entry.document
        setattr(context, _ENTRY_ATTRIBUTE, entry)
        yield


class CachedValidation(SchemaExtension):
    """Validate each cached document once per schema; leave alone what OperationGuard
    refused (its refusal stands, and validation is what a hostile document makes slow)."""

    def on_validate(self) -> Iterator[None]:
        context = self.execution_context
        if context.pre_execution_errors:
            yield
            return
        entry = cached_entry(context)
        assert context.graphql_document is not None
        schema = context.schema._schema
        rules = tuple(context.validation_rules)
        if entry is None:
            errors = validate_document(schema, context.graphql_document, rules)
        elif (entry.validated is not None and entry.validated[0] is schema
              and entry.validated[1] == rules):
            errors = entry.validated[2]
        else:
            errors = validate_document(schema, entry.document, rules)
            entry.validated = (schema, rules, errors)
        context.pre_execution_errors = list(errors)  # a copy: the cached list stays as found
        yield
