"""The run state machine: QUEUED → RUNNING → COMPLETED | CANCELLED | FAILED."""

from __future__ import annotations

import pytest

from agenteval.domain.static import run_state
from agenteval.errors import InvalidTransition


def test_a_run_is_started_then_completed() -> None:
    running = run_state.next_status(run_state.QUEUED, run_state.START)
    assert running == run_state.RUNNING
    assert run_state.next_status(running, run_state.COMPLETE) == run_state.COMPLETED


@pytest.mark.parametrize("status", [run_state.QUEUED, run_state.RUNNING])
def test_a_queued_or_running_run_can_be_cancelled_or_failed(status: str) -> None:
    assert run_state.next_status(status, run_state.CANCEL) == run_state.CANCELLED
    assert run_state.next_status(status, run_state.FAIL) == run_state.FAILED


def test_a_queued_run_cannot_complete_without_running() -> None:
    with pytest.raises(InvalidTransition) as caught:
        run_state.next_status(run_state.QUEUED, run_state.COMPLETE)
    assert caught.value.details == {"status": "QUEUED", "allowed": ["START", "CANCEL", "FAIL"]}


@pytest.mark.parametrize("status", sorted(run_state.TERMINAL_STATUSES))
def test_an_ended_run_refuses_everything_and_says_so(status: str) -> None:
    assert run_state.is_terminal(status)
    with pytest.raises(InvalidTransition) as caught:
        run_state.next_status(status, run_state.CANCEL)
    assert caught.value.details == {"status": status, "allowed": []}


def test_unknown_statuses_and_actions_are_programming_errors() -> None:
    with pytest.raises(ValueError):
        run_state.next_status("PAUSED", run_state.START)
    with pytest.raises(ValueError):
        run_state.next_status(run_state.QUEUED, "PAUSE")
    assert not run_state.is_terminal(run_state.RUNNING)
