"""Embeddings and moderations."""

from __future__ import annotations

import math

import pytest

from agenteval.llm import ModelCallError
from tests.support.fake_llm_server import FakeLLMServer, moderation_body


def cosine(a: list[float], b: list[float]) -> float:
    return sum(x * y for x, y in zip(a, b, strict=True)) / math.hypot(*a) / math.hypot(*b)


async def test_embeddings_come_back_in_input_order(server: FakeLLMServer, make_client) -> None:
    client = make_client(role="EMBEDDING", model="embedder")
    texts = ["我家空调坏了", "我家的空调坏了", "refund policy"]

    vectors = await client.embed(texts)

    assert len(vectors) == 3
    assert cosine(vectors[0], vectors[1]) > cosine(vectors[0], vectors[2])
    assert server.requests[0].body == {"model": "embedder", "input": texts}
    assert client.usage_totals["prompt_tokens"] == sum(len(text) for text in texts)


async def test_embeddings_are_reordered_by_index(server: FakeLLMServer, make_client) -> None:
    server.script("embeddings", {"data": [{"index": 1, "embedding": [0, 1]},
                                          {"index": 0, "embedding": [1, 0]}]})

    vectors = await make_client(role="EMBEDDING").embed(["a", "b"])

    assert vectors == [[1.0, 0.0], [0.0, 1.0]]


async def test_no_texts_make_no_call(server: FakeLLMServer, make_client) -> None:
    assert await make_client(role="EMBEDDING").embed([]) == []
    assert server.requests == []


async def test_a_short_embedding_answer_is_a_bad_response(server: FakeLLMServer,
                                                          make_client) -> None:
    server.script("embeddings", {"data": [{"index": 0, "embedding": [1, 0]}]})

    with pytest.raises(ModelCallError) as caught:
        await make_client(role="EMBEDDING").embed(["a", "b"])

    assert caught.value.kind == "bad_response"
    assert "1 embeddings for 2 texts" in caught.value.message


async def test_moderation_not_flagged_by_default(server: FakeLLMServer, make_client) -> None:
    result = await make_client(role="MODERATION").moderate("hello")

    assert result.flagged is False
    assert result.categories and not any(result.categories.values())
    assert server.requests_to("moderations")[0].body["input"] == "hello"


async def test_moderation_flags_categories_with_scores(server: FakeLLMServer,
                                                       make_client) -> None:
    server.script("moderations", moderation_body({"violence": 0.93}))

    result = await make_client(role="MODERATION").moderate("...")

    assert result.flagged is True
    assert result.categories["violence"] is True and result.categories["hate"] is False
    assert result.scores["violence"] == pytest.approx(0.93)
