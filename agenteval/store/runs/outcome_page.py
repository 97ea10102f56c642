"""A page of a run's stored attempts in three statements written out here, not built by
the ORM on every request.

The statements are the ones tortoise built before (the page with the list's count as a
scalar subquery, then the page's turns, then its rule results, by the outcome indexes);
building them through its query builder and converting each value through the ORM took
~2.5 ms CPU of a 50-outcome page's ~4 ms (bench/outcomes_reads.py). The values are
converted by the same field functions the ORM's `.values()` applies (`to_python_value`,
none for a type the driver returns as it is), so the rows are the ORM's rows.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tortoise import connections
from tortoise.fields import Field
from tortoise.models import Model

from agenteval.store.models import CaseOutcome, RuleResultRow, RunTurn

_OUTCOME = ("id", "position", "case_key", "attempt", "success_level", "passed", "score",
            "error", "intent_passed", "completion_rate", "simulation", "tags")
_TURN = ("outcome_id", "index", "sent_message", "reply", "latency_ms", "error",
         "raw_response", "tool_calls", "author", "sanitized")
_RESULT = ("outcome_id", "rule_type", "implicit", "passed", "score", "weight", "detail",
           "error")
# Ids only pair turns and results with their outcome: compared as the driver returns them.
_KEYS = frozenset({"id", "outcome_id"})


class Statement:
    """SQL text and its parameters, in the connection's placeholder style."""

    def __init__(self, postgres: bool) -> None:
        self.postgres = postgres
        self.values: list[Any] = []

    def param(self, value: Any) -> str:
        """The placeholder of `value` (appended: placeholders are written in order)."""
        self.values.append(value)
        return f"${len(self.values)}" if self.postgres else "?"

    def ids(self, values: Sequence[Any]) -> str:
        return ",".join(self.param(value) for value in values)


async def page_rows(run_id: Any, conditions: Callable[[Statement], str], offset: int,
                    limit: int) -> list[dict[str, Any]]:
    """The page's outcome rows (`limit` from `offset`, in case order) of the run's outcomes
    that meet `conditions` (SQL on "case_outcomes", given the statement to add its
    parameters to), each with `list_total`, how many meet them in all."""
    client = connections.get("default")
    statement = Statement(client.capabilities.dialect == "postgres")
    run = run_id if statement.postgres else str(run_id)
    columns = ",".join(f'"{name}"' for name in _OUTCOME)
    # Parameters in textual order (SQLite's `?` are positional): the count's come first.
    counted = (f'(SELECT COUNT(*) FROM "case_outcomes" WHERE "run_id"={statement.param(run)}'
               f'{conditions(statement)})')
    sql = (f'SELECT {columns},{counted} "list_total" FROM "case_outcomes" '
           f'WHERE "run_id"={statement.param(run)}{conditions(statement)} '
           f'ORDER BY "position" ASC,"attempt" ASC LIMIT {statement.param(limit)}'
           f' OFFSET {statement.param(offset)}')
    rows = await client.execute_query_dict(sql, statement.values)
    return _converted(CaseOutcome, _OUTCOME, rows, statement.postgres)


async def details(outcome_ids: Sequence[Any]) -> tuple[dict[Any, list[Any]], dict[Any, list[Any]]]:
    """The turns (in order, `raw_response` as `raw`) and rule results (in order) of these
    outcomes, by outcome id: two statements, none for no outcome."""
    turns: dict[Any, list[Any]] = {}
    results: dict[Any, list[Any]] = {}
    if not outcome_ids:
        return turns, results
    client = connections.get("default")
    postgres = client.capabilities.dialect == "postgres"
    for model, names, order, found in ((RunTurn, _TURN, "index", turns),
                                       (RuleResultRow, _RESULT, "position", results)):
        statement = Statement(postgres)
        columns = ",".join(f'"{name}"' for name in names)
        sql = (f'SELECT {columns} FROM "{model._meta.db_table}" WHERE "outcome_id" IN '
               f'({statement.ids(outcome_ids)}) ORDER BY "{order}" ASC')
        rows = await client.execute_query_dict(sql, statement.values)
        for row in _converted(model, names, rows, postgres):
            if "raw_response" in row:
                row["raw"] = row.pop("raw_response")
            found.setdefault(row.pop("outcome_id"), []).append(row)
    return turns, results


def _converted(model: type[Model], names: Sequence[str], rows: Sequence[Any],
               postgres: bool) -> list[dict[str, Any]]:
    """Rows as the ORM's `.values(*names)` gives them (ids as the driver returns them)."""
    fields = [(name, field) for name, field in _fields(model, names, postgres)
              if field is not None]
    converted = []
    for row in rows:
        values = dict(row)
        for name, field in fields:
            values[name] = field.to_python_value(values[name])
        converted.append(values)
    return converted


_FIELDS: dict[tuple[type[Model], tuple[str, ...], bool], list[tuple[str, Field[Any] | None]]] = {}


def _fields(model: type[Model], names: Sequence[str], postgres: bool
            ) -> list[tuple[str, Field[Any] | None]]:
    """Each column's field, whose `to_python_value` converts it (None: the driver's value
    as it is), once per model, columns and database (which types are native is the
    driver's)."""
    key = (model, tuple(names), postgres)
    if key not in _FIELDS:
        native = {field for _, field, _ in model._meta.db_native_fields}
        _FIELDS[key] = [(name, None if name in native or name in _KEYS
                         else model._meta.fields_map[name]) for name in names]
    return _FIELDS[key]
