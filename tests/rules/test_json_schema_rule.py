"""json_schema: JSON found in the reply (whole, fenced, embedded) checked against a schema."""

from __future__ import annotations

import pytest

from agenteval.rules import NO_MODELS
from agenteval.rules.model_free.json_schema import JsonSchemaRule
from tests.support.turns import reply_turn

ORDER_SCHEMA = {"type": "object", "required": ["order_id", "items"],
                "properties": {"order_id": {"type": "string"},
                               "items": {"type": "array", "items": {
                                   "type": "object", "properties": {
                                       "price": {"type": "number", "minimum": 0}}}}}}


@pytest.mark.parametrize("reply, passed, source", [
    ('{"order_id": "A1", "items": []}', True, "whole_reply"),
    ('Here it is:\n```json\n{"order_id": "A1", "items": [{"price": 3}]}\n```\nthanks',
     True, "fenced_block"),
    ('订单信息：{"order_id": "A1", "items": []}，请查收', True, "embedded"),
    ('{"order_id": 7, "items": [{"price": -1}]}', False, "whole_reply"),
])
async def test_json_schema(case, reply, passed, source):
    result = await JsonSchemaRule(schema=ORDER_SCHEMA).evaluate(case, [reply_turn(reply)],
                                                                NO_MODELS)
    assert result.passed is passed and result.score == (1.0 if passed else 0.0)
    assert result.detail["found"] and result.detail["source"] == source


async def test_each_violation_is_reported_with_its_path(case):
    reply = '{"order_id": 7, "items": [{"price": -1}]}'
    result = await JsonSchemaRule(schema=ORDER_SCHEMA).evaluate(case, [reply_turn(reply)],
                                                                NO_MODELS)
    assert result.detail["violations"] == [
        {"path": "$.items[0].price", "message": "must be ≥ 0"},
        {"path": "$.order_id", "message": "must be a string"},
    ]


async def test_missing_required_fields_are_reported_by_path(case):
    result = await JsonSchemaRule(schema=ORDER_SCHEMA).evaluate(
        case, [reply_turn('{"items": []}')], NO_MODELS)
    assert result.detail["violations"] == [{"path": "$.order_id", "message": "is required"}]


async def test_a_reply_without_json_fails(case):
    result = await JsonSchemaRule(schema=ORDER_SCHEMA).evaluate(
        case, [reply_turn("sorry, no {json here")], NO_MODELS)
    assert not result.passed
    assert result.detail == {"found": False, "violations": [],
                             "reason": "no JSON found in the reply"}


async def test_an_error_turn_fails(case, error_dialog):
    result = await JsonSchemaRule(schema=True).evaluate(case, error_dialog, NO_MODELS)
    assert not result.passed and "timeout" in result.detail["reason"]
