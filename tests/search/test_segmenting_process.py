"""The segmenting worker never outlives its server.

A server killed with SIGKILL left its worker running for ever (re-parented to init, ~100 MB
each: 57 of them after one run of the test suite, whose kill -9 tests kill servers)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

SERVER = """
import os, sys, time
from agenteval.store.search import segmenting_process
segmenting_process.start()
pool = segmenting_process._workers()
pool.submit(segmenting_process.index_texts, ["退款"]).result(timeout=60)
print(*pool._processes, flush=True)
time.sleep(600)
"""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie no one reaps is gone for our purpose: read its state.
    stat = Path(f"/proc/{pid}/stat")
    return not stat.exists() or stat.read_text().split(") ")[-1][0] != "Z"


@pytest.mark.timeout(120)
def test_a_killed_servers_worker_ends_itself() -> None:
    server = subprocess.Popen([sys.executable, "-c", SERVER], stdout=subprocess.PIPE,
                              text=True, env={**os.environ, "PYTHONPATH": os.getcwd()})
    try:
        assert server.stdout is not None
        [worker] = [int(pid) for pid in server.stdout.readline().split()]
        assert _alive(worker)
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=10)
        deadline = time.monotonic() + 10
        while _alive(worker) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not _alive(worker), "the worker outlived its killed server"
    finally:
        server.kill()
