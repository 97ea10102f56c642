"""The hot statements of a sendMessage turn, prebuilt: one round trip to read, one to store.

A turn reads its session's and eval's state before calling the target and
stores its exchange after (see store/sessions/turns.py). Built by the
ORM, that was ~10 statements, each assembled by pypika on every call and, on
SQLite, each a hand-off to aiosqlite's worker thread (two thread switches: on
a busy machine most of a turn's cost). Here the same writes are fixed SQL:

- SQLite: the whole transaction (fence and release the turn lease, advance
  the eval's log counters, compare-and-set the session, insert both messages
  and the event) runs as ONE function in aiosqlite's thread, under the ORM's
  connection lock, so no other statement interleaves.
- PostgreSQL: ONE statement of data-modifying CTEs (its own transaction), so
  the eval's row lock — which every turn of the eval queues on, for its event
  sequence — is held for one statement's execution, not over 6 round trips.
  The lease is fenced first (its row lock orders the write against a competing
  claim), then the eval row, then the session: the order of the general path.

`store_exchange` stores only the common case and says so: when the lease is
lost it raises OwnershipLost; when the eval is not EXECUTING, the turn would pass
the plan's total budget, or the session changed, it stores NOTHING and returns
None, and the caller takes the general path (eval_log.append_events in an ORM
transaction), which tells a conflict from a budget overrun exactly as before.
The event's sequence comes from the same `UPDATE … RETURNING` of the eval's
counters as in `eval_log` (see its docstring: one writer of those columns), so
the per-eval sequence stays gap-free: nothing commits unless everything does.

The claim of the turn lease and the read of the turn's state go together too:
one hand-off on SQLite, one pooled connection (two statements, so the read
sees what the previous holder stored) on PostgreSQL; there the lease is
released on the store's connection right after its statement. The claim and
release are store/leases.py's own statements (`CLAIM_SQL`, `RELEASE_SQL`), run
inside these hand-offs and transactions; `open_turn` — the `session` entity kind's
claim, which the actor runtime calls before each sendMessage — counts such a claim in
/metrics, but not whether it took an expired lease over. A store that also released
the lease says so (`WrittenTurn.released`), and the caller tells the runtime
(`actors.delivery.released_with_write`), so it does not release it again.
Modules: turn_rows (the rows), turn_writes_sqlite, turn_writes_postgres.
"""

from __future__ import annotations

import uuid

from tortoise import connections
from tortoise.backends.base.client import BaseDBAsyncClient, TransactionalDBClient

from actors.ownership import Fence
from agenteval.domain.intelligent.turn_records import TurnState
from agenteval.observability.metrics import lease_claimed
from agenteval.store import leases
from agenteval.store.notifications.outbox import EVAL_NOTIFICATIONS
from agenteval.store.sessions.turn_rows import (
    EXCHANGED,
    READ_STATE,
    TurnWrite,
    WrittenTurn,
)
from agenteval.store.sessions.turn_writes_postgres import claim_and_read_postgres, store_postgres
from agenteval.store.sessions.turn_writes_sqlite import claim_and_read_sqlite, store_sqlite

__all__ = ["TurnWrite", "WrittenTurn", "claim_and_read", "open_turn", "read_turn_state",
           "store_exchange"]


def _client() -> BaseDBAsyncClient | None:
    """The default connection, or None inside an ORM transaction (which these bypass)."""
    client = connections.get("default")
    return None if isinstance(client, TransactionalDBClient) else client


async def read_turn_state(session_id: uuid.UUID) -> TurnState | None:
    """The session's and its eval's status and turn counters (None: no such session)."""
    client = connections.get("default")
    postgres = client.capabilities.dialect == "postgres"
    sql = READ_STATE.format("$1" if postgres else "?")
    rows = await client.execute_query_dict(sql, [session_id if postgres else str(session_id)])
    if not rows:
        return None
    row = rows[0]
    return TurnState(row["status"], row["turn_count"], row["eval_status"], row["turns_used"])


async def claim_and_read(name: str, owner: str, ttl_s: float, session_id: uuid.UUID
                         ) -> tuple[int | None, TurnState | None] | None:
    """Claim the lease (its epoch; None if held elsewhere, then no state either) and read
    the turn's state after the claim: one hand-off on SQLite, one pooled connection on
    PostgreSQL. None: not possible here (inside a transaction): claim and read apart."""
    client = _client()
    if client is None:
        return None
    dialect = client.capabilities.dialect
    if dialect == "sqlite":
        return await claim_and_read_sqlite(client, name, owner, ttl_s, str(session_id))
    if dialect == "postgres":
        return await claim_and_read_postgres(client, name, owner, ttl_s, session_id)
    return None


async def open_turn(owner: str, key: str, name: str, ttl_s: float
                    ) -> tuple[Fence | None, TurnState | None]:
    """Claim the session's turn lease `name` for `owner` (the runtime's `LeaseStore.owner`)
    and read the turn's state after the claim: the fence (None: another process's turn
    holds it, and no state) and the state (None: no such session). One hand-off on
    SQLite; two round trips inside a transaction."""
    session_id = uuid.UUID(key)
    claimed = await claim_and_read(name, owner, ttl_s, session_id)
    if claimed is None:  # inside a transaction: claim and read apart
        fence = await leases.claim(name, ttl_s, owner)
        return fence, None if fence is None else await read_turn_state(session_id)
    epoch, state = claimed
    if epoch is None:
        return None, None
    lease_claimed(name.partition(":")[0])
    return Fence(name, owner, epoch), state


async def store_exchange(exchange: TurnWrite) -> WrittenTurn | None:
    """Store the turn in one round trip, or nothing (None: take the general path).
    Raises OwnershipLost when the lease has moved on."""
    client = _client()
    if client is None or EXCHANGED in EVAL_NOTIFICATIONS:  # webhooks: the general path
        return None
    dialect = client.capabilities.dialect
    if dialect == "sqlite":
        # The release rides in the transaction: one hand-off less per turn.
        event = await store_sqlite(client, exchange)
        released = exchange.lease is not None
    elif dialect == "postgres":
        # Right after the statement, on its connection (one statement cannot update the
        # lease row twice: fence and release).
        event, released = await store_postgres(client, exchange)
    else:
        return None
    if event is None:
        return None
    return WrittenTurn(event, released and exchange.lease is not None)
