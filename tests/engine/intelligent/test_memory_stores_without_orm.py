"""The in-memory eval and session stores — and the actors, ports and engine they are
tested with — load no ORM: the ports speak frozen records, the database's rows stay in
the store adapters (the import contract `actors-without-orm` holds for the
engine's side; this, for the test support on it)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def test_the_memory_stores_import_no_tortoise() -> None:
    code = ("import sys\n"
            "import tests.support.memory_evals, tests.support.memory_sessions\n"
            "print('tortoise' in sys.modules, 'agenteval.store.models' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True, timeout=60).stdout.split()
    assert out == ["False", "False"]
