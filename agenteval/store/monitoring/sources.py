"""Sources: found by name, or created with defaults the first time something is sent to one."""

from __future__ import annotations

import secrets
import time
from collections.abc import Iterable

from tortoise.exceptions import IntegrityError

from agenteval.store.models import MonitoredSource

DEFAULT_MASKING = {"enabled": True, "kinds": ["id_card", "phone", "email"]}


# Sources change rarely and every request reads them: kept per process for a few
# seconds (a changed masking policy applies within CACHE_S; the pseudonym key never changes).
CACHE_S = 5.0
_cache: dict[str, tuple[float, MonitoredSource]] = {}


async def sources_named(names: Iterable[str]) -> dict[str, MonitoredSource]:
    """Every source of `names`, those that do not exist yet created (`auto_created`)."""
    wanted = set(names)
    now = time.monotonic()
    found = {name: entry[1] for name in wanted
             if (entry := _cache.get(name)) is not None and now - entry[0] < CACHE_S}
    missing = wanted - set(found)
    if missing:
        found.update({s.name: s for s in await MonitoredSource.filter(name__in=missing)})
    for name in sorted(wanted - set(found)):
        found[name] = await create_source(name, auto_created=True)
    for name in missing:
        _cache[name] = (now, found[name])
    return found


def forget_sources() -> None:
    """Drop the cache (tests that switch databases, a source deleted)."""
    _cache.clear()


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
