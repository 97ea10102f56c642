"""API keys: random secrets handed out once, stored as SHA-256, looked up in constant time."""

from __future__ import annotations

import hashlib
import hmac
import secrets
import uuid
from datetime import UTC, datetime, timedelta

from agenteval.store.models import ApiKey

SECRET_PREFIX = "ae_"
# Writing last_used_at on every request would serialise all reads on SQLite's writer.
LAST_USED_RESOLUTION = timedelta(minutes=1)


def hash_secret(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def new_secret() -> str:
    return SECRET_PREFIX + secrets.token_urlsafe(32)


async def create_key(name: str, role: str, secret: str | None = None) -> tuple[ApiKey, str]:
    """Create a key; returns it with its secret, which is never stored."""
    secret = secret or new_secret()
    key = await ApiKey.create(name=name, role=role, secret_hash=hash_secret(secret))
    return key, secret


async def authenticate(secret: str | None) -> ApiKey | None:
    """The live key with this secret, or None."""
    if not secret:
        return None
    digest = hash_secret(secret)
    key = await ApiKey.get_or_none(secret_hash=digest)
    # The lookup is by digest; the constant-time compare guards against a
    # database collation that compares the digest loosely.
    if key is None or key.revoked or not hmac.compare_digest(key.secret_hash, digest):
        return None
    now = datetime.now(UTC)
    if key.last_used_at is None or now - key.last_used_at > LAST_USED_RESOLUTION:
        key.last_used_at = now
        await ApiKey.filter(id=key.id).update(last_used_at=now)
    return key


async def is_live(key_id: uuid.UUID | str) -> bool:
    """Whether the key still exists unrevoked (a cheap re-check for long-lived connections)."""
    return await ApiKey.filter(id=key_id, revoked=False).exists()


async def ensure_admin_key(secret: str) -> ApiKey:
    """Make sure an unrevoked ADMIN key with exactly this secret exists (AGENTEVAL_ADMIN_KEY)."""
    digest = hash_secret(secret)
    key = await ApiKey.get_or_none(secret_hash=digest)
    if key is None:
        key, _ = await create_key("admin (AGENTEVAL_ADMIN_KEY)", "ADMIN", secret)
    elif key.role != "ADMIN" or key.revoked:
        key.role, key.revoked = "ADMIN", False
        await key.save(update_fields=["role", "revoked"])
    return key


async def bootstrap_admin_key() -> str | None:
    """On the very first start (no key at all) create an admin key; returns its secret once."""
    if await ApiKey.exists():
        return None
    _, secret = await create_key("first admin", "ADMIN")
    return secret


async def list_keys() -> list[ApiKey]:
    """Every key, revoked ones included, oldest first."""
    return list(await ApiKey.all().order_by("created_at"))


async def revoke_key(key_id: uuid.UUID, by: str | None = None) -> ApiKey | None:
    """Mark the key revoked (it stops authenticating at once); None when it does not exist.

    `by` names the revoking key ("name (id)"); the first revocation's is kept.
    """
    key = await ApiKey.get_or_none(id=key_id)
    if key is None:
        return None
    if not key.revoked:
        key.revoked, key.revoked_by = True, by
        await key.save(update_fields=["revoked", "revoked_by"])
    return key


def internal_identity(name: str, role: str) -> ApiKey:
    """An unsaved key for AgentEval's own in-process clients (built-in driver, demo setup).

    It exists only in memory: it has no secret, so nobody outside the process
    can use it, and nothing piles up in the keys table across restarts.
    """
    return ApiKey(id=uuid.uuid4(), name=name, role=role, secret_hash="", revoked=False,
                  created_at=datetime.now(UTC))
