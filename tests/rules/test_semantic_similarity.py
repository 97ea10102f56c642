"""semantic_similarity: lexical fallback without an EMBEDDING model."""

from __future__ import annotations

import pytest

from agenteval.rules import NO_MODELS
from agenteval.rules.semantic_similarity import SemanticSimilarity
from tests.support.turns import reply_turn

REFERENCE = "您的空调维修已预约成功，师傅明天上午上门"


@pytest.mark.parametrize("reply, min_similarity, passed", [
    (REFERENCE, 0.7, True),
    ("您的空调维修已经预约成功，师傅明天上午会上门。", 0.7, True),
    ("今天天气很好，我们去公园散步吧", 0.7, False),
    ("今天天气很好，我们去公园散步吧", 0.0, True),
])
async def test_semantic_similarity(case, reply, min_similarity, passed):
    rule = SemanticSimilarity(reference=REFERENCE, min_similarity=min_similarity)
    result = await rule.evaluate(case, [reply_turn(reply)], NO_MODELS)
    assert result.passed is passed
    assert result.score == result.detail["similarity"]
    assert result.detail["method"] == "lexical"


async def test_an_error_turn_fails(case, error_dialog):
    result = await SemanticSimilarity(reference="x").evaluate(case, error_dialog, NO_MODELS)
    assert not result.passed and "timeout" in result.detail["reason"]
