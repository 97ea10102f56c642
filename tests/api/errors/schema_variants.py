"""Bad-input variants generated from schema.graphql, for every argument and input field.

For each Query/Mutation field, `field_cases` yields requests in which exactly one
thing is wrong (wrong type, missing, null, bad enum, unknown field, NUL,
oversized) while every other argument has a well-typed placeholder value. Each
case can be written with variables or inline.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from graphql import (
    GraphQLArgument,
    GraphQLEnumType,
    GraphQLField,
    GraphQLInputObjectType,
    GraphQLInputType,
    GraphQLList,
    GraphQLNonNull,
    GraphQLScalarType,
    GraphQLSchema,
    Undefined,
    build_schema,
    get_named_type,
    is_leaf_type,
    print_ast,
)

SCHEMA = build_schema((Path(__file__).resolve().parents[3] / "schema.graphql").read_text())
# Fields that reach out of the process (a target, a model): never sent generated input.
CALLS_OUT = {"probeTarget", "startRun"}
OVERSIZED = 200_001  # over every text limit (names 200, texts 10,000, messages 20,000, JSON 200,000)
MISSING = object()


class EnumName(str):
    """An enum value: a bare name inline, a string in variables."""


@dataclass(frozen=True)
class Case:
    operation: str       # "query" or "mutation"
    field: str
    arguments: dict[str, Any]  # argument name → value (MISSING: left out)
    variant: str         # what is wrong
    path: str            # where it is wrong ("input.name")
    structural: bool     # GraphQL itself must refuse it (VALIDATION_FAILED at `path`)

    @property
    def name(self) -> str:
        return f"{self.field}:{self.path}:{self.variant}"


def placeholder(type_: GraphQLInputType, depth: int = 0) -> Any:
    """A well-typed value: required input fields filled, optional ones left out."""
    if isinstance(type_, GraphQLNonNull):
        return placeholder(type_.of_type, depth)
    if isinstance(type_, GraphQLList):
        return []
    if isinstance(type_, GraphQLEnumType):
        return EnumName(next(iter(type_.values)))
    if isinstance(type_, GraphQLInputObjectType):
        return {name: placeholder(field.type, depth + 1) for name, field in type_.fields.items()
                if _is_required(field)}
    return {"ID": str(uuid.UUID(int=1)), "String": "x", "Int": 1, "Float": 0.5,
            "Boolean": True, "JSON": {}, "DateTime": "2026-01-01T00:00:00Z"}[type_.name]


def wrong_type(type_: GraphQLInputType) -> Any:
    """A value GraphQL must refuse for this type (None when every value is valid: JSON)."""
    named = get_named_type(type_)
    if isinstance(named, GraphQLScalarType) and named.name == "JSON":
        return None
    if isinstance(named, GraphQLInputObjectType):
        return "not an object"
    if isinstance(named, GraphQLScalarType) and named.name in ("String", "ID", "DateTime"):
        return {"not": "a string"}
    return "not a number" if named.name in ("Int", "Float", "Boolean") else {"not": "a value"}


def variants(type_: GraphQLInputType, path: str, required: bool) -> Iterator[tuple[str, Any, bool]]:
    """(variant, value, structural) for one argument or input field."""
    bad = wrong_type(type_)
    if bad is not None:
        yield "wrong-type", bad, True
    if required:
        yield "missing", MISSING, True
        yield "null", None, True
    named = get_named_type(type_)
    if isinstance(named, GraphQLEnumType):
        yield "bad-enum", EnumName("NOT_A_VALUE"), True
    if isinstance(named, GraphQLInputObjectType):
        value = placeholder(named)
        yield "unknown-field", {**value, "unknownFieldX": 1}, True
    if named.name in ("String", "ID"):
        value = "a\x00b"
        yield "nul", [value] if isinstance(_unwrap(type_), GraphQLList) else value, False
        big = "x" * OVERSIZED
        yield "oversized", [big] if isinstance(_unwrap(type_), GraphQLList) else big, False
    if named.name == "JSON":
        yield "nul", {"k": "a\x00b"}, False
        yield "oversized", {"k": "x" * OVERSIZED}, False


def _unwrap(type_: GraphQLInputType) -> GraphQLInputType:
    return type_.of_type if isinstance(type_, GraphQLNonNull) else type_


def _is_required(holder: GraphQLArgument | Any) -> bool:
    """Non-null without a default (SDL defaults are kept in `default`)."""
    return (isinstance(holder.type, GraphQLNonNull) and holder.default is None
            and holder.default_value is Undefined)


def field_cases(schema: GraphQLSchema = SCHEMA) -> Iterator[Case]:
    """Every one-thing-wrong request of every Query and Mutation field."""
    for operation, root in (("query", schema.query_type), ("mutation", schema.mutation_type)):
        assert root is not None
        for name, field in root.fields.items():
            if name in CALLS_OUT or not field.args:
                continue
            yield from _cases_of(operation, name, field)


def _cases_of(operation: str, name: str, field: GraphQLField) -> Iterator[Case]:
    base = {arg: placeholder(a.type) for arg, a in field.args.items() if _is_required(a)}
    for arg_name, argument in field.args.items():
        for variant, value, structural in variants(argument.type, arg_name, _is_required(argument)):
            yield Case(operation, name, {**base, arg_name: value}, variant, arg_name, structural)
        named = get_named_type(argument.type)
        if isinstance(named, GraphQLInputObjectType) and not isinstance(
                _unwrap(argument.type), GraphQLList):
            for path, value, variant, structural in _input_field_cases(named, arg_name, 0):
                yield Case(operation, name, {**base, arg_name: value}, variant, path, structural)


def _input_field_cases(type_: GraphQLInputObjectType, path: str,
                       depth: int) -> Iterator[tuple[str, Any, str, bool]]:
    """(path, the whole argument value, variant, structural) for each field of an input type."""
    base = placeholder(type_)
    for field_name, field in type_.fields.items():
        where = f"{path}.{field_name}"
        for variant, value, structural in variants(field.type, where, _is_required(field)):
            changed = dict(base)
            if value is MISSING:
                changed.pop(field_name, None)
            else:
                changed[field_name] = value
            yield where, changed, variant, structural
        named = get_named_type(field.type)
        if isinstance(named, GraphQLInputObjectType) and depth < 2 and not isinstance(
                _unwrap(field.type), GraphQLList):
            for inner_path, inner, variant, structural in _input_field_cases(named, where,
                                                                             depth + 1):
                yield inner_path, {**base, field_name: inner}, variant, structural


def variables_request(case: Case, schema: GraphQLSchema = SCHEMA) -> dict[str, Any]:
    """The case as a document with one variable per argument, and the variables."""
    field = _root(case, schema).fields[case.field]
    # A variable of a non-null argument with a default needs that default too, else
    # leaving it out is an error of its own (reviewCaseOutcome's `attempt: Int! = 0`).
    definitions = ", ".join(
        f"${arg}: {a.type}" + (f" = {print_ast(a.ast_node.default_value)}"
                               if a.ast_node is not None and a.ast_node.default_value else "")
        for arg, a in field.args.items())
    arguments = ", ".join(f"{arg}: ${arg}" for arg in field.args)
    variables = {arg: _plain(value) for arg, value in case.arguments.items()
                 if value is not MISSING}
    document = f"{case.operation}({definitions}) {{ {case.field}({arguments}){_selection(field)} }}"
    return {"query": document, "variables": variables}


def inline_request(case: Case, schema: GraphQLSchema = SCHEMA) -> dict[str, Any]:
    """The case with every argument written inline."""
    field = _root(case, schema).fields[case.field]
    arguments = ", ".join(f"{arg}: {literal(value)}" for arg, value in case.arguments.items()
                          if value is not MISSING)
    call = f"{case.field}({arguments})" if arguments else case.field
    return {"query": f"{case.operation} {{ {call}{_selection(field)} }}"}


def _root(case: Case, schema: GraphQLSchema) -> Any:
    return schema.query_type if case.operation == "query" else schema.mutation_type


def _selection(field: GraphQLField) -> str:
    return "" if is_leaf_type(get_named_type(field.type)) else " { __typename }"


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items() if v is not MISSING}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return str(value) if isinstance(value, EnumName) else value


def literal(value: Any) -> str:
    """A GraphQL literal of a plain value (enum names bare)."""
    if isinstance(value, EnumName):
        return str(value)
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(literal(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {literal(v)}" for k, v in value.items()
                               if v is not MISSING) + "}"
    raise TypeError(f"no literal for {value!r}")
