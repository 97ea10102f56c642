"""The channel contract: how AgentEval reaches the evaluated agent (the "target").

A `Channel` is one conversation with one target, like an httpx transport: `send`
a user message, get a `Reply` (or a classified `ChannelError`), `aclose` at the
end. The `ChannelFactory` builds channels from a `TargetSpec` and can re-open a
conversation from a persisted `ConversationState`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Literal

from agenteval.domain.limits import truncated_reply
from agenteval.domain.storable_text import clean_text, merged, storable_text, storable_value
from agenteval.logs import redact
from agenteval.net.http_attempt import retryable
from agenteval.net.retry import TransientFailure

ErrorKind = Literal["timeout", "connection", "http_status", "bad_response"]

@dataclass(frozen=True)
class Reply:
    """The target's answer to one user message.

    A text longer than the stored-reply limit (AGENTEVAL_MAX_REPLY_CHARS) is cut
    here, where every channel's reply passes, with a visible marker at the end;
    `truncated` says so to the caller (it is not stored: the marker is). Here too the
    text, raw response and tool calls are made storable (domain/storable_text.py: lone
    surrogates → U+FFFD, NUL removed) and `sanitized` says what was replaced.
    """

    text: str
    latency_ms: int  # the target call only: not the concurrency wait, not earlier failed attempts
    raw: Any = None  # the decoded response as the target sent it (JSON value, frame text …)
    truncated: bool = False
    # openai_chat with tools: the calls the model made on this turn, [{name, arguments}]
    tool_calls: list[dict[str, Any]] | None = None
    sanitized: tuple[str, ...] = ()  # what storable_text replaced (lone_surrogate, nul)

    def __post_init__(self) -> None:
        # A frozen dataclass: object.__setattr__ is the only way to adjust a field here.
        clean, in_text = storable_text(self.text)
        raw, in_raw = storable_value(self.raw)
        calls, in_calls = storable_value(self.tool_calls)
        replaced = merged(self.sanitized, in_text, in_raw, in_calls)
        if replaced:
            object.__setattr__(self, "text", clean)
            object.__setattr__(self, "raw", raw)
            object.__setattr__(self, "tool_calls", calls)
            object.__setattr__(self, "sanitized", replaced)
        text, cut = truncated_reply(self.text)
        if cut:
            object.__setattr__(self, "text", text)
            object.__setattr__(self, "truncated", True)
            if isinstance(self.raw, str):
                object.__setattr__(self, "raw", text)


class ChannelError(TransientFailure):
    """A target failure, classified so callers can store it and carry on.

    `kind` is one of timeout, connection, http_status, bad_response; `message`
    is human readable and quotes a short excerpt of what came back; `status`
    is the HTTP status when there was one.
    """

    def __init__(
        self,
        kind: ErrorKind,
        message: str,
        status: int | None = None,
        retry_after: float | None = None,
        retry_on_timeout: bool = True,
    ) -> None:
        # Stored with the turn and shown to every key: a URL's credentials never in it.
        message = clean_text(redact(message))
        super().__init__(message)
        self.retry_on_timeout = retry_on_timeout  # the target's choice (see net.http_attempt)
        self.kind: ErrorKind = kind
        self.message = message
        self.status = status
        self.retry_after = retry_after  # seconds the target asked us to wait (Retry-After)

    @property
    def retryable(self) -> bool:
        """Transient failures: connection errors, 429 and 5xx; timeouts (and 504) only when
        the target's `retry_on_timeout` allows it."""
        return retryable(self.kind, self.status, self.retry_on_timeout)

    def __repr__(self) -> str:
        return f"ChannelError(kind={self.kind!r}, status={self.status!r}, message={self.message!r})"


@dataclass
class ConversationState:
    """What is persisted to re-open a conversation after a restart or on another process."""

    conversation_id: str | None = None  # the target's own conversation id (e.g. Dify's), if any
    history: list[tuple[str, str]] = field(
        default_factory=list
    )  # completed (user, assistant) exchanges


@dataclass(frozen=True)
class TargetSpec:
    """A target as the channel layer needs it (a subset of the stored Target)."""

    id: str
    channel_type: str
    config: dict
    max_concurrency: int = 8


class Channel(ABC):
    """One conversation with a target. Not safe for concurrent `send`s: callers order them."""

    def __init__(self, state: ConversationState | None = None) -> None:
        state = state or ConversationState()
        self._history: list[tuple[str, str]] = list(state.history)
        self._sends = len(self._history)

    @abstractmethod
    async def send(self, text: str) -> Reply:
        """Send one user message and return the reply; raises `ChannelError`."""

    def supply_tool_results(self, results: dict[str, Any]) -> None:
        """The case's results for the tools the target may call (channels with tools use
        them; the others have no tools, so there is nothing to do)."""
        return None

    async def poll(self) -> Reply | None:
        """A reply that arrived later (for targets that answer asynchronously); None by default."""
        return None

    @property
    def conversation_id(self) -> str | None:
        """The target's conversation id to persist after each send (None when it has none)."""
        return None

    @property
    def state(self) -> ConversationState:
        """The current state, as it would be persisted."""
        return ConversationState(self.conversation_id, list(self._history))

    async def aclose(self) -> None:
        """Release what the conversation holds (sockets); idempotent."""
        return None

    # -- helpers for subclasses ------------------------------------------------
    def _next_turn(self) -> int:
        """The 0-based index of the turn being sent (failed sends count too)."""
        turn = self._sends
        self._sends += 1
        return turn

    def _remember(self, user_text: str, reply_text: str) -> None:
        self._history.append((user_text, reply_text))
