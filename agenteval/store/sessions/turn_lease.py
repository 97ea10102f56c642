"""The lease a message to a session holds on it, across processes (no ORM: the
in-memory session store names it too)."""

from __future__ import annotations

import uuid

from actors.ownership import lease_name
from agenteval.domain.owned_kinds import SESSION


def turn_lease_name(session_id: uuid.UUID) -> str:
    """The lease a message to a session holds on it, across processes."""
    return lease_name(SESSION, str(session_id))
