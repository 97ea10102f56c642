"""A fresh SQLite database as a copy of a migrated template, not a replay of every migration.

Replaying the migrations builds tortoise's migration state operation by operation,
most of the CI gate's start-up on its scratch database (~0.2 s, more than a copy
by two orders of magnitude). The template is a database the real migrations built once, kept in
the user's cache folder under a key made of the migration files' bytes and
tortoise's version: a new or edited migration, or another tortoise, gives
another key, so a stale template is never used, and a copy needs no migration
run afterwards (`database.migrate` skips it: the no-op replay cost the gate ~2 %
of its start-up, mostly importing tortoise's migration machinery).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path

import tortoise

# store/migrations (this module moved to store/backends/: `parent` alone named no folder,
# so every template had the same key and a new migration was never applied).
MIGRATIONS_DIR = Path(__file__).parents[1] / "migrations"


def cache_dir() -> Path:
    """Where templates are kept: $XDG_CACHE_HOME/agenteval (default ~/.cache/agenteval)."""
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "agenteval"


def schema_key(migrations_dir: Path = MIGRATIONS_DIR) -> str:
    """A digest of every migration file and of tortoise's version."""
    digest = hashlib.sha256(tortoise.__version__.encode())
    for path in sorted(migrations_dir.glob("*.py")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:20]


def fresh_sqlite_path(database_url: str) -> Path | None:
    """The file of a SQLite URL when it does not exist yet; None otherwise."""
    if not database_url.startswith("sqlite://"):
        return None
    raw = database_url.removeprefix("sqlite://").split("?", 1)[0]
    if not raw or raw == ":memory:" or Path(raw).exists():
        return None
    return Path(raw)


async def copy_template(target: Path, build: Callable[[str], Awaitable[None]],
                        folder: Path | None = None) -> bool:
    """Copy the template to `target`, building it first with `build(url)` if it is missing.

    False (and nothing written) when the cache folder cannot be used: the caller
    then migrates `target` itself. The file operations block, briefly, at start-up.
    """
    template = (folder or cache_dir()) / f"schema-{schema_key()}.db"
    try:
        if not template.exists():
            # Built beside its final name and renamed, so a concurrent start never
            # copies a half-built template.
            building = _scratch_beside(template)
            try:
                await build(f"sqlite://{building}")
                os.replace(building, template)
            finally:
                _discard(building)
        shutil.copyfile(template, target)
    except OSError:
        _discard(target)
        return False
    return True


def _scratch_beside(template: Path) -> Path:
    """A free name in the template's folder (created if needed), no file behind it."""
    template.parent.mkdir(parents=True, exist_ok=True)
    handle, name = tempfile.mkstemp(prefix=".building-", suffix=".db", dir=template.parent)
    os.close(handle)
    os.unlink(name)
    return Path(name)


def _discard(path: Path) -> None:
    path.unlink(missing_ok=True)
