"""The eval, run or session a log line is about, carried by context variables.

The actors bind their id at the top of `handle` (one line each). An actor runs
in its own task, so the binding holds for everything that task logs, and for
the tasks it starts afterwards (a run's execution), which copy the context.
"""

from __future__ import annotations

import uuid
from contextvars import ContextVar

_eval_id: ContextVar[str | None] = ContextVar("agenteval_eval_id", default=None)
_run_id: ContextVar[str | None] = ContextVar("agenteval_run_id", default=None)
_session_id: ContextVar[str | None] = ContextVar("agenteval_session_id", default=None)

Id = uuid.UUID | str


def bind(*, eval_id: Id | None = None, run_id: Id | None = None,
         session_id: Id | None = None) -> None:
    """Tag what the current task logs from now on with the ids given."""
    if eval_id is not None:
        _eval_id.set(str(eval_id))
    if run_id is not None:
        _run_id.set(str(run_id))
    if session_id is not None:
        _session_id.set(str(session_id))


def current_ids() -> dict[str, str]:
    """The ids bound in the current context, as `eval_id` / `run_id` / `session_id` keys."""
    ids = {"eval_id": _eval_id.get(), "run_id": _run_id.get(), "session_id": _session_id.get()}
    return {name: value for name, value in ids.items() if value is not None}
