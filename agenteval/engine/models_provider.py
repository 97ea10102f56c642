"""The `models` object rules receive, and whether a JUDGE model is configured.

For now no role has a client: every `get(role)` is None, so JUDGE rules give
an error result and EMBEDDING / MODERATION rules use their built-in fallbacks.
The model-backed judging issue plugs real clients in here.
"""

from __future__ import annotations

from typing import Any

from agenteval.store.models import ModelConfig


class ModelsProvider:
    """Gives rules the model client configured for a role (none yet)."""

    def get(self, role: str) -> Any | None:
        return None


async def judge_configured() -> bool:
    """True when a JUDGE model config row exists (JUDGE rules are accepted then)."""
    return await ModelConfig.filter(role="JUDGE").exists()
