"""The `agenteval` command line, run as a real subprocess."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def agenteval(*args: str, database: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, AGENTEVAL_DATABASE_URL=f"sqlite://{database}")
    return subprocess.run([sys.executable, "-m", "agenteval.cli", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)


def test_keys_create_list_revoke(tmp_path: Path) -> None:
    database = tmp_path / "cli.db"
    created = agenteval("keys", "create", "--name", "robot", "--role", "agent", database=database)
    assert created.returncode == 0, created.stderr
    secret = created.stdout.strip()
    assert secret.startswith("ae_")
    listed = agenteval("keys", "list", database=database)
    assert "AGENT" in listed.stdout and "robot" in listed.stdout and secret not in listed.stdout
    key_id = listed.stdout.split()[0]
    assert agenteval("keys", "revoke", key_id, database=database).returncode == 0
    assert "revoked" in agenteval("keys", "list", database=database).stdout
    missing = agenteval("keys", "revoke", "00000000-0000-0000-0000-000000000000", database=database)
    assert missing.returncode != 0 and "no key" in missing.stderr


def test_keys_list_without_a_database_says_so_and_creates_none(tmp_path: Path) -> None:
    database = tmp_path / "agenteval.db"
    for args in (("keys", "list"), ("keys", "revoke", "00000000-0000-0000-0000-000000000000")):
        result = agenteval(*args, database=database)
        assert result.returncode != 0 and "there is no database" in result.stderr
    assert not database.exists()


def test_export_schema_prints_the_checked_in_schema(tmp_path: Path) -> None:
    result = agenteval("export-schema", database=tmp_path / "unused.db")
    assert result.returncode == 0
    assert result.stdout == (ROOT / "schema.graphql").read_text()


def test_the_gate_loads_tortoise_without_pydantic_and_leaves_it_importable() -> None:
    """tortoise imports pydantic when it is installed (~70 ms of the gate's start) for
    fields agenteval does not use; the gate hides it while it imports, and only then."""
    code = ("import sys\n"
            "from agenteval.cli.common import gate_imports\n"
            "with gate_imports():\n"
            "    import agenteval.cli.run_gate\n"
            "print('pydantic' in sys.modules, 'tortoise' in sys.modules)\n"
            "import pydantic\n"
            "print(pydantic.BaseModel.__name__)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.split()
    assert out == ["False", "True", "BaseModel"]
