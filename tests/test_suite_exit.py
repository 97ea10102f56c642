"""The suite's process ends even when a test left a SQLite connection open whose object was
collected (its worker thread, not a daemon, waits on the connection's queue for ever):
tests/conftest.py stops such threads at the session's end."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

PROBE = '''
import gc

import aiosqlite


async def test_leaves_a_connection_whose_object_is_collected(tmp_path):
    connection = await aiosqlite.connect(str(tmp_path / "x.db"))
    await connection.execute("select 1")
    connection._connection = None  # no ResourceWarning from __del__
    del connection
    gc.collect()
'''


def test_a_connection_left_open_does_not_keep_the_suite_from_exiting(tmp_path: Path) -> None:
    (tmp_path / "test_probe.py").write_text(PROBE, encoding="utf-8")
    finished = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "tests.conftest",
         "--rootdir", str(tmp_path), "-o", "asyncio_mode=auto", str(tmp_path / "test_probe.py")],
        cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert finished.returncode == 0, finished.stdout + finished.stderr
    assert "1 SQLite connection(s) left open by the tests" in finished.stdout
    # The leak is named by the test that opened it, so it can be found and mended.
    assert "Opened by: test_probe.py::test_leaves_a_connection_whose_object_is_collected" \
        in finished.stdout
