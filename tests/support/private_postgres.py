"""A PostgreSQL server of the test's own, to restart for real without disturbing the
shared one (other tests use it meanwhile): initdb in a temporary folder, run by the
`postgres` user, on a free port; `restart` is `pg_ctl restart -m fast` (what a
`pg_ctlcluster … restart` does: terminate every session, shut down, start again)."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

import pytest


def _bin_dir() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
    return Path(found[-1]).parent if found else None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class PrivatePostgres:
    """One private cluster: `start`, `restart`, `stop`; `url` names its database `test`."""

    def __init__(self) -> None:
        bin_dir = _bin_dir()
        if bin_dir is None or os.geteuid() != 0 or shutil.which("runuser") is None:
            pytest.skip("a private PostgreSQL needs its binaries and root (to run as postgres)")
        self.bin = bin_dir
        self.root = Path(tempfile.mkdtemp(prefix="agenteval-pg-"))
        os.chmod(self.root, 0o755)
        shutil.chown(self.root, "postgres", "postgres")
        self.data = self.root / "data"
        self.log = self.root / "server.log"
        self.port = _free_port()
        self.url = f"postgres://postgres@127.0.0.1:{self.port}/test"
        self._as_postgres([str(self.bin / "initdb"), "-D", str(self.data), "-U", "postgres",
                           "--auth=trust", "-E", "UTF8", "--no-sync"])

    def _as_postgres(self, command: list[str]) -> None:
        subprocess.run(["runuser", "-u", "postgres", "--", *command], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=self.root)

    def _pg_ctl(self, *args: str) -> None:
        self._as_postgres([str(self.bin / "pg_ctl"), "-D", str(self.data), "-l", str(self.log),
                           "-w", "-t", "30", *args])

    def start(self) -> None:
        self._pg_ctl("-o", f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 "
                           "-c fsync=off -c max_connections=200", "start")

    def create_database(self) -> None:
        self._as_postgres([str(self.bin / "createdb"), "-h", "127.0.0.1", "-p", str(self.port),
                           "-U", "postgres", "test"])

    def restart(self) -> None:
        self._pg_ctl("-m", "fast", "restart")

    def stop(self) -> None:
        self._pg_ctl("-m", "fast", "stop")

    def remove(self) -> None:
        try:
            self.stop()
        except subprocess.CalledProcessError:
            pass  # not running
        shutil.rmtree(self.root, ignore_errors=True)
