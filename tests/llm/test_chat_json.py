"""Chat completions with JSON output: parsing, schema checks, the one corrective retry."""

from __future__ import annotations

import json

import pytest

from agenteval.llm import ModelCallError
from tests.support.fake_llm_server import FakeLLMServer, chat_completion

SCORE_SCHEMA = {
    "type": "object",
    "properties": {"score": {"type": "integer", "minimum": 0, "maximum": 10},
                   "rationale": {"type": "string"}},
    "required": ["score", "rationale"],
}
PROMPT = [{"role": "system", "content": "Score the reply 0-10. Answer in JSON."},
          {"role": "user", "content": "Reply: hello"}]


async def test_json_answer_is_parsed_and_validated(server: FakeLLMServer, make_client) -> None:
    server.script("chat", '{"score": 8, "rationale": "polite"}')
    client = make_client()

    result = await client.chat(PROMPT, json_schema=SCORE_SCHEMA)

    assert result.data == {"score": 8, "rationale": "polite"}
    assert result.text == '{"score": 8, "rationale": "polite"}'
    assert (result.attempts, result.cached, result.model) == (1, False, "fake-model")
    sent = server.requests_to("chat")[0].body
    assert sent["model"] == "judge-model"
    assert sent["messages"] == PROMPT
    assert sent["temperature"] == 0
    assert sent["response_format"] == {"type": "json_schema", "json_schema": {
        "name": "answer", "schema": SCORE_SCHEMA, "strict": False}}  # not strict-compatible


async def test_json_inside_a_markdown_fence_is_accepted(server: FakeLLMServer,
                                                        make_client) -> None:
    server.script("chat", 'Here you are:\n```json\n{"score": 3, "rationale": "curt"}\n```')

    result = await make_client().chat(PROMPT, json_schema=SCORE_SCHEMA)

    assert result.data == {"score": 3, "rationale": "curt"}
    assert len(server.requests) == 1


async def test_malformed_json_gets_one_corrective_retry(server: FakeLLMServer,
                                                        make_client) -> None:
    server.script("chat", '{"score": 8, "rationale": ', '{"score": 7, "rationale": "ok"}')

    result = await make_client().chat(PROMPT, json_schema=SCORE_SCHEMA)

    assert result.data == {"score": 7, "rationale": "ok"}
    assert result.attempts == 2
    assert len(server.requests_to("chat")) == 2
    follow_up = server.requests_to("chat")[1].body["messages"]
    assert follow_up[:2] == PROMPT
    assert follow_up[2] == {"role": "assistant", "content": '{"score": 8, "rationale": '}
    assert follow_up[3]["content"].startswith(
        "Your previous answer was not valid: no JSON object found in the answer. "
        "Answer again with only a JSON object matching the schema.")


async def test_schema_violation_names_the_field_in_the_correction(server: FakeLLMServer,
                                                                  make_client) -> None:
    server.script("chat", '{"score": 11, "rationale": "x"}', '{"score": 10, "rationale": "x"}')

    result = await make_client().chat(PROMPT, json_schema=SCORE_SCHEMA)

    assert result.data == {"score": 10, "rationale": "x"}
    correction = server.requests_to("chat")[1].body["messages"][-1]["content"]
    assert "$.score: 11 is greater than the maximum of 10" in correction


async def test_bad_output_twice_is_a_model_call_error(server: FakeLLMServer,
                                                      make_client) -> None:
    server.script("chat", "I think it is an 8", '{"score": "eight", "rationale": "x"}')

    with pytest.raises(ModelCallError) as caught:
        await make_client().chat(PROMPT, json_schema=SCORE_SCHEMA)

    assert caught.value.kind == "invalid_output"
    assert caught.value.code == "MODEL_ERROR"
    assert caught.value.message.startswith(f"JUDGE model judge-model at {server.url}: ")
    assert "$.score: 'eight' is not of type 'integer'" in caught.value.message
    assert len(server.requests) == 2  # exactly one corrective retry


async def test_json_mode_can_be_switched_off(server: FakeLLMServer, make_client) -> None:
    server.script("chat", '{"score": 1, "rationale": "x"}')

    await make_client(json_mode=False).chat(PROMPT, json_schema=SCORE_SCHEMA)

    assert "response_format" not in server.requests[0].body


async def test_plain_chat_sends_endpoint_and_call_params(server: FakeLLMServer,
                                                         make_client) -> None:
    server.script("chat", "free text")
    client = make_client(max_tokens=50, top_p=0.5, temperature=0.2)

    result = await client.chat(PROMPT, seed=7)

    assert (result.text, result.data) == ("free text", None)
    sent = server.requests[0].body
    assert (sent["temperature"], sent["max_tokens"], sent["top_p"], sent["seed"]) == (
        0.2, 50, 0.5, 7)
    assert "response_format" not in sent
    assert not {"timeout_s", "retries", "backoff_s", "json_mode"} & sent.keys()


async def test_an_answer_without_content_is_a_bad_response(server: FakeLLMServer,
                                                           make_client) -> None:
    server.script("chat", {"choices": []})

    with pytest.raises(ModelCallError) as caught:
        await make_client().chat(PROMPT)

    assert caught.value.kind == "bad_response"
    assert "choices[0].message.content" in caught.value.message


async def test_usage_is_recorded_per_call_and_in_totals(server: FakeLLMServer,
                                                        make_client) -> None:
    usage = {"prompt_tokens": 100, "completion_tokens": 20, "total_tokens": 120}
    server.script("chat", chat_completion("bad", usage=usage),
                  chat_completion(json.dumps({"score": 5, "rationale": "x"}), usage=usage),
                  chat_completion("second call", usage=usage))
    client = make_client()

    first = await client.chat(PROMPT, json_schema=SCORE_SCHEMA)
    second = await client.chat(PROMPT)

    assert first.usage == {"prompt_tokens": 200, "completion_tokens": 40, "total_tokens": 240}
    assert second.usage == usage
    assert client.usage_totals == {"prompt_tokens": 300, "completion_tokens": 60,
                                   "total_tokens": 360}
    assert client.calls == 3
