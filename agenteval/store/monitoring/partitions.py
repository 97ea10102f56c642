"""PostgreSQL's daily partitions of `monitored_turns`, created before a day's first turn.

A partition is created outside the ingestion's transaction (creating one locks the
parent table) and remembered per process; two processes creating the same one race
harmlessly (IF NOT EXISTS, and the loser's "already exists" is ignored).
"""

from __future__ import annotations

from datetime import date, timedelta

from tortoise import Tortoise

_created: set[tuple[str, date]] = set()


def is_postgres() -> bool:
    return Tortoise.get_connection("default").capabilities.dialect == "postgres"


def partition_name(day: date) -> str:
    return f"monitored_turns_p{day:%Y%m%d}"


async def ensure_partitions(days: set[date]) -> None:
    """The partitions of `days` exist (PostgreSQL; nothing on SQLite)."""
    if not is_postgres():
        return
    connection = Tortoise.get_connection("default")
    database = getattr(connection, "database", "")
    for day in sorted(days):
        if (database, day) in _created:
            continue
        try:
            await connection.execute_script(
                f"CREATE TABLE IF NOT EXISTS {partition_name(day)} PARTITION OF monitored_turns "
                f"FOR VALUES FROM ('{day.isoformat()}') TO ('{(day + timedelta(days=1)).isoformat()}')")
        except Exception as exc:  # noqa: BLE001 - only a concurrent creation is tolerated
            if "already exists" not in str(exc):
                raise
        _created.add((database, day))


async def drop_partitions_before(day: date) -> list[str]:
    """Drop the daily partitions older than `day` (retention); their names."""
    if not is_postgres():
        return []
    connection = Tortoise.get_connection("default")
    _, rows = await connection.execute_query(
        "SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid "
        "JOIN pg_class p ON p.oid = i.inhparent WHERE p.relname = 'monitored_turns'")
    dropped = [row["relname"] for row in rows
               if row["relname"] < partition_name(day)]
    for name in dropped:
        await connection.execute_script(f"DROP TABLE IF EXISTS {name}")
    _created.difference_update({key for key in _created if partition_name(key[1]) in dropped})
    return dropped
