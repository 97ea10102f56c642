"""Which real backends the suite runs against: SQLite always, PostgreSQL and Redis when present.

In CI (CI=true) PostgreSQL and Redis are required: their absence fails the run
instead of skipping it.
"""

from __future__ import annotations

import asyncio
import os
import socket
import uuid

POSTGRES_ADMIN_URL = os.environ.get("AGENTEVAL_TEST_POSTGRES_URL",
                                    "postgres://root@127.0.0.1:5432/test")
REDIS_URL = os.environ.get("AGENTEVAL_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")


def reachable(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=1):
            return True
    except OSError:
        return False


def postgres_available() -> bool:
    return reachable("127.0.0.1", 5432)


def redis_available() -> bool:
    return reachable("127.0.0.1", 6379)


def missing_backend(name: str) -> str:
    """The reason to skip; raises in CI where every backend is required."""
    reason = f"{name} is not reachable on 127.0.0.1"
    if IN_CI:
        raise RuntimeError(f"{reason}, and CI=true requires it")
    return reason


def _server_url(database: str) -> str:
    base, _, _ = POSTGRES_ADMIN_URL.rpartition("/")
    return f"{base}/{database}"


async def _admin(statement: str) -> None:
    import asyncpg

    url = POSTGRES_ADMIN_URL.replace("postgres://", "postgresql://", 1)
    connection = await asyncpg.connect(url)
    try:
        await connection.execute(statement)
    finally:
        await connection.close()


def create_postgres_database() -> str:
    """A fresh, uniquely named database for this test session; returns its URL."""
    name = f"agenteval_test_{uuid.uuid4().hex[:12]}"
    asyncio.run(_admin(f'CREATE DATABASE "{name}"'))
    return _server_url(name)


def drop_postgres_database(url: str) -> None:
    name = url.rpartition("/")[2]
    asyncio.run(_admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
