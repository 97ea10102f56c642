"""`agenteval import` exits 2, quickly and without a traceback, on files it must not read:
a FIFO, a symlink to /dev/zero, a 1 GB file, and such files inside a folder."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _import(*files: Path, source: str = "promptfoo") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "agenteval.cli", "import", "--from", source,
                           *map(str, files)], cwd=ROOT, capture_output=True, text=True,
                          timeout=60, env=dict(os.environ))


@pytest.mark.parametrize("source", ["promptfoo", "deepeval", "botium"])
def test_hostile_files_exit_2_without_a_traceback(tmp_path: Path, source: str) -> None:
    fifo = tmp_path / "tests.yaml"
    os.mkfifo(fifo)
    zero = tmp_path / "zero.json"
    zero.symlink_to("/dev/zero")
    huge = tmp_path / "huge.json"
    with huge.open("wb") as sparse:  # 1 GB on paper, no disk used
        sparse.truncate(2**30)
    folder = tmp_path / "convos"
    folder.mkdir()
    (folder / "a.convo.txt").symlink_to("/dev/zero")
    for hostile in (fifo, zero, huge, folder):
        done = _import(hostile, source=source)
        assert done.returncode == 2, (hostile, done.stderr)
        assert "Traceback" not in done.stderr and "error:" in done.stderr, done.stderr
