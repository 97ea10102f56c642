"""Plain leaf fields completed without graphql-core's per-field machinery.

A page of 50 outcomes with their turns and rule results is ~750 fields, ~600 of them
scalars or enums read off an attribute (strawberry's default resolver). graphql-core
builds a Path, a resolve info and a node list for each, resolves it, then walks
complete_value's type checks to coerce it: most of the page's CPU. For such a field —
a resolver strawberry marked as its default one (which ignores info and arguments), no
arguments, a scalar or enum type (nullable or not, no list), no field middleware —
the executor here calls that same resolver and the type's same `coerce_output_value`
directly. Whatever is not ordinary (an exception, null where null is not allowed, a
value the type refuses) goes the standard way, `execute_field`, which reads the
attribute again and raises or records the same error as always: the answer, errors
included, is the standard executor's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from weakref import WeakKeyDictionary

from graphql import (
    GraphQLEnumType,
    GraphQLList,
    GraphQLNonNull,
    GraphQLObjectType,
    GraphQLScalarType,
    GraphQLSchema,
    Undefined,
)
from graphql.execution.executor import Executor
from graphql.pyutils import Path, gather_with_cancel
from strawberry.schema.schema_converter import GraphQLCoreConverter
from strawberry.types.field import StrawberryField

# How to complete a plain leaf field: (attribute name, a resolver reading it — None when
# that is plain getattr —, the leaf type's coerce_output_value, the field is non-null,
# it is a list: None; else whether its items are non-null).
Plan = tuple[str, Callable[[Any, str], Any] | None, Callable[[Any], Any], bool, bool | None]
# Per schema: (object type name, field name) → its plan, or None for any other field.
_plans: WeakKeyDictionary[GraphQLSchema, dict[tuple[str, str], Plan | None]] = \
    WeakKeyDictionary()


def leaf_plan(schema: GraphQLSchema, parent_type: GraphQLObjectType,
              field_name: str) -> Plan | None:
    """How to complete this field directly, or None when it must go the standard way."""
    return _planned(_plans_of(schema), parent_type, field_name)


def _plans_of(schema: GraphQLSchema) -> dict[tuple[str, str], Plan | None]:
    plans = _plans.get(schema)
    if plans is None:
        plans = _plans[schema] = {}
    return plans


def _planned(plans: dict[tuple[str, str], Plan | None], parent_type: GraphQLObjectType,
             field_name: str) -> Plan | None:
    key = (parent_type.name, field_name)
    if key not in plans:
        plans[key] = _plan(parent_type, field_name)
    return plans[key]


def _plan(parent_type: GraphQLObjectType, field_name: str) -> Plan | None:
    field = parent_type.fields.get(field_name)
    if field is None or field.args or not getattr(field.resolve, "_is_default", False):
        return None
    # strawberry's default resolver of a basic field: `default_resolver(source, python_name)`.
    definition = (field.extensions or {}).get(GraphQLCoreConverter.DEFINITION_BACKREF)
    if not isinstance(definition, StrawberryField) or not definition.is_basic_field:
        return None
    resolver = definition.default_resolver
    leaf, non_null = _unwrapped(field.type)
    items_non_null = None
    if isinstance(leaf, GraphQLList):
        leaf, items_non_null = _unwrapped(leaf.of_type)
    if not isinstance(leaf, GraphQLScalarType | GraphQLEnumType):
        return None
    return (definition.python_name, None if resolver is getattr else resolver,
            leaf.coerce_output_value, non_null, items_non_null)


def _unwrapped(output: Any) -> tuple[Any, bool]:
    if isinstance(output, GraphQLNonNull):
        return output.of_type, True
    return output, False


class PlainLeaves(Executor[Any]):
    """graphql-core's `execute_fields`, with plain leaf fields completed directly."""

    def execute_fields(self, parent_type: GraphQLObjectType, source_value: Any,
                       path: Path | None, grouped_field_set: Any,
                       position_context: Any) -> Any:
        manager = self.middleware_manager
        if manager is not None and manager.middlewares:  # a resolve hook sees every field
            return super().execute_fields(parent_type, source_value, path,
                                          grouped_field_set, position_context)
        results: dict[str, Any] = {}
        is_awaitable = self.is_awaitable
        awaitable_fields: list[str] = []
        plans = _plans_of(self.schema)  # once per object, not per field
        try:
            for response_name, field_details_list in grouped_field_set.items():
                node = field_details_list[0].node
                # A directive on a list may stream it (@stream): the standard way.
                plan = None if node.arguments or node.directives else _planned(
                    plans, parent_type, node.name.value)
                if plan is not None:
                    value = _completed(plan, source_value)
                    if value is not Undefined:
                        results[response_name] = value
                        continue
                result = self.execute_field(parent_type, source_value, field_details_list,
                                            Path(path, response_name, parent_type.name),
                                            position_context)
                if result is not Undefined:
                    results[response_name] = result
                    if is_awaitable(result):
                        awaitable_fields.append(response_name)
        except Exception:
            if awaitable_fields:  # settle what other fields started: they may fail too
                self.settle_in_background([results[field] for field in awaitable_fields])
            raise
        if not awaitable_fields:
            return results
        return _awaited(results, awaitable_fields)


def _completed(plan: Plan, source: Any) -> Any:
    """The field's completed value, or Undefined when it must go the standard way."""
    name, resolver, coerce, non_null, items_non_null = plan
    try:
        value = getattr(source, name) if resolver is None else resolver(source, name)
        if value is None:
            return Undefined if non_null else None
        if items_non_null is None:
            return _leaf(coerce, value)
        if not isinstance(value, list | tuple):  # other iterables: the standard way
            return Undefined
        completed: list[Any] = []
        for item in value:
            if item is None:
                if items_non_null:
                    return Undefined
                completed.append(None)
                continue
            coerced = _leaf(coerce, item)
            if coerced is Undefined:
                return Undefined
            completed.append(coerced)
        return completed
    except Exception:  # noqa: BLE001 — the standard way raises or records it
        return Undefined


def _leaf(coerce: Callable[[Any], Any], value: Any) -> Any:
    if isinstance(value, Exception):  # graphql-core raises what a resolver returns
        return Undefined
    coerced = coerce(value)
    return Undefined if coerced is None else coerced


async def _awaited(results: dict[str, Any], awaitable_fields: list[str]) -> dict[str, Any]:
    """`results` with its awaitable fields' values (graphql-core's get_results)."""
    if len(awaitable_fields) == 1:
        field = awaitable_fields[0]
        results[field] = await results[field]
    else:
        awaited = await gather_with_cancel(*(results[field] for field in awaitable_fields))
        results.update(zip(awaitable_fields, awaited, strict=True))
    return results
