"""n-sample majority vote: ask the judge n times and keep the answer most samples agree on."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass
from typing import Generic, TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class VoteResult(Generic[T]):
    """`winner` is the first sample with the majority key; `agreement` = its votes / n."""

    winner: T
    samples: list[T]
    agreement: float


def _identity(value: T) -> Hashable:
    return value  # only the default when samples are hashable themselves


async def _sample(call: Callable[[int], Awaitable[T]], index: int) -> T:
    return await call(index)  # TaskGroup takes coroutines; `call` may return any awaitable


async def sample_votes(
    n: int,
    call: Callable[[int], Awaitable[T]],
    key: Callable[[T], Hashable] = _identity,
) -> VoteResult[T]:
    """Run `call(sample_index)` for indexes 0..n-1 concurrently and vote by `key`.

    The index lets each sample have its own cache entry (pass it to
    `ModelClient.chat(sample_index=...)`). Ties go to the key seen first, in
    sample order, so the result does not depend on timing. The first failing
    sample fails the vote (the others are cancelled).
    """
    if n < 1:
        raise ValueError("a vote needs at least one sample")
    try:
        async with asyncio.TaskGroup() as group:
            tasks = [group.create_task(_sample(call, index)) for index in range(n)]
    except ExceptionGroup as failures:
        # Callers handle one ModelCallError, not a group: raise the first failure itself.
        raise failures.exceptions[0] from None
    samples = [task.result() for task in tasks]
    counts: dict[Hashable, int] = {}
    first_of: dict[Hashable, T] = {}
    for sample in samples:
        sample_key = key(sample)
        counts[sample_key] = counts.get(sample_key, 0) + 1
        first_of.setdefault(sample_key, sample)
    # max() keeps the first of equal counts, and dicts keep first-seen order.
    winning_key = max(counts, key=lambda k: counts[k])
    return VoteResult(first_of[winning_key], samples, counts[winning_key] / n)
