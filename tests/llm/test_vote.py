"""n-sample majority vote."""

from __future__ import annotations

import pytest

from agenteval.llm import InMemoryResponseCache, ModelCallError, sample_votes
from tests.support.fake_llm_server import FakeLLMServer, Respond

SCHEMA = {"type": "object", "required": ["verdict"]}
PROMPT = [{"role": "user", "content": "Judge. Answer in JSON."}]


async def test_two_of_three_samples_agree(server: FakeLLMServer, make_client) -> None:
    answers = iter(['{"verdict": "pass", "why": "a"}', '{"verdict": "fail", "why": "b"}',
                    '{"verdict": "pass", "why": "c"}'])
    server.responders["chat"] = lambda body: next(answers)
    client = make_client()
    cache = InMemoryResponseCache()

    vote = await sample_votes(
        3, lambda index: client.chat(PROMPT, json_schema=SCHEMA, cache=cache,
                                     sample_index=index),
        key=lambda result: result.data["verdict"])

    assert vote.winner.data["verdict"] == "pass"
    assert vote.agreement == pytest.approx(2 / 3)
    assert len(vote.samples) == 3
    assert len(server.requests) == 3
    assert len(cache.entries) == 3  # the sample index keeps cached samples apart


async def test_ties_go_to_the_first_sample_order() -> None:
    async def answer(index: int) -> str:
        return ["b", "a", "a", "b"][index]

    vote = await sample_votes(4, answer)

    assert (vote.winner, vote.agreement) == ("b", 0.5)


async def test_one_sample_is_a_plain_call() -> None:
    async def answer(index: int) -> str:
        return f"only {index}"

    vote = await sample_votes(1, answer)

    assert (vote.winner, vote.samples, vote.agreement) == ("only 0", ["only 0"], 1.0)


async def test_a_failing_sample_fails_the_vote_with_its_own_error(server: FakeLLMServer,
                                                                  make_client) -> None:
    server.script("chat", Respond(status=400))
    client = make_client()

    with pytest.raises(ModelCallError):
        await sample_votes(2, lambda index: client.chat(PROMPT, sample_index=index))
