"""Which conversations a monitor judges, and which of them its model-judged rules sample (pure).

Sampling is deterministic (a hash of the conversation id), so every process and every
retry makes the same choice; stratified sampling applies the rate within each value of
a metadata field (each stratum keeps its share). Conversations that crossed a red line
are always sampled.
"""

from __future__ import annotations

import hashlib
from typing import Any


def selects(monitor_source_id: Any, metadata_match: dict[str, Any], source_id: Any,
            metadata: dict[str, Any]) -> bool:
    """The monitor's source (or any) and every metadata key equal (a list: any of them)."""
    if monitor_source_id is not None and str(monitor_source_id) != str(source_id):
        return False
    for key, wanted in (metadata_match or {}).items():
        value = (metadata or {}).get(key)
        if isinstance(wanted, list) and value not in wanted:
            return False
        if not isinstance(wanted, list) and value != wanted:
            return False
    return True


def unit_hash(*parts: str) -> float:
    """A stable number in [0, 1) for these parts."""
    digest = hashlib.sha256("\x1f".join(parts).encode()).digest()
    return int.from_bytes(digest[:8], "big") / 2**64


def sampled(rate: float, conversation_id: str, metadata: dict[str, Any],
            stratify_by: str | None, red_line_hit: bool) -> bool:
    if red_line_hit or rate >= 1:
        return True
    stratum = str((metadata or {}).get(stratify_by, "")) if stratify_by else ""
    return unit_hash(stratum, conversation_id) < rate
