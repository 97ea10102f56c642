"""API keys: random secrets handed out once, stored as SHA-256, looked up in constant time.

Every request checks its key, so live keys are cached in the process for at most
KEY_CACHE_TTL_S. A revocation evicts the key at once in the process that made it
and, announced on the event bus (REVOKED_TOPIC; Redis carries it to every
process), in every process that runs `evictions_on_revocation`; a lost
announcement or a revocation made without one (`agenteval keys revoke`) is
caught when the entry expires. So a revoked key stops working everywhere within
KEY_CACHE_TTL_S. Unknown and revoked secrets are never cached: a key created in
another process works at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import secrets
import time
import uuid
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta

from tortoise.transactions import in_transaction

from agenteval.store.event_bus import EventBus, Overflowed, Subscription
from agenteval.store.models import ApiKey

logger = logging.getLogger("agenteval")

SECRET_PREFIX = "ae_"
# Writing last_used_at on every request would serialise all reads on SQLite's writer.
LAST_USED_RESOLUTION = timedelta(minutes=1)
# The longest a revoked key may still be accepted when its announcement was lost.
KEY_CACHE_TTL_S = 0.5
REVOKED_TOPIC = "api-keys.revoked"


class KeyCache:
    """Live keys by secret digest, each trusted for `ttl_s` after it was read."""

    def __init__(self, ttl_s: float = KEY_CACHE_TTL_S) -> None:
        self.ttl_s = ttl_s
        self._by_digest: dict[str, tuple[ApiKey, float]] = {}

    def get(self, digest: str) -> ApiKey | None:
        entry = self._by_digest.get(digest)
        if entry is None:
            return None
        if time.monotonic() - entry[1] > self.ttl_s:
            del self._by_digest[digest]
            return None
        return entry[0]

    def put(self, digest: str, key: ApiKey) -> None:
        self._by_digest[digest] = (key, time.monotonic())

    def is_live(self, key_id: str) -> bool:
        """Whether a fresh entry vouches for this key id."""
        now = time.monotonic()
        return any(str(key.id) == key_id and now - read_at <= self.ttl_s
                   for key, read_at in self._by_digest.values())

    def evict(self, key_id: str) -> None:
        for digest, (key, _) in list(self._by_digest.items()):
            if str(key.id) == key_id:
                del self._by_digest[digest]

    def clear(self) -> None:
        self._by_digest.clear()


# One per process; emptied whenever the database is opened or closed, so a key
# read from one database is never served for another.
cache = KeyCache()


def hash_secret(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def new_secret() -> str:
    return SECRET_PREFIX + secrets.token_urlsafe(32)


def key_label(key: ApiKey) -> str:
    """Who did something, as runs, reviews, appeals and keys show it (whoever started a
    run, a reviewer, an appeal's author): the key's name and its id."""
    return f"{key.name} ({key.id})"


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
    key = cache.get(digest)
    if key is None:
        key = await ApiKey.get_or_none(secret_hash=digest)
        # The lookup is by digest; the constant-time compare guards against a
        # database collation that compares the digest loosely.
        if key is None or key.revoked or not hmac.compare_digest(key.secret_hash, digest):
            return None
        cache.put(digest, key)
    now = datetime.now(UTC)
    if key.last_used_at is None or now - key.last_used_at > LAST_USED_RESOLUTION:
        key.last_used_at = now
        await ApiKey.filter(id=key.id).update(last_used_at=now)
    return key


async def is_live(key_id: uuid.UUID | str) -> bool:
    """Whether the key still exists unrevoked (a cheap re-check for long-lived connections)."""
    return cache.is_live(str(key_id)) or await ApiKey.filter(id=key_id, revoked=False).exists()


async def ensure_admin_key(secret: str) -> ApiKey:
    """Make sure an unrevoked ADMIN key with exactly this secret exists (AGENTEVAL_ADMIN_KEY)."""
    digest = hash_secret(secret)
    key = await ApiKey.get_or_none(secret_hash=digest)
    if key is None:
        key, _ = await create_key("admin (AGENTEVAL_ADMIN_KEY)", "ADMIN", secret)
    elif key.role != "ADMIN" or key.revoked:
        key.role, key.revoked = "ADMIN", False
        await key.save(update_fields=["role", "revoked"])
        cache.evict(str(key.id))
    return key


async def provision_admin_key(configured: str | None) -> str | None:
    """The start-up's ADMIN key: the configured one (AGENTEVAL_ADMIN_KEY) made sure of, or
    without one, on the very first start (no key at all), a new one whose secret is
    returned, once (it is stored only as a hash); None when there is nothing to show."""
    if configured:
        await ensure_admin_key(configured)
        return None
    return await bootstrap_admin_key()


async def bootstrap_admin_key() -> str | None:
    """On the very first start (no key at all) create an admin key; returns its secret once."""
    if await ApiKey.exists():
        return None
    _, secret = await create_key("first admin", "ADMIN")
    return secret


async def list_keys() -> list[ApiKey]:
    """Every key, revoked ones included, oldest first."""
    return list(await ApiKey.all().order_by("created_at"))


async def find_live_key(key_id: uuid.UUID) -> ApiKey | None:
    """The key unless it is revoked (or does not exist)."""
    return await ApiKey.get_or_none(id=key_id, revoked=False)


async def live_key_ids(key_ids: list[uuid.UUID]) -> set[str]:
    """Which of these keys still exist unrevoked, as text (one statement, the cache unread)."""
    return {str(i) for i in await ApiKey.filter(id__in=key_ids, revoked=False)
            .values_list("id", flat=True)}


async def live_keys_of_roles(roles: list[str]) -> list[ApiKey]:
    """The unrevoked keys of these roles, by name then age."""
    return list(await ApiKey.filter(revoked=False, role__in=roles).order_by("name", "created_at"))


async def mark_revoked(key_id: str, by: str) -> int:
    """Revoke the key as `agenteval keys revoke` does: one update, without `revoke_key`'s
    last-ADMIN check; how many keys it revoked (0: no such key)."""
    return await ApiKey.filter(id=key_id).update(revoked=True, revoked_by=by)


class LastAdminKey(Exception):
    """Revoking this key would leave no active ADMIN key: nobody could manage keys any more."""


async def revoke_key(key_id: uuid.UUID, by: str | None = None) -> ApiKey | None:
    """Mark the key revoked (it stops authenticating at once); None when it does not exist.

    `by` names the revoking key ("name (id)"); the first revocation's is kept. The last
    active ADMIN key is refused with LastAdminKey. The check and the update run in one
    transaction with the other ADMIN rows locked (PostgreSQL; SQLite serialises writers),
    so two ADMINs revoking each other at once cannot both succeed.
    """
    async with in_transaction():
        key = await ApiKey.get_or_none(id=key_id)
        if key is None:
            return None
        if not key.revoked:
            if key.role == "ADMIN":
                admins = await (ApiKey.filter(role="ADMIN", revoked=False)
                                .select_for_update().values_list("id", flat=True))
                if not [other for other in admins if other != key.id]:
                    raise LastAdminKey(str(key.id))
            key.revoked, key.revoked_by = True, by
            await key.save(update_fields=["revoked", "revoked_by"])
    cache.evict(str(key.id))
    return key


async def announce_revocation(events: EventBus, key_id: uuid.UUID | str) -> None:
    """Tell every process that a key was revoked; never fails the revocation itself."""
    try:
        await events.publish(REVOKED_TOPIC, {"keyId": str(key_id)})
    except Exception:  # noqa: BLE001 - Redis is a wake-up, never the truth: the TTL holds
        logger.warning("could not announce the revocation of API key %s", key_id)


@contextlib.asynccontextmanager
async def evictions_on_revocation(events: EventBus) -> AsyncIterator[None]:
    """While the block runs, evict every key announced revoked on the bus from the cache."""

    async def evict_announced(subscription: Subscription) -> None:
        try:
            while True:
                try:
                    message = await subscription.get()
                except Overflowed:  # announcements were lost: forget every key, listen afresh
                    cache.clear()
                    await subscription.close()
                    subscription = await events.subscribe(REVOKED_TOPIC)
                    continue
                cache.evict(str(message.get("keyId")))
        finally:
            await subscription.close()

    # Subscribed before the block starts, so no announcement made in it is missed.
    task = asyncio.get_running_loop().create_task(
        evict_announced(await events.subscribe(REVOKED_TOPIC)), name="api-key-evictions")
    try:
        yield
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        cache.clear()


def internal_identity(name: str, role: str) -> ApiKey:
    """An unsaved key for AgentEval's own in-process clients (built-in driver, demo setup).

    It exists only in memory: it has no secret, so nobody outside the process
    can use it, and nothing piles up in the keys table across restarts.
    """
    return ApiKey(id=uuid.uuid4(), name=name, role=role, secret_hash="", revoked=False,
                  created_at=datetime.now(UTC))
