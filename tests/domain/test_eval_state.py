"""The intelligent-eval and session state machines, every status × every action."""

from __future__ import annotations

import pytest

from agenteval.domain.intelligent.eval_state import (
    allowed_actions,
    is_terminal,
    next_status,
    session_accepts_messages,
    session_allowed_actions,
    session_next_status,
)
from agenteval.errors import InvalidTransition

STATUSES = ["DRAFT", "PLANNING", "PENDING_APPROVAL", "EXECUTING", "COMPLETED", "CANCELLED",
            "FAILED"]
CONTRACT_ACTIONS = ["SUBMIT_PLAN", "APPROVE", "REJECT", "CANCEL", "CREATE_SESSION",
                    "SUBMIT_REPORT", "HEARTBEAT"]
ALL_ACTIONS = CONTRACT_ACTIONS + ["START_PLANNING", "FAIL"]

# Written out by hand from docs/design.md "State machines", independent of the code.
EXPECTED = {
    ("DRAFT", "START_PLANNING"): "PLANNING",
    ("DRAFT", "CANCEL"): "CANCELLED",
    ("PLANNING", "SUBMIT_PLAN"): "PENDING_APPROVAL",
    ("PLANNING", "CANCEL"): "CANCELLED",
    ("PLANNING", "HEARTBEAT"): "PLANNING",
    ("PLANNING", "FAIL"): "FAILED",
    ("PENDING_APPROVAL", "APPROVE"): "EXECUTING",
    ("PENDING_APPROVAL", "REJECT"): "PLANNING",
    ("PENDING_APPROVAL", "CANCEL"): "CANCELLED",
    ("PENDING_APPROVAL", "HEARTBEAT"): "PENDING_APPROVAL",
    ("EXECUTING", "CREATE_SESSION"): "EXECUTING",
    ("EXECUTING", "SUBMIT_REPORT"): "COMPLETED",
    ("EXECUTING", "CANCEL"): "CANCELLED",
    ("EXECUTING", "HEARTBEAT"): "EXECUTING",
    ("EXECUTING", "FAIL"): "FAILED",
}

EXPECTED_ALLOWED = {
    "DRAFT": ["CANCEL"],
    "PLANNING": ["SUBMIT_PLAN", "CANCEL", "HEARTBEAT"],
    "PENDING_APPROVAL": ["APPROVE", "REJECT", "CANCEL", "HEARTBEAT"],
    "EXECUTING": ["CREATE_SESSION", "SUBMIT_REPORT", "CANCEL", "HEARTBEAT"],
    "COMPLETED": [],
    "CANCELLED": [],
    "FAILED": [],
}


@pytest.mark.parametrize("status", STATUSES)
def test_allowed_actions_are_the_contract_actions_the_status_accepts(status):
    assert allowed_actions(status) == EXPECTED_ALLOWED[status]


@pytest.mark.parametrize("status", STATUSES)
@pytest.mark.parametrize("action", ALL_ACTIONS)
def test_every_status_and_action_is_either_a_transition_or_invalid(status, action):
    if (status, action) in EXPECTED:
        assert next_status(status, action) == EXPECTED[(status, action)]
        return
    with pytest.raises(InvalidTransition) as caught:
        next_status(status, action)
    error = caught.value
    assert error.code == "INVALID_TRANSITION"
    assert error.details == {"status": status, "allowed": EXPECTED_ALLOWED[status]}
    assert error.message == f"cannot {action} an eval that is {status}"


@pytest.mark.parametrize("status", STATUSES)
def test_every_allowed_action_has_a_transition(status):
    for action in allowed_actions(status):
        next_status(status, action)


def test_heartbeat_on_a_terminal_eval_tells_the_agent_to_stop():
    with pytest.raises(InvalidTransition) as caught:
        next_status("COMPLETED", "HEARTBEAT")
    assert caught.value.details["allowed"] == []


def test_terminal_statuses():
    assert [s for s in STATUSES if is_terminal(s)] == ["COMPLETED", "CANCELLED", "FAILED"]


def test_unknown_status_or_action_is_a_programming_error_not_a_client_error():
    with pytest.raises(ValueError):
        next_status("RUNNING", "CANCEL")
    with pytest.raises(ValueError):
        next_status("PLANNING", "DANCE")
    with pytest.raises(ValueError):
        allowed_actions("nope")


def test_str_valued_enum_members_are_accepted():
    from enum import Enum

    class Status(Enum):
        PLANNING = "PLANNING"

    class Action(Enum):
        SUBMIT_PLAN = "SUBMIT_PLAN"

    assert next_status(Status.PLANNING, Action.SUBMIT_PLAN) == "PENDING_APPROVAL"
    assert allowed_actions(Status.PLANNING) == EXPECTED_ALLOWED["PLANNING"]


SESSION_STATUSES = ["RUNNING", "COMPLETED", "FAILED", "EXPIRED"]
SESSION_ACTIONS = ["CLOSE", "EXPIRE", "FAIL"]
SESSION_EXPECTED = {
    ("RUNNING", "CLOSE"): "COMPLETED",
    ("RUNNING", "EXPIRE"): "EXPIRED",
    ("RUNNING", "FAIL"): "FAILED",
    ("EXPIRED", "CLOSE"): "COMPLETED",
}


@pytest.mark.parametrize("status", SESSION_STATUSES)
@pytest.mark.parametrize("action", SESSION_ACTIONS)
def test_every_session_status_and_action(status, action):
    if (status, action) in SESSION_EXPECTED:
        assert session_next_status(status, action) == SESSION_EXPECTED[(status, action)]
        return
    with pytest.raises(InvalidTransition) as caught:
        session_next_status(status, action)
    allowed = [a for a in SESSION_ACTIONS if (status, a) in SESSION_EXPECTED]
    assert caught.value.details == {"status": status, "allowed": allowed}
    assert session_allowed_actions(status) == allowed
    assert caught.value.message == f"cannot {action} a session that is {status}"


def test_only_a_running_session_accepts_messages():
    assert [s for s in SESSION_STATUSES if session_accepts_messages(s)] == ["RUNNING"]
