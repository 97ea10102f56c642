"""An actor that cannot answer now is UNAVAILABLE ("try again shortly"), never a masked INTERNAL."""

from __future__ import annotations

import pytest
from graphql import GraphQLError

from actors import ActorFailed, ActorStopped
from agenteval.api.errors import with_contract_code
from agenteval.errors import Unavailable


@pytest.mark.parametrize("cause", [
    ActorStopped(("session", "s1")),
    ActorFailed(("session", "s1"), ConnectionError("password=hunter2 database unreachable")),
    TimeoutError(),
])
def test_actor_stopped_failed_or_timed_out_is_unavailable_without_its_text(
        cause: Exception) -> None:
    coded = with_contract_code(GraphQLError("raw", original_error=cause))
    assert coded.extensions == {"code": "UNAVAILABLE"}
    assert "try again shortly" in coded.message
    assert "hunter2" not in coded.message and "s1" not in coded.message


def test_unavailable_raised_by_the_engine_keeps_its_code() -> None:
    coded = with_contract_code(GraphQLError("x", original_error=Unavailable()))
    assert coded.extensions == {"code": "UNAVAILABLE"}
