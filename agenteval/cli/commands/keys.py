"""`agenteval keys`: manage API keys."""

from __future__ import annotations

import click

from agenteval.cli.common import existing_database, run_with_database, settings_from_env


@click.group("keys")
def keys() -> None:
    """Manage API keys."""


@keys.command("create")
@click.option("--name", required=True)
@click.option("--role", required=True,
              type=click.Choice(["ADMIN", "OPERATOR", "AGENT", "VIEWER", "INGEST", "REVIEWER"],
                                case_sensitive=False))
@click.option("--database-url", help="Database URL [AGENTEVAL_DATABASE_URL].")
def keys_create(name: str, role: str, database_url: str | None) -> None:
    """Create a key and print its secret (shown only this once)."""
    from agenteval.store.access import api_keys

    async def work() -> str:
        _, secret = await api_keys.create_key(name, role.upper())
        return secret

    click.echo(run_with_database(settings_from_env(database_url=database_url), work))


@keys.command("list")
@click.option("--database-url", help="Database URL [AGENTEVAL_DATABASE_URL].")
def keys_list(database_url: str | None) -> None:
    """List keys (never their secrets)."""
    from agenteval.store.access import api_keys
    from agenteval.store.models import ApiKey

    async def work() -> list[ApiKey]:
        return await api_keys.list_keys()

    for key in run_with_database(existing_database(settings_from_env(database_url=database_url)),
                                  work):
        state = "revoked" if key.revoked else "active"
        used = key.last_used_at.isoformat() if key.last_used_at else "never"
        click.echo(f"{key.id}  {key.role:<8}  {state:<7}  last used {used}  {key.name}")


@keys.command("revoke")
@click.argument("key_id")
@click.option("--database-url", help="Database URL [AGENTEVAL_DATABASE_URL].")
def keys_revoke(key_id: str, database_url: str | None) -> None:
    """Revoke a key by id."""
    import uuid

    from agenteval.store.access import api_keys

    try:
        uuid.UUID(key_id)
    except ValueError:
        raise click.BadParameter(f"{key_id!r} is not a key id") from None

    settings = existing_database(settings_from_env(database_url=database_url))

    async def work() -> int:
        revoked = await api_keys.mark_revoked(key_id, "agenteval keys revoke")
        if revoked:
            await _announce_revocation(settings.redis_url, key_id)
        return revoked

    if not run_with_database(settings, work):
        raise click.ClickException(f"no key with id {key_id}")
    click.echo(f"revoked {key_id}")


async def _announce_revocation(redis_url: str | None, key_id: str) -> None:
    """Tell the running processes (through Redis, when there is one) to close the key's
    websockets now; without Redis they find out at their next re-check (api/transport/ws_auth.py)."""
    if not redis_url:
        return
    from agenteval.store.access.api_keys import announce_revocation
    from agenteval.store.event_bus import RedisEventBus

    bus = RedisEventBus(redis_url)
    try:
        await bus.start()
        await announce_revocation(bus, key_id)
    except Exception as exc:  # noqa: BLE001 - the revocation itself is stored: say so, go on
        click.echo(f"warning: could not announce the revocation through Redis ({exc}); "
                   "open websockets close at their next key re-check", err=True)
    finally:
        await bus.close()
