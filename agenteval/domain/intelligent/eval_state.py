"""The intelligent-evaluation state machines (eval and session) as pure functions.

Statuses and the contract's actions are defined once, here, as `StrEnum`s with the
contract's enum names (`IntelligentEvalStatus`, `EvalAction`, `SessionStatus`):
the API registers these very classes with strawberry, and their members are
strings, as the rows store them. Besides the contract's
actions the eval machine knows two internal ones: START_PLANNING (DRAFT →
PLANNING, right after creation) and FAIL (the watchdog: PLANNING / EXECUTING →
FAILED). `allowed_actions` lists contract actions only, because it backs the
`allowedActions` field clients read.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from agenteval.errors import InvalidTransition


class IntelligentEvalStatus(StrEnum):
    DRAFT = "DRAFT"
    PLANNING = "PLANNING"
    PENDING_APPROVAL = "PENDING_APPROVAL"
    EXECUTING = "EXECUTING"
    COMPLETED = "COMPLETED"
    CANCELLED = "CANCELLED"
    FAILED = "FAILED"


class EvalAction(StrEnum):
    """The contract's actions (START_PLANNING and FAIL are internal: plain strings)."""

    SUBMIT_PLAN = "SUBMIT_PLAN"
    APPROVE = "APPROVE"
    REJECT = "REJECT"
    CANCEL = "CANCEL"
    CREATE_SESSION = "CREATE_SESSION"
    SUBMIT_REPORT = "SUBMIT_REPORT"
    HEARTBEAT = "HEARTBEAT"


class SessionStatus(StrEnum):
    RUNNING = "RUNNING"
    COMPLETED = "COMPLETED"
    FAILED = "FAILED"
    EXPIRED = "EXPIRED"


DRAFT = IntelligentEvalStatus.DRAFT
PLANNING = IntelligentEvalStatus.PLANNING
PENDING_APPROVAL = IntelligentEvalStatus.PENDING_APPROVAL
EXECUTING = IntelligentEvalStatus.EXECUTING
COMPLETED = IntelligentEvalStatus.COMPLETED
CANCELLED = IntelligentEvalStatus.CANCELLED
FAILED = IntelligentEvalStatus.FAILED

TERMINAL_STATUSES = frozenset({COMPLETED, CANCELLED, FAILED})

SUBMIT_PLAN = EvalAction.SUBMIT_PLAN
APPROVE = EvalAction.APPROVE
REJECT = EvalAction.REJECT
CANCEL = EvalAction.CANCEL
CREATE_SESSION = EvalAction.CREATE_SESSION
SUBMIT_REPORT = EvalAction.SUBMIT_REPORT
HEARTBEAT = EvalAction.HEARTBEAT
START_PLANNING = "START_PLANNING"
FAIL = "FAIL"

# The contract's EvalAction values, in the order allowedActions lists them:
# the actions that move the eval forward first, then CANCEL and HEARTBEAT.
CONTRACT_ACTIONS = (SUBMIT_PLAN, APPROVE, REJECT, CREATE_SESSION, SUBMIT_REPORT, CANCEL, HEARTBEAT)
INTERNAL_ACTIONS = (START_PLANNING, FAIL)
EVAL_ACTIONS = CONTRACT_ACTIONS + INTERNAL_ACTIONS

_EVAL_TRANSITIONS: dict[str, dict[str, str]] = {
    # DRAFT only lives for the instant between creation and START_PLANNING;
    # cancelling it is the one thing a client could sensibly ask for.
    DRAFT: {START_PLANNING: PLANNING, CANCEL: CANCELLED},
    PLANNING: {SUBMIT_PLAN: PENDING_APPROVAL, CANCEL: CANCELLED, HEARTBEAT: PLANNING,
               FAIL: FAILED},
    PENDING_APPROVAL: {APPROVE: EXECUTING, REJECT: PLANNING, CANCEL: CANCELLED,
                       HEARTBEAT: PENDING_APPROVAL},
    EXECUTING: {CREATE_SESSION: EXECUTING, SUBMIT_REPORT: COMPLETED, CANCEL: CANCELLED,
                HEARTBEAT: EXECUTING, FAIL: FAILED},
    COMPLETED: {},
    CANCELLED: {},
    FAILED: {},
}

SESSION_RUNNING = SessionStatus.RUNNING
SESSION_COMPLETED = SessionStatus.COMPLETED
SESSION_FAILED = SessionStatus.FAILED
SESSION_EXPIRED = SessionStatus.EXPIRED
SESSION_STATUSES = (SESSION_RUNNING, SESSION_COMPLETED, SESSION_FAILED, SESSION_EXPIRED)

CLOSE = "CLOSE"
EXPIRE = "EXPIRE"
SESSION_ACTIONS = (CLOSE, EXPIRE, FAIL)

_SESSION_TRANSITIONS: dict[str, dict[str, str]] = {
    SESSION_RUNNING: {CLOSE: SESSION_COMPLETED, EXPIRE: SESSION_EXPIRED, FAIL: SESSION_FAILED},
    # An agent may still close an expired session with its verdict.
    SESSION_EXPIRED: {CLOSE: SESSION_COMPLETED},
    SESSION_COMPLETED: {},
    SESSION_FAILED: {},
}


def _name(value: Any) -> str:
    """Accept a plain string or a (str-valued) enum member, e.g. a strawberry enum."""
    return str(getattr(value, "value", value))


def _eval_row(status: Any) -> dict[str, str]:
    try:
        return _EVAL_TRANSITIONS[_name(status)]
    except KeyError:
        raise ValueError(f"unknown eval status {status!r}") from None


def allowed_actions(status: Any) -> list[str]:
    """The contract actions an eval in `status` accepts (empty when terminal)."""
    row = _eval_row(status)
    return [action for action in CONTRACT_ACTIONS if action in row]


def next_status(status: Any, action: Any) -> str:
    """The status after `action`; InvalidTransition when `status` refuses it.

    HEARTBEAT and CREATE_SESSION keep the status. An unknown status or action
    is a programming error (ValueError), not a client error.
    """
    status, action = _name(status), _name(action)
    row = _eval_row(status)
    if action not in EVAL_ACTIONS:
        raise ValueError(f"unknown eval action {action!r}")
    if action not in row:
        raise InvalidTransition(
            f"cannot {action} an eval that is {status}", status=status,
            allowed=allowed_actions(status),
        )
    return row[action]


def is_terminal(status: Any) -> bool:
    """True for COMPLETED, CANCELLED and FAILED: nothing changes any more."""
    _eval_row(status)
    return _name(status) in TERMINAL_STATUSES


def _session_row(status: Any) -> dict[str, str]:
    try:
        return _SESSION_TRANSITIONS[_name(status)]
    except KeyError:
        raise ValueError(f"unknown session status {status!r}") from None


def session_allowed_actions(status: Any) -> list[str]:
    """The session actions (CLOSE, EXPIRE, FAIL) a session in `status` accepts."""
    row = _session_row(status)
    return [action for action in SESSION_ACTIONS if action in row]


def session_next_status(status: Any, action: Any) -> str:
    """The session status after CLOSE, EXPIRE or FAIL; InvalidTransition otherwise."""
    status, action = _name(status), _name(action)
    row = _session_row(status)
    if action not in SESSION_ACTIONS:
        raise ValueError(f"unknown session action {action!r}")
    if action not in row:
        raise InvalidTransition(
            f"cannot {action} a session that is {status}", status=status,
            allowed=session_allowed_actions(status),
        )
    return row[action]


def session_accepts_messages(status: Any) -> bool:
    """Only a RUNNING session talks to the target."""
    _session_row(status)
    return _name(status) == SESSION_RUNNING
