"""Typed asks: a message class says what its answer is, so `ask` returns that type; an
owned kind's key says which messages its entities take.

    @dataclass(frozen=True)
    class GetCount(Ask[int]): ...

    count = await ref.ask(GetCount())   # mypy and readers know: an int

The runtime does not check the answer (an actor's `handle` stays `Any` → `Any`);
the type is the message's promise, kept by its actor's handler — in the spirit of
pykka's typed proxies and Orleans' grain interfaces. Untyped messages still work.

    class CounterMessage(Ask[R]): ...                      # what a counter takes
    COUNTER = EntityTypeKey[CounterMessage[Any]]("counter")
    await owned.ask(COUNTER, "1", GetCount())    # a GetCount must be a CounterMessage

`EntityTypeKey[M]` is Akka Typed's EntityTypeKey: the kind's name (it is that string,
so leases, tables and logs keep spelling it as before) together with the type of the
messages its entities take, which `OwnedSystem.ask` holds the message to. A kind that
takes no messages (background work) is an `EntityTypeKey[Never]`: asking it is a type
error.
"""

from __future__ import annotations

from typing import Generic, TypeVar

R = TypeVar("R", covariant=True)
M = TypeVar("M", contravariant=True)


class Ask(Generic[R]):
    """Base of a message whose answer is an `R`."""

    __slots__ = ()


class EntityTypeKey(str, Generic[M]):
    """An owned kind's name, typed with the messages (`M`) its entities take."""

    __slots__ = ()
