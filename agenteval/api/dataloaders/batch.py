"""The two shapes every loader here takes: one row per key, or a list of rows per key.

Loaders batch but do not cache (`cache=False`): a mutation document runs its
fields one after another, and a cached row would show the second field what
the first one loaded before it changed the row. A page's relations are still
read with one statement per loader, which is what batching is for.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Hashable, Mapping, Sequence
from typing import TypeVar

from strawberry.dataloader import DataLoader

from agenteval.errors import NotFound

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


def one_per_key(load_many: Callable[[Sequence[K]], Awaitable[Mapping[K, V]]],
                what: str) -> DataLoader[K, V]:
    """A loader of required rows: a missing one fails only the field that asked for it."""
    async def load(keys: list[K]) -> list[V | BaseException]:
        found = await load_many(keys)
        return [found[key] if key in found else NotFound(f"{what} {key} does not exist")
                for key in keys]

    return DataLoader(load_fn=load, cache=False)


def list_per_key(load_many: Callable[[Sequence[K]], Awaitable[Mapping[K, list[V]]]]
                 ) -> DataLoader[K, list[V]]:
    """A loader of child rows (an empty list for a key without any)."""
    async def load(keys: list[K]) -> list[list[V] | BaseException]:
        found = await load_many(keys)
        return [found.get(key, []) for key in keys]

    return DataLoader(load_fn=load, cache=False)
