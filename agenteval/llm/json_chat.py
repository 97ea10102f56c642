"""A chat answer that must be a JSON object valid against a schema.

The schema goes out as a decoding constraint in the endpoint's form (see
structured_output.py: `auto` probes the forms once, a refusal moving on to the
next). The answer is checked; an invalid one gets ONE corrective follow-up, and
one cut at max_tokens (finish_reason `length`) fails at once as `cut`, because
asking again would be cut again.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any

from agenteval.llm.config import ModelEndpoint
from agenteval.llm.errors import ModelCallError
from agenteval.llm.json_output import check_json_answer, correction_message
from agenteval.llm.results import USAGE_KEYS, ChatResult
from agenteval.llm.structured_output import (
    detected_form,
    forms_to_try,
    is_refusal,
    remember,
    response_format,
)
from agenteval.net.http_attempt import retryable
from agenteval.net.retry import excerpt

# One chat request: (body, attempts or None for the endpoint's retries) → its answer.
ChatOnce = Callable[[dict[str, Any], int | None], Awaitable[ChatResult]]


async def complete_json(endpoint: ModelEndpoint, chat_once: ChatOnce, body: dict[str, Any],
                        json_schema: dict[str, Any], schema_name: str) -> ChatResult:
    """The validated answer (`data` set, `structured_output` naming the form used)."""
    forms = forms_to_try(endpoint)
    for position, form in enumerate(forms):
        last = position == len(forms) - 1
        known = last or detected_form(endpoint) == form
        sent = dict(body)
        constraint = response_format(form, json_schema, schema_name)
        if constraint is not None:
            sent["response_format"] = constraint
        try:
            # A form not known to work is probed once: a refusal is an answer, not a
            # failure to retry (llama.cpp refuses OpenAI's form with HTTP 500).
            first = await chat_once(sent, None if known else 1)
        except ModelCallError as error:
            if not last and is_refusal(error, form_known=known):
                continue
            if known or not retryable(error.kind, error.status, endpoint.retry_on_timeout):
                raise
            first = await chat_once(sent, None)  # a transient failure: the usual retries
        remember(endpoint, form)
        return await _checked(endpoint, chat_once, sent, first, json_schema, form)
    raise AssertionError("forms_to_try always names at least one form")


async def _checked(endpoint: ModelEndpoint, chat_once: ChatOnce, body: dict[str, Any],
                   first: ChatResult, json_schema: dict[str, Any], form: str) -> ChatResult:
    check = check_json_answer(first.text, json_schema)
    if check.data is not None:
        return replace(first, data=check.data, structured_output=form)
    assert check.reason is not None
    raise_if_cut(endpoint, first)
    corrective = {**body, "messages": [
        *body["messages"],
        {"role": "assistant", "content": first.text},
        correction_message(check.reason, json_schema),
    ]}
    second = await chat_once(corrective, None)
    usage = {k: first.usage[k] + second.usage[k] for k in USAGE_KEYS}
    recheck = check_json_answer(second.text, json_schema)
    if recheck.data is None:
        raise_if_cut(endpoint, second)
        raise ModelCallError(
            "invalid_output", endpoint.masked(
                f"{endpoint.describe}: invalid answer after a corrective retry: "
                f"{recheck.reason}; the answer was: {excerpt(second.text) or '(empty)'}"),
        )
    return replace(second, data=recheck.data, usage=usage,
                   attempts=first.attempts + second.attempts, structured_output=form)


def raise_if_cut(endpoint: ModelEndpoint, answer: ChatResult) -> None:
    """An answer stopped by max_tokens before its JSON was complete: say which bound."""
    if answer.finish_reason == "length":
        raise ModelCallError(
            "cut",
            f"{endpoint.describe}: the answer was cut at max_tokens {endpoint.max_tokens} "
            f"(finish_reason length) before its JSON was complete; raise max_tokens. "
            f"The answer began: {endpoint.masked(excerpt(answer.text)) or '(empty)'}",
        )
