"""Each subscription event is rendered once per process, however many watch it.

A stored eval event or session message is the same for every subscriber that asked
for it with the same document, variables and role, so the GraphQL execution of the
subscription's selection for one event (graphql-core's per-event execution: the
largest part of a delivery's CPU after the socket write) runs once; the other
subscribers get the same result (read-only), and only their own `next` message is
built around it. Results with errors are never shared (each subscriber gets its own,
coded for it), and nothing is shared across roles. Rows are immutable once stored;
a nested live field (a message's `eval`) may be up to SHARE_TTL_S older for a later
subscriber, as if it had been delivered that much earlier.
"""

from __future__ import annotations

import json
import time
from collections import OrderedDict
from collections.abc import Awaitable
from contextvars import ContextVar
from inspect import isawaitable
from typing import Any

from graphql import ExecutionResult, OperationType
from strawberry.schema.schema import StrawberryGraphQLCoreExecutionContext

from agenteval.api.types.intelligent.intelligent_event import EvalEvent
from agenteval.api.types.intelligent.intelligent_session import Message

SHAREABLE = (EvalEvent, Message)
SHARE_TTL_S = 5.0
MAX_SHARED = 4096

# key → (when, result, the operation node: kept so that its id in the key is not reused)
_shared: OrderedDict[tuple[Any, ...], tuple[float, ExecutionResult, Any]] = OrderedDict()


# The executor of the subscription this task is starting: the fan-out hub
# (api/subscriptions/fanout.py) executes each event with a copy of it, as graphql-core would.
subscribing: ContextVar[Any] = ContextVar("subscribing", default=None)


def _role(context: Any) -> str | None:
    key = getattr(context, "_key", None)
    return getattr(key, "role", None)


def _share(key: tuple[Any, ...], result: ExecutionResult, operation: Any) -> None:
    if result.errors:
        return
    _shared[key] = (time.monotonic(), result, operation)
    while len(_shared) > MAX_SHARED:
        _shared.popitem(last=False)


def _shared_result(key: tuple[Any, ...]) -> ExecutionResult | None:
    entry = _shared.get(key)
    if entry is None:
        return None
    if time.monotonic() - entry[0] > SHARE_TTL_S:
        del _shared[key]
        return None
    return entry[1]


def forget_all() -> None:
    """Drop every shared result (tests switching databases)."""
    _shared.clear()


def execute_event(executor: Any, payload: Any) -> Any:
    """`payload` executed as a subscription event of `executor`'s operation (a result, or
    an awaitable of one): graphql-core's per-event execution, shared as below."""
    return executor.build_per_event_executor(payload).execute_operation(False)


def group_key(executor: Any) -> tuple[Any, ...] | None:
    """What makes two subscribers' results for one event the same: the operation, the
    variables and the role (None: not shareable)."""
    if not isinstance(executor, SharedEventResults):
        return None
    key = executor._share_key(payload_check=False)
    return None if key is None else key[2:]


class SharedEventResults(StrawberryGraphQLCoreExecutionContext):
    """strawberry's execution context, executing a subscription event once per process."""

    def build_resolve_info(self, *args: Any, **kwargs: Any) -> Any:
        if self.operation.operation == OperationType.SUBSCRIPTION \
                and not isinstance(self.root_value, SHAREABLE):  # starting, not an event
            subscribing.set(self)
        return super().build_resolve_info(*args, **kwargs)

    def _share_key(self, payload_check: bool = True) -> tuple[Any, ...] | None:
        payload = self.root_value
        if (payload_check and not isinstance(payload, SHAREABLE)) or \
                self.operation.operation != OperationType.SUBSCRIPTION:
            return None
        role = _role(self.context_value)
        if role is None:
            return None
        coerced = self.variable_values.coerced
        try:  # ids and cursors: hashable as they are (JSON only for nested values)
            variables: Any = frozenset(coerced.items())
        except TypeError:
            try:
                variables = json.dumps(coerced, sort_keys=True, default=str)
            except (TypeError, ValueError):
                return None
        return (type(payload).__name__, getattr(payload, "id", None), id(self.operation),
                variables, role)

    def execute_operation(self, serially: bool | None = None) -> Any:
        key = self._share_key()
        if key is None:
            return super().execute_operation(serially)
        shared = _shared_result(key)
        if shared is not None:
            return shared
        result = super().execute_operation(serially)
        if isinstance(result, ExecutionResult):
            _share(key, result, self.operation)
            return result
        if isawaitable(result):
            return self._shared_when_done(key, result)
        return result

    async def _shared_when_done(self, key: tuple[Any, ...], pending: Awaitable[Any]) -> Any:
        result = await pending
        if isinstance(result, ExecutionResult):
            _share(key, result, self.operation)
        return result
