"""Who may do what: one permission class per audience, on every field."""

from __future__ import annotations

from typing import Any

from strawberry.permission import BasePermission
from strawberry.types import Info

from agenteval.errors import Forbidden, Unauthenticated


class _RolePermission(BasePermission):
    roles: frozenset[str] = frozenset()
    audience = ""

    async def has_permission(self, source: Any, info: Info, **kwargs: Any) -> bool:
        key = await info.context.api_key()
        if key is None:
            raise Unauthenticated("a valid API key is required (header X-API-Key)")
        if key.role == "INGEST":  # it only sends conversations (POST /api/ingest, OTLP)
            raise Forbidden("an API key with role INGEST may only send conversations "
                            "(POST /api/ingest, /v1/traces, /v1/logs); it reads nothing")
        if key.role == "REVIEWER" and "REVIEWER" not in self.roles:
            raise Forbidden("an API key with role REVIEWER may only read the items of the "
                            "review queues it is given and record reviews")
        if self.roles and key.role not in self.roles:
            raise Forbidden(f"an API key with role {key.role} may not do this; "
                            f"it needs {self.audience}")
        return True


class CanRead(_RolePermission):
    """Any valid key but INGEST and REVIEWER (which read nothing but their own)."""


class AnyKey(_RolePermission):
    """Any valid key but INGEST: what every caller may read of itself (its own key)."""

    roles = frozenset({"ADMIN", "OPERATOR", "AGENT", "VIEWER", "REVIEWER"})
    audience = "a valid key"


class CanReview(_RolePermission):
    """Review queues: the items of queues a REVIEWER is given (checked by the engine)."""

    roles = frozenset({"ADMIN", "OPERATOR", "REVIEWER"})
    audience = "ADMIN, OPERATOR or REVIEWER"


class IsAdmin(_RolePermission):
    roles = frozenset({"ADMIN"})
    audience = "ADMIN"


class IsOperator(_RolePermission):
    roles = frozenset({"ADMIN", "OPERATOR"})
    audience = "ADMIN or OPERATOR"


class IsAgent(_RolePermission):
    roles = frozenset({"ADMIN", "AGENT"})
    audience = "ADMIN or AGENT"
