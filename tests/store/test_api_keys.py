"""API key storage: hashed secrets, bootstrap, the admin key from the environment."""

from __future__ import annotations

import asyncio
import time

import pytest

from agenteval.store.access import api_keys
from agenteval.store.event_bus import InMemoryEventBus
from agenteval.store.models import ApiKey


async def test_first_start_creates_one_admin_key_and_never_again(db) -> None:
    secret = await api_keys.bootstrap_admin_key()
    assert secret and (await api_keys.authenticate(secret)).role == "ADMIN"
    assert await api_keys.bootstrap_admin_key() is None
    assert await ApiKey.all().count() == 1


async def test_env_admin_key_exists_after_start_even_if_revoked(db) -> None:
    key = await api_keys.ensure_admin_key("fixed-secret")
    await ApiKey.filter(id=key.id).update(revoked=True, role="VIEWER")
    await api_keys.ensure_admin_key("fixed-secret")
    again = await api_keys.authenticate("fixed-secret")
    assert again is not None and again.role == "ADMIN" and again.id == key.id


async def test_secrets_are_stored_hashed_and_revocation_locks_out(db) -> None:
    key, secret = await api_keys.create_key("ci", "AGENT")
    stored = await ApiKey.get(id=key.id)
    assert stored.secret_hash == api_keys.hash_secret(secret) and secret not in stored.secret_hash
    assert (await api_keys.authenticate(secret)).last_used_at is not None
    await api_keys.revoke_key(key.id)
    assert await api_keys.authenticate(secret) is None
    assert not await api_keys.is_live(key.id)
    assert await api_keys.authenticate("") is None


async def wait_refused(secret: str) -> float:
    """Seconds until the secret stops authenticating (polling every 20 ms, at most 3 s)."""
    started = time.monotonic()
    while await api_keys.authenticate(secret) is not None:
        assert time.monotonic() - started < 3, "the revoked key kept working"
        await asyncio.sleep(0.02)
    return time.monotonic() - started


async def test_a_revocation_made_elsewhere_locks_out_when_the_cached_check_expires(db) -> None:
    key, secret = await api_keys.create_key("ci", "AGENT")
    assert await api_keys.authenticate(secret) is not None  # cached now
    # As `agenteval keys revoke` or another process does: the row, no announcement.
    await ApiKey.filter(id=key.id).update(revoked=True)

    assert await wait_refused(secret) <= api_keys.KEY_CACHE_TTL_S + 0.2
    assert not await api_keys.is_live(key.id)


async def test_an_announced_revocation_evicts_the_cached_key_at_once(db) -> None:
    events = InMemoryEventBus()
    key, secret = await api_keys.create_key("ci", "AGENT")
    async with api_keys.evictions_on_revocation(events):
        assert await api_keys.authenticate(secret) is not None
        assert await api_keys.is_live(key.id)
        await ApiKey.filter(id=key.id).update(revoked=True)
        await api_keys.announce_revocation(events, key.id)
        await asyncio.sleep(0)  # the eviction task reads the announcement

        assert await api_keys.authenticate(secret) is None
        assert not await api_keys.is_live(key.id)


async def test_checks_of_a_live_key_are_served_from_the_cache(
        db, monkeypatch: pytest.MonkeyPatch) -> None:
    key, secret = await api_keys.create_key("ci", "AGENT")
    first = await api_keys.authenticate(secret)

    def no_database(*args: object, **kwargs: object) -> None:
        raise AssertionError("a cached key check read the database")

    monkeypatch.setattr(ApiKey, "get_or_none", no_database)
    monkeypatch.setattr(ApiKey, "filter", no_database)
    for _ in range(20):
        assert await api_keys.authenticate(secret) is first
        assert await api_keys.is_live(key.id)
