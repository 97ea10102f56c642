"""An actor that cannot answer now is UNAVAILABLE ("try again shortly"), never a masked
INTERNAL: the engine says so in one place (engine/asks.py), for both systems."""

from __future__ import annotations

import pytest
from graphql import GraphQLError

from actors import ActorFailed, ActorStopped, OwnerBusy, OwnershipLost, VersionConflict
from agenteval.api.errors import with_contract_code
from agenteval.engine.asks import answered
from agenteval.errors import Conflict, Unavailable


async def _raise(cause: Exception) -> None:
    raise cause


@pytest.mark.parametrize("cause", [
    ActorStopped(("session", "s1")),
    ActorFailed(("session", "s1"), ConnectionError("password=hunter2 database unreachable")),
    TimeoutError(),
])
async def test_actor_stopped_failed_or_timed_out_is_unavailable_without_its_text(
        cause: Exception) -> None:
    with pytest.raises(Unavailable) as raised:
        await answered(_raise(cause))
    coded = with_contract_code(GraphQLError(str(raised.value), original_error=raised.value))
    assert coded.extensions == {"code": "UNAVAILABLE"}
    assert "try again shortly" in coded.message
    assert "hunter2" not in coded.message and "s1" not in coded.message


async def test_another_process_turn_in_flight_is_unavailable_to_retry_with_the_same_key(
        ) -> None:
    with pytest.raises(Unavailable, match="same idempotency key"):
        await answered(_raise(OwnerBusy("session:s1")))


async def test_another_process_eval_command_in_flight_is_unavailable_to_retry_shortly(
        ) -> None:
    with pytest.raises(Unavailable, match="command on this eval") as raised:
        await answered(_raise(OwnerBusy("eval:e1")))
    assert "idempotency" not in raised.value.message


async def test_a_write_refused_to_a_lost_owner_is_unavailable() -> None:
    with pytest.raises(Unavailable, match="try again shortly"):
        await answered(_raise(OwnershipLost("eval:e1")))


async def test_a_row_that_kept_changing_through_the_retries_is_a_conflict() -> None:
    with pytest.raises(Conflict, match="intelligent eval e1 kept changing"):
        await answered(_raise(VersionConflict("intelligent eval e1")))


def test_unavailable_raised_by_the_engine_keeps_its_code() -> None:
    coded = with_contract_code(GraphQLError("x", original_error=Unavailable()))
    assert coded.extensions == {"code": "UNAVAILABLE"}


def test_a_timeout_reaching_the_api_is_unavailable_too() -> None:
    coded = with_contract_code(GraphQLError("raw", original_error=TimeoutError()))
    assert coded.extensions == {"code": "UNAVAILABLE"}
