"""Typed asks: a message class says what its answer is, so `ask` returns that type.

    @dataclass(frozen=True)
    class GetCount(Ask[int]): ...

    count = await ref.ask(GetCount())   # mypy and readers know: an int

The runtime does not check the answer (an actor's `handle` stays `Any` → `Any`);
the type is the message's promise, kept by its actor's handler — in the spirit of
pykka's typed proxies and Orleans' grain interfaces. Untyped messages still work.
"""

from __future__ import annotations

from typing import Generic, TypeVar

R = TypeVar("R", covariant=True)


class Ask(Generic[R]):
    """Base of a message whose answer is an `R`."""

    __slots__ = ()
