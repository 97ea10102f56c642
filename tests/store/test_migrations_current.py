"""The committed migrations describe today's models: `tortoise makemigrations` has nothing to write.

A model changed without its migration (a field, an index, even a docstring that tortoise keeps
as the table's description) would otherwise reach users as a schema that differs from what
their upgraded database has. The command runs on a copy of the package, so a failure writes
its new migration there, not into the source tree, and the message shows what it found.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _makemigrations(copy: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(copy), "TORTOISE_ORM": "agenteval.store.database.MAKEMIGRATIONS_CONFIG"}
    return subprocess.run(
        [sys.executable, "-c", "import sys; from tortoise.cli import main; sys.exit(main())", "makemigrations"],
        cwd=copy, env=env, capture_output=True, text=True, timeout=120, check=False,
    )


@pytest.fixture
def package_copy(tmp_path: Path) -> Path:
    for package in ("agenteval", "actors"):
        shutil.copytree(ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns("__pycache__"))
    return tmp_path


def test_the_models_need_no_new_migration(package_copy: Path) -> None:
    migrations = package_copy / "agenteval" / "store" / "migrations"
    before = sorted(path.name for path in migrations.iterdir())
    result = _makemigrations(package_copy)
    assert result.returncode == 0, result.stderr
    assert "No changes detected" in result.stdout, result.stdout + result.stderr
    assert sorted(path.name for path in migrations.iterdir()) == before


def test_a_model_change_without_its_migration_is_found(package_copy: Path) -> None:
    # The check itself can fail: a new field in the copy's models makes tortoise write a migration.
    models = package_copy / "agenteval" / "store" / "models" / "access.py"
    source = models.read_text(encoding="utf-8")
    marker = "class ApiKey(Model):"
    assert marker in source
    models.write_text(source.replace(marker, marker + "\n    probe_field = fields.IntField(null=True)", 1), encoding="utf-8")
    result = _makemigrations(package_copy)
    assert "No changes detected" not in result.stdout, result.stdout + result.stderr
    assert any("probe_field" in path.read_text(encoding="utf-8")
               for path in (package_copy / "agenteval" / "store" / "migrations").glob("0*.py"))
