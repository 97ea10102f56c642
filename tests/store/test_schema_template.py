"""A fresh SQLite database copied from the schema template is the one the migrations build.

`database.migrate` starts a SQLite file that does not exist yet as a copy of a
template the real migrations built once (kept under $XDG_CACHE_HOME/agenteval,
keyed by the migration files and tortoise's version). These tests compare it,
table by table and row by row of the migration history, with a database the
migrations built directly, and check that the template is reused, that another
set of migrations gets another template, that an existing database is never
replaced and that an unusable cache folder falls back to migrating.
"""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from agenteval.store import database
from agenteval.store.backends import schema_template


def catalogue(path: Path) -> tuple[list[tuple[str, ...]], list[tuple[str, ...]]]:
    """The database's schema (every table, index, trigger) and its migration history."""
    with sqlite3.connect(path) as connection:
        schema = connection.execute(
            "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name").fetchall()
        history = connection.execute(
            "SELECT app, name FROM tortoise_migrations ORDER BY app, name").fetchall()
    return schema, history


def templates(folder: Path) -> list[Path]:
    return list(folder.glob("schema-*.db"))


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache" / "agenteval"


async def test_a_fresh_database_from_the_template_equals_a_migrated_one(
        tmp_path: Path, cache: Path) -> None:
    direct, copied = tmp_path / "direct.db", tmp_path / "copied.db"
    await database.apply_migrations(f"sqlite://{direct}")

    await database.migrate(f"sqlite://{copied}")

    assert templates(cache), "the template was kept for the next start"
    schema, history = catalogue(copied)
    assert (schema, history) == catalogue(direct)
    assert history, "the copy carries the migration history, so nothing is applied twice"


async def test_the_template_is_built_once_and_reused(tmp_path: Path, cache: Path) -> None:
    builds: list[str] = []

    async def build(url: str) -> None:
        builds.append(url)
        await database.apply_migrations(url)

    for name in ("one.db", "two.db"):
        assert await schema_template.copy_template(tmp_path / name, build)

    assert len(builds) == 1
    assert catalogue(tmp_path / "one.db") == catalogue(tmp_path / "two.db")


def test_other_migrations_or_another_tortoise_get_another_template(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    migrations = tmp_path / "migrations"
    shutil.copytree(schema_template.MIGRATIONS_DIR, migrations)
    released = schema_template.schema_key(migrations)

    (migrations / "0002_more.py").write_text("# a new migration\n", encoding="utf-8")
    added = schema_template.schema_key(migrations)
    monkeypatch.setattr(schema_template.tortoise, "__version__", "0.0.0")

    assert len({released, added, schema_template.schema_key(migrations)}) == 3


async def test_an_existing_database_is_migrated_never_replaced(
        tmp_path: Path, cache: Path) -> None:
    path = tmp_path / "kept.db"
    await database.migrate(f"sqlite://{path}")
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE mine (x INTEGER)")

    assert schema_template.fresh_sqlite_path(f"sqlite://{path}") is None
    await database.migrate(f"sqlite://{path}?busy_timeout=5000")

    with sqlite3.connect(path) as connection:
        assert connection.execute("SELECT name FROM sqlite_master WHERE name = 'mine'").fetchone()


async def test_an_unusable_cache_folder_falls_back_to_migrating(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the cache folder would go", encoding="utf-8")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    direct, fallback = tmp_path / "direct.db", tmp_path / "fallback.db"
    await database.apply_migrations(f"sqlite://{direct}")

    await database.migrate(f"sqlite://{fallback}")

    assert catalogue(fallback) == catalogue(direct)


async def test_a_copy_of_the_template_is_not_migrated_again(
        tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    direct, copied = tmp_path / "direct.db", tmp_path / "copied.db"
    await database.migrate(f"sqlite://{direct}")  # builds the template
    replays: list[str] = []

    async def replay(url: str) -> None:
        replays.append(url)

    monkeypatch.setattr(database, "apply_migrations", replay)
    await database.migrate(f"sqlite://{copied}")

    assert replays == [], "the template's key already says every migration is applied"
    assert catalogue(copied) == catalogue(direct)


def test_the_key_reads_the_packages_own_migration_files() -> None:
    # The module moved to store/backends/: a key over no files would reuse a stale template.
    from agenteval.store import migrations

    assert schema_template.MIGRATIONS_DIR == Path(migrations.__file__).parent
    assert len(list(schema_template.MIGRATIONS_DIR.glob("0*.py"))) >= 9
