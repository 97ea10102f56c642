"""API key storage: hashed secrets, bootstrap, the admin key from the environment."""

from __future__ import annotations

from agenteval.store import api_keys
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
    await ApiKey.filter(id=key.id).update(revoked=True)
    assert await api_keys.authenticate(secret) is None
    assert await api_keys.authenticate("") is None
