"""What a model call answers: a chat result, a moderation verdict, and where usage goes."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

USAGE_KEYS = ("prompt_tokens", "completion_tokens", "total_tokens")


class UsageSink(Protocol):
    """Where each call's token usage goes (the run's or eval's usage rows; see store.usage).

    `cached` marks an answer the response cache gave: no call was made, the tokens
    are what it saved. A sink that fails never fails the call (it is logged).
    """

    async def record_usage(self, role: str, model: str, prompt_tokens: int,
                           completion_tokens: int, cached: bool) -> None: ...


def zero_usage() -> dict[str, int]:
    return dict.fromkeys(USAGE_KEYS, 0)


@dataclass(frozen=True)
class ChatResult:
    """One chat answer. `data` is the validated JSON object when a schema was given.

    `attempts` counts the HTTP requests this answer took (retries and the
    corrective follow-up included). A cache hit has `cached=True` and carries
    the usage and attempts of the call that filled the cache.
    """

    text: str
    data: dict[str, Any] | None
    usage: dict[str, int]
    model: str
    attempts: int
    cached: bool = False
    finish_reason: str | None = None  # "length": cut at max_tokens
    structured_output: str | None = None  # the response_format form the answer was asked in


@dataclass(frozen=True)
class ModerationResult:
    flagged: bool
    categories: dict[str, bool] = field(default_factory=dict)
    scores: dict[str, float] = field(default_factory=dict)
