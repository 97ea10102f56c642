"""Errors raised by the actor runtime to the code that talks to actors."""

from __future__ import annotations

from collections.abc import Hashable


class ActorError(Exception):
    """Base class of every error raised by the actor runtime itself."""


class ActorStopped(ActorError):
    """The actor is stopping or stopped: the message was not (and will not be) handled."""

    def __init__(self, key: Hashable, message: str | None = None) -> None:
        super().__init__(message or f"actor {key!r} is stopped")
        self.key = key


class ActorFailed(ActorStopped):
    """The actor crashed more often than its restart policy allows and was given up on.

    A subclass of `ActorStopped` because a failed actor handles nothing more either;
    `cause` is the exception of the last crash.
    """

    def __init__(self, key: Hashable, cause: BaseException) -> None:
        super().__init__(key, f"actor {key!r} failed: {cause!r}")
        self.cause = cause
        self.__cause__ = cause


class MailboxFull(ActorError):
    """`tell_nowait` found the actor's bounded mailbox full."""

    def __init__(self, key: Hashable, maxsize: int) -> None:
        super().__init__(f"mailbox of actor {key!r} is full ({maxsize} messages)")
        self.key = key
        self.maxsize = maxsize
