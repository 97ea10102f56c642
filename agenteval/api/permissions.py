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
        if self.roles and key.role not in self.roles:
            raise Forbidden(f"an API key with role {key.role} may not do this; "
                            f"it needs {self.audience}")
        return True


class CanRead(_RolePermission):
    """Any valid key."""


class IsAdmin(_RolePermission):
    roles = frozenset({"ADMIN"})
    audience = "ADMIN"


class IsOperator(_RolePermission):
    roles = frozenset({"ADMIN", "OPERATOR"})
    audience = "ADMIN or OPERATOR"


class IsAgent(_RolePermission):
    roles = frozenset({"ADMIN", "AGENT"})
    audience = "ADMIN or AGENT"
