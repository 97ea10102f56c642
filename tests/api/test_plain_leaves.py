"""Plain leaf fields completed directly (api/execution/plain_leaves) answer exactly what
graphql-core's standard execution answers: the same data, in the same key order, and
the same errors at the same paths — for ordinary values and for every odd one (null in
a non-null field or list item, a value its type refuses, an exception returned or
raised, aliases, repeated fields, directives, typename)."""

from __future__ import annotations

import enum
import json
from typing import Any

import pytest
import strawberry
from strawberry.schema.schema import StrawberryGraphQLCoreExecutionContext

from agenteval.api.execution.plain_leaves import PlainLeaves, leaf_plan
from agenteval.api.schema import build_schema


class _Plain(PlainLeaves, StrawberryGraphQLCoreExecutionContext):
    pass


@strawberry.enum
class Level(enum.Enum):
    SUCCESS = "SUCCESS"
    FAILURE = "FAILURE"


@strawberry.type
class Item:
    name: str
    count: int
    ratio: float | None
    level: Level
    maybe_level: Level | None
    tags: list[str] | None
    loose: list[str | None]
    flags: list[bool]
    payload: strawberry.scalars.JSON | None

    @strawberry.field
    def shout(self, suffix: str = "!") -> str:
        return self.name.upper() + suffix


def _item(**changes: Any) -> Item:
    values: dict[str, Any] = dict(name="a", count=1, ratio=0.5, level=Level.SUCCESS,
                                  maybe_level=None, tags=["x", "y"], loose=["p", None],
                                  flags=[True], payload={"k": [1, None]})
    values.update(changes)
    return Item(**values)


# Made afresh for each execution (a generator is read once).
ODD: dict[str, Any] = {
    "ordinary": lambda: _item(),
    "null in a non-null field": lambda: _item(name=None),
    "null in a non-null list": lambda: _item(flags=None),
    "null item in a non-null list": lambda: _item(tags=["x", None]),
    "an int out of range": lambda: _item(count=2**40),
    "a float that is a string": lambda: _item(ratio="half"),
    "a bool in an int": lambda: _item(count=True),
    "a value the enum does not know": lambda: _item(maybe_level="NOPE"),
    "an enum as its value": lambda: _item(level="SUCCESS"),
    "an exception as the value": lambda: _item(ratio=ValueError("boom")),
    "a string for a list": lambda: _item(tags="xy"),
    "a tuple for a list": lambda: _item(tags=("x", "y")),
    "a generator for a list": lambda: _item(tags=(t for t in ["g"])),
}


@strawberry.type
class Query:
    @strawberry.field
    def items(self, case: str) -> list[Item]:
        return [_item(), ODD[case](), _item(name="b")]

    @strawberry.field
    def nullable_items(self, case: str) -> list[Item | None]:
        return [ODD[case](), _item()]


DOCUMENTS = [
    """query($case: String!) { items(case: $case) { name count ratio level maybeLevel tags
         loose flags payload __typename } }""",
    """query($case: String!) { nullableItems(case: $case) { n: name name count c2: count
         level shout shout2: shout(suffix: "?") tags @include(if: true) ratio @skip(if: false)
         flags } }""",
    """query($case: String!) { nullableItems(case: $case) { ... on Item { ratio loose }
         ...F } } fragment F on Item { name maybeLevel flags }""",
]


SCHEMAS = {execution: strawberry.Schema(query=Query, execution_context_class=execution)
           for execution in (_Plain, StrawberryGraphQLCoreExecutionContext)}


def _answer(execution: type, document: str, case: str) -> str:
    result = SCHEMAS[execution].execute_sync(document, variable_values={"case": case})
    errors = [(e.message, e.path) for e in result.errors or []]
    # json.dumps keeps the key order: the answer's bytes, not only its content.
    return json.dumps({"data": result.data, "errors": errors})


@pytest.mark.parametrize("case", list(ODD))
@pytest.mark.parametrize("document", DOCUMENTS)
def test_plain_leaves_answer_as_the_standard_execution(document: str, case: str) -> None:
    standard = _answer(StrawberryGraphQLCoreExecutionContext, document, case)
    assert _answer(_Plain, document, case) == standard


def test_the_odd_cases_do_reach_the_errors_they_are_about() -> None:
    # Guards the comparison above: these cases make the standard execution fail.
    answer = json.loads(_answer(_Plain, DOCUMENTS[0], "null in a non-null field"))
    assert answer["data"] is None and "non-nullable" in answer["errors"][0][0]
    answer = json.loads(_answer(_Plain, DOCUMENTS[1], "null item in a non-null list"))
    assert answer["data"]["nullableItems"][0]["tags"] is None and answer["errors"]


def test_only_attribute_scalars_without_arguments_are_plain() -> None:
    schema = build_schema()._schema
    turn, outcome = schema.get_type("Turn"), schema.get_type("CaseOutcome")
    assert leaf_plan(schema, turn, "sentMessage") is not None  # type: ignore[arg-type]
    assert leaf_plan(schema, outcome, "successLevel") is not None  # type: ignore[arg-type]
    assert leaf_plan(schema, outcome, "tags") is not None  # type: ignore[arg-type]
    for name in ("turns", "review", "attemptAgreement"):  # objects, resolvers
        assert leaf_plan(schema, outcome, name) is None  # type: ignore[arg-type]
    run = schema.get_type("Run")
    assert leaf_plan(schema, run, "reportMarkdown") is None  # type: ignore[arg-type]
