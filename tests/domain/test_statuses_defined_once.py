"""The state machines' statuses exist once: the API's GraphQL enums are the domain's."""

from __future__ import annotations

from agenteval.api.types import enums
from agenteval.domain.intelligent import eval_state
from agenteval.domain.static import run_state


def test_the_contract_status_enums_are_the_domain_enums() -> None:
    assert enums.IntelligentEvalStatus is eval_state.IntelligentEvalStatus
    assert enums.SessionStatus is eval_state.SessionStatus
    assert enums.EvalAction is eval_state.EvalAction
    assert enums.RunStatus is run_state.RunStatus


def test_the_domain_constants_are_members_and_strings() -> None:
    assert eval_state.EXECUTING == "EXECUTING" and isinstance(eval_state.EXECUTING, str)
    assert set(eval_state.EvalAction) == set(eval_state.CONTRACT_ACTIONS)
    assert set(run_state.RunStatus) == set(run_state.RUN_STATUSES)
    assert set(eval_state.SessionStatus) == set(eval_state.SESSION_STATUSES)
