"""The static run state machine as pure functions (modelled on `eval_state`).

QUEUED → RUNNING (START) → COMPLETED (COMPLETE); CANCEL and FAIL end a
queued or running run. Statuses are the contract's `RunStatus`, defined once here
(a `StrEnum` the API registers with strawberry; its members are strings). There
is no client-facing list of run actions, so `allowed_actions` backs only the
`allowed` detail of an INVALID_TRANSITION error.
"""

from __future__ import annotations

from enum import StrEnum

from agenteval.errors import InvalidTransition


class RunStatus(StrEnum):
    QUEUED = "QUEUED"
    RUNNING = "RUNNING"
    COMPLETED = "COMPLETED"
    CANCELLED = "CANCELLED"
    FAILED = "FAILED"


QUEUED = RunStatus.QUEUED
RUNNING = RunStatus.RUNNING
COMPLETED = RunStatus.COMPLETED
CANCELLED = RunStatus.CANCELLED
FAILED = RunStatus.FAILED

RUN_STATUSES = (QUEUED, RUNNING, COMPLETED, CANCELLED, FAILED)
ACTIVE_STATUSES = (QUEUED, RUNNING)
TERMINAL_STATUSES = frozenset({COMPLETED, CANCELLED, FAILED})

START = "START"
COMPLETE = "COMPLETE"
CANCEL = "CANCEL"
FAIL = "FAIL"

RUN_ACTIONS = (START, COMPLETE, CANCEL, FAIL)

_TRANSITIONS: dict[str, dict[str, str]] = {
    QUEUED: {START: RUNNING, CANCEL: CANCELLED, FAIL: FAILED},
    RUNNING: {COMPLETE: COMPLETED, CANCEL: CANCELLED, FAIL: FAILED},
    COMPLETED: {},
    CANCELLED: {},
    FAILED: {},
}


def _row(status: str) -> dict[str, str]:
    try:
        return _TRANSITIONS[status]
    except KeyError:
        raise ValueError(f"unknown run status {status!r}") from None


def allowed_actions(status: str) -> list[str]:
    """The actions a run in `status` accepts, in RUN_ACTIONS order."""
    row = _row(status)
    return [action for action in RUN_ACTIONS if action in row]


def next_status(status: str, action: str) -> str:
    """The status after `action`; InvalidTransition (status, allowed) when refused.

    An unknown status or action is a programming error (ValueError).
    """
    row = _row(status)
    if action not in RUN_ACTIONS:
        raise ValueError(f"unknown run action {action!r}")
    if action not in row:
        raise InvalidTransition(f"cannot {action} a run that is {status}", status=status,
                                allowed=allowed_actions(status))
    return row[action]


def is_terminal(status: str) -> bool:
    """True for COMPLETED, CANCELLED and FAILED: nothing changes any more."""
    _row(status)
    return status in TERMINAL_STATUSES
