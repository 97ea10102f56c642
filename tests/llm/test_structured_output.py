"""Structured outputs: the JSON Schema sent in the form the endpoint accepts, found by `auto`."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from agenteval.llm import ModelCallError, ModelClient, ModelEndpoint
from agenteval.llm.structured_output import detected_form, forget_all, strict_problems
from tests.support.fake_llm_server import FakeLLMServer, Respond, chat_completion

SCHEMA = {
    "type": "object", "additionalProperties": False, "required": ["intent", "why"],
    "properties": {"intent": {"type": "string", "enum": ["booking", "other"]},
                   "why": {"type": ["string", "null"]}},
}
PROMPT = [{"role": "user", "content": "Classify. Answer in JSON."}]
ANSWER = '{"intent": "booking", "why": null}'


@pytest.fixture(autouse=True)
def fresh_detection():
    forget_all()
    yield
    forget_all()


def llama_cpp_like(body: Any) -> Any:
    """llama.cpp's server: OpenAI's json_schema form is an error (HTTP 500), its own form
    `{"type": "json_object", "schema": …}` works."""
    response_format = body.get("response_format") or {}
    if response_format.get("type") == "json_schema":
        return Respond(status=500, body={"error": {"code": 500, "message":
                                                   "Unrecognized response_format type"}})
    return ANSWER


def client_of(server: FakeLLMServer, **params: Any) -> ModelClient:
    return ModelClient(ModelEndpoint(role="JUDGE", model="smollm2", base_url=server.url,
                                     params={"backoff_s": 0.01, "timeout_s": 2, **params}))


async def test_auto_falls_back_to_the_llama_cpp_form_and_remembers_it(caplog) -> None:
    caplog.set_level(logging.INFO, logger="agenteval.llm.structured_output")
    async with FakeLLMServer(chat=llama_cpp_like) as server:
        async with client_of(server) as client:
            first = await client.chat(PROMPT, json_schema=SCHEMA, schema_name="intent")
            second = await client.chat(PROMPT, json_schema=SCHEMA)
        async with client_of(server) as other_client:  # the memory is per process, not client
            await other_client.chat(PROMPT, json_schema=SCHEMA)

        sent = [request.body.get("response_format") for request in server.requests]
        assert sent == [
            {"type": "json_schema", "json_schema": {"name": "intent", "schema": SCHEMA,
                                                    "strict": True}},
            {"type": "json_object", "schema": SCHEMA},  # the refusal was not retried
            {"type": "json_object", "schema": SCHEMA},
            {"type": "json_object", "schema": SCHEMA},
        ]
        assert first.data == second.data == {"intent": "booking", "why": None}
        assert first.structured_output == "json_object_schema"
        assert detected_form(client.endpoint) == "json_object_schema"
        infos = [r.getMessage() for r in caplog.records if r.levelno == logging.INFO]
        assert infos == [f"JUDGE model smollm2 at {server.url}: structured output sent as "
                         "json_object_schema"]


async def test_auto_goes_down_to_json_object_when_the_schema_forms_are_refused() -> None:
    def old_server(body: Any) -> Any:
        if "schema" in (body.get("response_format") or {}) or \
                (body.get("response_format") or {}).get("type") == "json_schema":
            return Respond(status=400, body={"error": "response_format: unknown field"})
        return ANSWER

    async with FakeLLMServer(chat=old_server) as server, client_of(server) as client:
        result = await client.chat(PROMPT, json_schema=SCHEMA)
    assert result.structured_output == "json_object"
    assert [r.body["response_format"]["type"] for r in server.requests] == [
        "json_schema", "json_object", "json_object"]


async def test_a_configured_form_is_sent_as_it_is_and_its_refusal_is_the_error() -> None:
    async with FakeLLMServer(chat=llama_cpp_like) as server:
        async with client_of(server, structured_output="json_schema", retries=0) as client:
            with pytest.raises(ModelCallError) as caught:
                await client.chat(PROMPT, json_schema=SCHEMA)
        assert caught.value.status == 500 and len(server.requests) == 1
        async with client_of(server, structured_output="none") as plain:
            await plain.chat(PROMPT, json_schema=SCHEMA)
        assert "response_format" not in server.requests[-1].body


async def test_a_server_that_is_down_is_not_mistaken_for_a_refusal() -> None:
    async with FakeLLMServer() as server, client_of(server) as client:
        server.script("chat", Respond(status=503, body={"error": "loading model"}),
                      Respond(status=401, body={"error": "bad key"}))
        with pytest.raises(ModelCallError) as caught:
            await client.chat(PROMPT, json_schema=SCHEMA)
    assert caught.value.status == 401  # the 503 was retried with the same form, not skipped
    assert [r.body["response_format"]["type"] for r in server.requests] == [
        "json_schema", "json_schema"]
    assert detected_form(client.endpoint) is None


async def test_an_answer_cut_at_max_tokens_is_reported_as_cut_not_as_invalid_json() -> None:
    cut = chat_completion('{"intent": "boo')
    cut["choices"][0]["finish_reason"] = "length"
    async with FakeLLMServer() as server, client_of(server, max_tokens=5) as client:
        server.script("chat", cut)
        with pytest.raises(ModelCallError) as caught:
            await client.chat(PROMPT, json_schema=SCHEMA)
    assert caught.value.kind == "cut"
    assert "cut at max_tokens 5 (finish_reason length)" in caught.value.message
    assert len(server.requests) == 1  # asking again would be cut again
    assert server.requests[0].body["max_tokens"] == 5


async def test_each_role_has_a_max_tokens_default_so_a_runaway_model_is_cut() -> None:
    async with FakeLLMServer() as server:
        for role, expected in (("JUDGE", 1024), ("SIMULATOR", 300), ("PLANNER", 2048)):
            endpoint = ModelEndpoint(role=role, model="m", base_url=server.url)  # type: ignore[arg-type]
            async with ModelClient(endpoint) as client:
                await client.chat(PROMPT)
            assert server.requests[-1].body["max_tokens"] == expected


def test_strict_problems_names_what_strict_mode_refuses() -> None:
    assert strict_problems(SCHEMA) == []
    loose = {"type": "object", "required": ["a"],
             "properties": {"a": {"type": "object"}, "b": {"enum": ["x"]}}}
    assert strict_problems(loose) == [
        "$: additionalProperties is not false", "$: not required: b",
        "$.a: an object without properties", "$.a: additionalProperties is not false",
        "$.b: an enum without a type"]


async def test_a_nullable_field_left_out_by_an_unconstrained_model_counts_as_null() -> None:
    async with FakeLLMServer() as server, client_of(server, structured_output="json_object") \
            as client:
        server.script("chat", '{"intent": "other"}')
        result = await client.chat(PROMPT, json_schema=SCHEMA)
    assert result.data == {"intent": "other", "why": None} and len(server.requests) == 1


def test_missing_nullable_fields_are_filled_inside_a_nullable_list_too() -> None:
    from agenteval.llm.json_output import check_json_answer
    from agenteval.llm.structured_output import nullable, strict_object

    schema = strict_object({"items": nullable({"type": "array", "items": strict_object({
        "text": {"type": "string"}, "note": {"type": ["string", "null"]}})})})
    assert check_json_answer('{"items": [{"text": "a"}]}', schema).data == {
        "items": [{"text": "a", "note": None}]}
    assert check_json_answer("{}", schema).data == {"items": None}
