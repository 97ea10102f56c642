"""RestartPolicy / RestartBudget: at most N restarts in any window of T seconds."""

import pytest

from actors.supervision import RestartBudget, RestartPolicy


def test_restart_budget_allows_n_restarts_within_the_window_then_refuses() -> None:
    budget = RestartBudget(RestartPolicy(max_restarts=2, within_seconds=10.0))
    assert budget.try_restart(0.0)
    assert budget.try_restart(1.0)
    assert not budget.try_restart(2.0)


def test_restart_budget_refills_as_old_restarts_leave_the_window() -> None:
    budget = RestartBudget(RestartPolicy(max_restarts=2, within_seconds=10.0))
    assert budget.try_restart(0.0)
    assert budget.try_restart(5.0)
    assert not budget.try_restart(9.0)
    assert budget.try_restart(10.5)  # the restart at 0.0 has left the window
    assert not budget.try_restart(11.0)


def test_zero_restarts_never_restarts() -> None:
    assert not RestartBudget(RestartPolicy(max_restarts=0)).try_restart(0.0)


@pytest.mark.parametrize("kwargs", [{"max_restarts": -1}, {"within_seconds": 0}])
def test_restart_policy_rejects_nonsense(kwargs: dict[str, float]) -> None:
    with pytest.raises(ValueError):
        RestartPolicy(**kwargs)  # type: ignore[arg-type]  # floats for both fields on purpose
