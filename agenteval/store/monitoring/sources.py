"""Sources: found by name, or created with defaults the first time something is sent to one."""

from __future__ import annotations

import secrets
from collections.abc import Iterable

from tortoise.exceptions import IntegrityError

from agenteval.store.models import MonitoredSource

DEFAULT_MASKING = {"enabled": True, "kinds": ["id_card", "phone", "email"]}


async def sources_named(names: Iterable[str]) -> dict[str, MonitoredSource]:
    """Every source of `names`, those that do not exist yet created (`auto_created`)."""
    wanted = set(names)
    found = {s.name: s for s in await MonitoredSource.filter(name__in=wanted)}
    for name in sorted(wanted - set(found)):
        found[name] = await create_source(name, auto_created=True)
    return found


async def create_source(name: str, *, auto_created: bool = False, target_id: str | None = None,
                        quiet_period_s: float = 300.0, masking: dict[str, object] | None = None,
                        retention_days: float | None = None) -> MonitoredSource:
    """A new source; when another request created it first, that one."""
    try:
        return await MonitoredSource.create(
            name=name, auto_created=auto_created, target_id=target_id,
            quiet_period_s=quiet_period_s, masking=masking or dict(DEFAULT_MASKING),
            retention_days=retention_days, pseudonym_key=secrets.token_hex(32))
    except IntegrityError:
        return await MonitoredSource.get(name=name)
