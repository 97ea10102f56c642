"""schema.graphql is what the code exports, and it contains the whole public contract."""

from __future__ import annotations

from pathlib import Path

import pytest
from graphql import (
    GraphQLEnumType,
    GraphQLInputObjectType,
    GraphQLInterfaceType,
    GraphQLObjectType,
    GraphQLSchema,
    build_schema,
)
from graphql.language import ValueNode, print_ast
from graphql.utilities import value_from_ast_untyped

from agenteval.api.schema import print_schema_sdl

ROOT = Path(__file__).resolve().parents[2]
CONTRACT = ROOT.parent / "shared" / "contract.graphql"


def contract_differences(contract: GraphQLSchema, ours: GraphQLSchema) -> list[str]:
    """Every contract type, field, argument, input field and enum value that ours lacks or types differently."""
    problems: list[str] = []
    for name, expected in contract.type_map.items():
        if name.startswith("__"):
            continue
        actual = ours.type_map.get(name)
        if actual is None:
            problems.append(f"missing type {name}")
            continue
        if type(actual) is not type(expected):
            problems.append(f"{name} is a {type(actual).__name__}, not {type(expected).__name__}")
            continue
        if isinstance(expected, GraphQLEnumType):
            missing = set(expected.values) - set(actual.values)  # type: ignore[attr-defined]
            problems += [f"missing enum value {name}.{v}" for v in sorted(missing)]
        if isinstance(expected, GraphQLObjectType | GraphQLInterfaceType):
            problems += _compare_fields(name, expected, actual)  # type: ignore[arg-type]
        if isinstance(expected, GraphQLInputObjectType):
            problems += _compare_input_fields(name, expected, actual)  # type: ignore[arg-type]
    return problems


class _Default:
    """A default as written in the SDL, equal to another when the values are equal (1 == 1.0)."""

    def __init__(self, node: ValueNode) -> None:
        self.text = print_ast(node)
        self.value = value_from_ast_untyped(node)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Default) and self.value == other.value

    def __str__(self) -> str:
        return self.text


def _default(value: object) -> _Default | None:
    """A field's or argument's default (None when it has none)."""
    node = getattr(value, "ast_node", None)
    default = getattr(node, "default_value", None)
    return _Default(default) if default is not None else None


def _compare_fields(name: str, expected: GraphQLObjectType, actual: GraphQLObjectType) -> list[str]:
    problems = []
    for field_name, field in expected.fields.items():
        ours = actual.fields.get(field_name)
        if ours is None:
            problems.append(f"missing field {name}.{field_name}")
            continue
        if str(ours.type) != str(field.type):
            problems.append(f"{name}.{field_name} is {ours.type}, contract says {field.type}")
        for arg_name, arg in field.args.items():
            our_arg = ours.args.get(arg_name)
            path = f"{name}.{field_name}({arg_name})"
            if our_arg is None:
                problems.append(f"missing argument {path}")
            elif str(our_arg.type) != str(arg.type):
                problems.append(f"{path} is {our_arg.type}, contract says {arg.type}")
            elif _default(our_arg) != _default(arg):
                problems.append(f"{path} defaults to {_default(our_arg)}, "
                                f"contract says {_default(arg)}")
        for extra_name, extra in ours.args.items():
            if extra_name not in field.args and str(extra.type).endswith("!") and \
                    _default(extra) is None:
                problems.append(f"added argument {name}.{field_name}({extra_name}) is required")
    return problems


def _compare_input_fields(name: str, expected: GraphQLInputObjectType,
                          actual: GraphQLInputObjectType) -> list[str]:
    problems = []
    for field_name, field in expected.fields.items():
        ours = actual.fields.get(field_name)
        if ours is None:
            problems.append(f"missing input field {name}.{field_name}")
        elif str(ours.type) != str(field.type):
            problems.append(f"{name}.{field_name} is {ours.type}, contract says {field.type}")
        elif _default(ours) != _default(field):
            problems.append(f"{name}.{field_name} defaults to {_default(ours)}, "
                            f"contract says {_default(field)}")
    for extra_name, extra in actual.fields.items():
        if extra_name not in expected.fields and str(extra.type).endswith("!") and \
                _default(extra) is None:
            problems.append(f"added input field {name}.{extra_name} is required")
    return problems


def test_schema_file_is_what_the_code_exports() -> None:
    exported = print_schema_sdl()
    assert (ROOT / "schema.graphql").read_text() == exported, (
        "schema.graphql is stale: run `agenteval export-schema > schema.graphql`")


# The contract lives beside the repository (../shared/), where CI checks it out; a clone
# alone still checks schema.graphql against the code (above).
@pytest.mark.skipif(not CONTRACT.exists(), reason="the public contract ../shared/contract.graphql "
                    "is checked out beside the repository only in CI")
def test_schema_contains_the_whole_contract() -> None:
    contract = build_schema(CONTRACT.read_text())
    ours = build_schema((ROOT / "schema.graphql").read_text())
    problems = contract_differences(contract, ours)
    assert not problems, "schema.graphql lacks parts of the contract:\n" + "\n".join(problems)


def test_the_contract_check_notices_a_missing_field() -> None:
    contract = build_schema("type Query { a: Int!  b(x: Int = 1): String }")
    ours = build_schema("type Query { a: Int  b(x: Int = 2): String }")
    assert contract_differences(contract, ours) == [
        "Query.a is Int, contract says Int!",
        "Query.b(x) defaults to 2, contract says 1",
    ]
