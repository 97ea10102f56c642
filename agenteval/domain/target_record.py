"""A target as the actors' store ports hand it out: what reaching it takes, frozen."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class TargetRecord:
    """The stored target's columns a channel is opened from (engine.catalog.target_specs)."""

    id: uuid.UUID
    channel_type: str
    channel_config: dict[str, Any]
    max_concurrency: int
