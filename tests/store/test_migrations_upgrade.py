"""A database built by the previous release keeps its rows when today's migrations upgrade it.

Migrations are additive: `0001_initial` is frozen and every schema change is a new
file, because users keep their databases across upgrades. Each test builds a
database with the previous release's migrations (a frozen copy in
`previous_release_migrations/`), fills every released table with SQL written
against that old schema (not today's models, which may have grown since), upgrades
it with `agenteval.store.database.migrate` and checks, on SQLite and PostgreSQL:

- every released table and column is still there and holds the same rows;
- the upgraded schema is exactly the one a fresh database gets;
- today's ORM reads every released row back as written, updates it and inserts more;
- running `migrate` again changes nothing.

A new migration that drops, renames or rewrites released data fails here. If a
migration transforms data on purpose, write the expected transformation into this
test together with it.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from tortoise import Tortoise
from tortoise.migrations.api import migrate as run_migrations
from tortoise.models import Model

from agenteval.store import database
from tests import backends

PREVIOUS_RELEASE_MIGRATIONS = "tests.store.previous_release_migrations"
PREVIOUS_RELEASE_DIR = Path(__file__).parent / "previous_release_migrations"
CURRENT_MIGRATIONS_DIR = Path(database.__file__).parent / "migrations"

# Tortoise's record of applied migrations: an upgrade adds to it, nothing else changes.
MIGRATION_HISTORY = "tortoise_migrations"

Row = dict[str, Any]
Snapshot = dict[str, list[Row]]

T0 = datetime(2026, 11, 29, 19, 36, 53, 123456, tzinfo=UTC)
T1 = T0 + timedelta(minutes=5, microseconds=1)

TARGET = uuid.UUID("00000000-0000-4000-8000-000000000001")
SCENARIO = uuid.UUID("00000000-0000-4000-8000-000000000002")
CAMPAIGN = uuid.UUID("00000000-0000-4000-8000-000000000003")
RUN = uuid.UUID("00000000-0000-4000-8000-000000000004")
OUTCOME = uuid.UUID("00000000-0000-4000-8000-000000000005")
EVAL = uuid.UUID("00000000-0000-4000-8000-000000000006")
SESSION = uuid.UUID("00000000-0000-4000-8000-000000000007")
EVENT = uuid.UUID("00000000-0000-4000-8000-000000000008")
MESSAGE_1 = uuid.UUID("00000000-0000-4000-8000-000000000009")
MESSAGE_2 = uuid.UUID("00000000-0000-4000-8000-00000000000a")
API_KEY = uuid.UUID("00000000-0000-4000-8000-00000000000b")

CASES = [{"key": "café-1", "messages": ["hello", "and then?"],
          "rules": [{"type": "contains", "value": "bye"}]}]
PLAN = {"dimensions": [{"name": "refunds", "sessions": 2}], "notes": "ünïcode"}

# Every table of the previous release, parents before children. Generated integer
# keys are left to the database, as the release's own writes left them.
RELEASED_ROWS: dict[str, list[Row]] = {
    "targets": [{
        "id": TARGET, "name": "Support bot ☕", "description": None,
        "channel_type": "http_json",
        "channel_config": {"url": "http://127.0.0.1:9/chat", "headers": {"X-Team": "a"}},
        "max_concurrency": 4, "created_at": T0, "updated_at": T1}],
    "scenarios": [{
        "id": SCENARIO, "name": "Refunds", "description": "multi\nline", "cases": CASES,
        "created_at": T0, "updated_at": T1}],
    "campaigns": [{
        "id": CAMPAIGN, "name": "Nightly", "scenario_id": SCENARIO, "repeat": 2,
        "concurrency": 3, "created_at": T0}],
    "campaign_targets": [{"campaigns_id": CAMPAIGN, "target_id": TARGET}],
    "runs": [{
        "id": RUN, "campaign_id": CAMPAIGN, "target_id": TARGET, "status": "completed",
        "version": 7, "cases": CASES, "repeat": 2, "concurrency": 3, "total": 2, "done": 2,
        "passed": 1, "failed": 1, "errored": 0, "summary": {"passRate": 0.5, "cases": 1},
        "error": None, "created_at": T0, "started_at": T0, "completed_at": T1}],
    "case_outcomes": [{
        "id": OUTCOME, "run_id": RUN, "position": 0, "case_key": "café-1", "attempt": 1,
        "passed": False, "success_level": "partial", "score": 0.25, "intent_passed": None,
        "completion_rate": 0.5, "error": None, "created_at": T1}],
    "rule_results": [{
        "outcome_id": OUTCOME, "position": 0, "rule_type": "contains", "implicit": True,
        "passed": False, "score": 0.0, "weight": 1.5, "detail": {"missing": ["bye"]},
        "error": None}],
    "run_turns": [{
        "outcome_id": OUTCOME, "index": 0, "sent_message": "hello", "reply": "hi ☕\nthere",
        "latency_ms": 12, "error": None}],
    "intelligent_evals": [{
        "id": EVAL, "name": "Explore refunds", "target_id": TARGET, "status": "running",
        "version": 3, "goal": "find refund bugs", "seeds": {"topics": ["refund"]},
        "intent": "refund an order", "role_description": "a customer", "time_window_hours": 24,
        "plan": PLAN, "plan_feedback": "more personas", "plan_revision": 2, "report": None,
        "failure_reason": None, "event_sequence": 1, "turns_used": 2, "created_at": T0,
        "updated_at": T1, "planning_entered_at": T0, "started_at": T1, "completed_at": None,
        "last_agent_activity_at": T1, "analyst_woken_at": None}],
    "eval_events": [{
        "id": EVENT, "eval_id": EVAL, "sequence": 1, "type": "status", "status": "running",
        "session_id": SESSION, "detail": {"from": "planning"}, "at": T1}],
    "eval_sessions": [{
        "id": SESSION, "eval_id": EVAL, "persona": {"name": "Ana", "mood": "cross"},
        "goal": "get a refund", "dimension": "refunds", "virtual_user_index": 0,
        "time_slot_index": 1, "status": "open", "verdict": None, "turn_count": 1,
        "idempotency_key": "start-1", "conversation_id": "conv-9", "created_at": T0,
        "last_activity_at": T1, "closed_at": None}],
    "eval_messages": [
        {"id": MESSAGE_1, "session_id": SESSION, "index": 0, "turn_index": 0, "role": "user",
         "content": "I want my money back", "latency_ms": None, "error": None,
         "error_kind": None, "idempotency_key": "m-1", "created_at": T0},
        {"id": MESSAGE_2, "session_id": SESSION, "index": 1, "turn_index": 0,
         "role": "agent", "content": "Sure ☕", "latency_ms": 40, "error": None,
         "error_kind": None, "idempotency_key": None, "created_at": T1}],
    "plan_revisions": [{
        "eval_id": EVAL, "revision": 1, "plan": PLAN, "submitted_at": T0,
        "feedback": "more personas", "rejected_at": T1}],
    "api_keys": [{
        "id": API_KEY, "name": "ci", "role": "ADMIN", "secret_hash": "ab" * 32,
        "created_at": T0, "last_used_at": T1, "revoked": False}],
    "model_configs": [{
        "role": "judge", "provider": "openai", "base_url": "http://127.0.0.1:9/v1",
        "model": "gpt-test", "api_key": "sk-test", "params": {"temperature": 0},
        "updated_at": T1}],
    "judge_cache_entries": [{
        "key": "cd" * 32, "model": "gpt-test", "value": {"content": "PASS", "n": [1, 2]},
        "created_at": T0}],
}


# --- backends -------------------------------------------------------------------


@pytest.fixture(params=["sqlite", "postgres"])
def empty_databases(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[str, str]]:
    """Two empty databases of one backend (PostgreSQL ones are dropped afterwards)."""
    if request.param == "sqlite":
        yield f"sqlite://{tmp_path / 'first.db'}", f"sqlite://{tmp_path / 'second.db'}"
        return
    if not backends.postgres_available():
        pytest.skip(backends.missing_backend("PostgreSQL"))
    first, second = backends.create_postgres_database(), backends.create_postgres_database()
    yield first, second
    backends.drop_postgres_database(first)
    backends.drop_postgres_database(second)


async def migrate_as_previous_release(url: str) -> None:
    config = database.tortoise_config(url)
    config["apps"]["models"]["migrations"] = PREVIOUS_RELEASE_MIGRATIONS
    await run_migrations(config=config)
    await Tortoise.close_connections()


# --- raw SQL, the same on both backends ------------------------------------------


def _sql_value(value: Any) -> Any:
    """Values as the release's ORM stored them: JSON as text, UUIDs as their string."""
    if isinstance(value, dict | list):
        return json.dumps(value, separators=(",", ":"))
    if isinstance(value, uuid.UUID):
        return str(value)
    return value


def _placeholders(url: str, count: int) -> str:
    if database.is_sqlite(url):
        return ", ".join(["?"] * count)
    return ", ".join(f"${n}" for n in range(1, count + 1))


async def fill_released_tables(url: str) -> None:
    connection = Tortoise.get_connection("default")
    for table, rows in RELEASED_ROWS.items():
        for row in rows:
            columns = ", ".join(f'"{column}"' for column in row)
            await connection.execute_query(
                f'INSERT INTO "{table}" ({columns}) VALUES ({_placeholders(url, len(row))})',
                [_sql_value(value) for value in row.values()])


async def schema(url: str) -> dict[str, list[tuple[Any, ...]]]:
    """Every table's columns (name, type, nullability, default) and every index."""
    connection = Tortoise.get_connection("default")
    described: dict[str, list[tuple[Any, ...]]] = {}
    if database.is_sqlite(url):
        _, tables = await connection.execute_query(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        for table in tables:
            _, columns = await connection.execute_query(f'PRAGMA table_info("{table["name"]}")')
            described[table["name"]] = [
                (c["name"], c["type"], c["notnull"], c["dflt_value"], c["pk"]) for c in columns]
        _, indexes = await connection.execute_query(
            "SELECT tbl_name, name, sql FROM sqlite_master WHERE type = 'index'")
    else:
        _, columns = await connection.execute_query(
            "SELECT table_name, column_name, data_type, is_nullable, column_default "
            "FROM information_schema.columns WHERE table_schema = 'public'")
        for c in columns:
            described.setdefault(c["table_name"], []).append(
                (c["column_name"], c["data_type"], c["is_nullable"], c["column_default"]))
        _, indexes = await connection.execute_query(
            "SELECT tablename AS tbl_name, indexname AS name, indexdef AS sql "
            "FROM pg_indexes WHERE schemaname = 'public'")
    for index in indexes:
        described.setdefault("index " + index["tbl_name"], []).append(
            (index["name"], index["sql"]))
    return {table: sorted(entries, key=repr) for table, entries in described.items()}


async def snapshot(tables: dict[str, list[str]]) -> Snapshot:
    """The rows of the given tables, restricted to the given columns, in a stable order."""
    connection = Tortoise.get_connection("default")
    taken: Snapshot = {}
    for table, columns in tables.items():
        selected = ", ".join(f'"{column}"' for column in columns)
        _, rows = await connection.execute_query(f'SELECT {selected} FROM "{table}"')
        taken[table] = sorted((dict(row) for row in rows), key=repr)
    return taken


def column_names(described: dict[str, list[tuple[Any, ...]]]) -> dict[str, list[str]]:
    return {table: sorted(entry[0] for entry in entries)
            for table, entries in described.items() if not table.startswith("index ")}


# --- the ORM's view -------------------------------------------------------------


def models_by_table() -> dict[str, type[Model]]:
    return {model._meta.db_table: model for model in Tortoise.apps["models"].values()}


def _same(read: Any, written: Any) -> bool:
    if isinstance(written, uuid.UUID):
        return str(read) == str(written)
    return bool(read == written)


async def assert_orm_reads_released_rows() -> None:
    models = models_by_table()
    for table, rows in RELEASED_ROWS.items():
        if table not in models:
            continue  # a many-to-many table: checked through its owner below
        model = models[table]
        read = await model.all().order_by(model._meta.pk_attr)
        assert len(read) == len(rows), table
        for instance, row in zip(read, rows, strict=True):
            for column, written in row.items():
                value = getattr(instance, column)
                assert _same(value, written), (table, column, value, written)
    campaign = await models["campaigns"].get(id=CAMPAIGN).prefetch_related("targets")
    assert [str(target.pk) for target in campaign.targets] == [str(TARGET)]


async def assert_orm_writes_every_model() -> None:
    """Update every released row through today's models, then insert a run with results."""
    for model in Tortoise.apps["models"].values():
        for instance in await model.all():
            await instance.save()
    models = models_by_table()
    run = await models["runs"].create(campaign_id=CAMPAIGN, target_id=TARGET, status="pending")
    assert await models["runs"].filter(target_id=TARGET).count() == 2
    outcome = await models["case_outcomes"].create(
        run=run, position=0, case_key="café-1", attempt=1, passed=True,
        success_level="full", score=1.0)
    await models["rule_results"].create(outcome=outcome, position=0, rule_type="contains",
                                        passed=True, score=1.0)
    assert await models["rule_results"].all().count() == 2


# --- tests ----------------------------------------------------------------------


def test_released_migrations_are_never_edited() -> None:
    """Each released migration file is still in the package, byte for byte."""
    released = sorted(PREVIOUS_RELEASE_DIR.glob("[0-9]*.py"))
    assert released, "the frozen copy of the previous release's migrations is missing"
    for path in released:
        current = CURRENT_MIGRATIONS_DIR / path.name
        assert current.exists(), f"released migration {path.name} was removed"
        assert current.read_bytes() == path.read_bytes(), f"released {path.name} was edited"


async def test_a_released_database_upgrades_without_losing_rows(
        empty_databases: tuple[str, str]) -> None:
    released_url, fresh_url = empty_databases

    await migrate_as_previous_release(released_url)
    await database.open_database(released_url)
    try:
        await fill_released_tables(released_url)
        released_columns = column_names(await schema(released_url))
        unfilled = set(released_columns) - set(RELEASED_ROWS) - {MIGRATION_HISTORY}
        assert not unfilled, f"give RELEASED_ROWS a row for every released table: {unfilled}"
        before = await snapshot(released_columns)
    finally:
        await database.close_database()

    await database.migrate(released_url)
    await database.migrate(fresh_url)

    await database.open_database(fresh_url)
    try:
        fresh_schema = await schema(fresh_url)
    finally:
        await database.close_database()
    await database.open_database(released_url)
    try:
        upgraded_schema = await schema(released_url)
        upgraded_columns = column_names(upgraded_schema)
        for table, columns in released_columns.items():
            assert table in upgraded_columns, f"the upgrade dropped table {table}"
            missing = set(columns) - set(upgraded_columns[table])
            assert not missing, f"the upgrade dropped {table}.{sorted(missing)}"
        after = await snapshot(released_columns)
        history = after.pop(MIGRATION_HISTORY)
        assert all(applied in history for applied in before.pop(MIGRATION_HISTORY))
        assert after == before
        assert upgraded_schema == fresh_schema
        await assert_orm_reads_released_rows()
        await assert_orm_writes_every_model()
    finally:
        await database.close_database()


async def test_migrate_twice_changes_nothing(empty_databases: tuple[str, str]) -> None:
    """A second `migrate` (every server start runs one) leaves schema, rows and history alone."""
    url, _ = empty_databases
    await migrate_as_previous_release(url)
    await database.migrate(url)
    await database.open_database(url)
    try:
        await fill_released_tables(url)
        schema_before = await schema(url)
        rows_before = await snapshot(column_names(schema_before))
    finally:
        await database.close_database()

    await database.migrate(url)

    await database.open_database(url)
    try:
        schema_after = await schema(url)
        assert schema_after == schema_before
        assert await snapshot(column_names(schema_after)) == rows_before
    finally:
        await database.close_database()

