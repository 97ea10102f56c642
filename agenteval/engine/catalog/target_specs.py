"""What a channel is opened from: a target's spec, from a stored target or a run's record
of it (`domain.target_record.TargetRecord`, as the runs' store port hands it out).

Apart from the catalog's writes (engine/catalog/targets.py), so an actor that opens its
target's channel loads no store adapter.
"""

from __future__ import annotations

from typing import Any, Protocol

from agenteval.channels import TargetSpec


class ReachableTarget(Protocol):
    """What a channel needs of a target: a stored one, or a run's record of it."""

    @property
    def id(self) -> Any: ...
    @property
    def channel_type(self) -> str: ...
    @property
    def channel_config(self) -> dict[str, Any]: ...
    @property
    def max_concurrency(self) -> int: ...


def target_spec(target: ReachableTarget) -> TargetSpec:
    return TargetSpec(id=str(target.id), channel_type=target.channel_type,
                      config=target.channel_config, max_concurrency=target.max_concurrency)
