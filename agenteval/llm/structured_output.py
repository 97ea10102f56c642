"""Sending the JSON Schema of an expected answer in the form the endpoint accepts.

Servers disagree on the form. OpenAI, vLLM, SGLang and Ollama's OpenAI endpoint
take `{"type": "json_schema", "json_schema": {"name", "schema", "strict"}}`;
llama.cpp (and llama-cpp-python's server) refuses that form with an HTTP error
and takes `{"type": "json_object", "schema": …}`, turning it into a decoding
grammar; older servers know only `{"type": "json_object"}` (the schema is then
only in the prompt). With a constraint, even a tiny model answers in shape.

`auto` tries the forms in that order. A refusal that names the request (any 4xx
but 401/403/404/408/429, or a 500/501 before the form ever worked at this
endpoint) moves on to the next form; the form that answered is remembered per
(base URL, model) for the life of the process and logged once at INFO.
"""

from __future__ import annotations

import logging
import re
from typing import Any

from agenteval.llm.config import ModelEndpoint
from agenteval.llm.errors import ModelCallError

logger = logging.getLogger(__name__)

AUTO_ORDER = ("json_schema", "json_object_schema", "json_object")
# Statuses that say something about the caller or the moment, not about the request's form.
NOT_A_REFUSAL = frozenset({401, 403, 404, 408, 429})
# 500/501 from a form never seen working: llama.cpp's answer to OpenAI's form. 502-504 say
# the server is away or busy, which no other form would change.
REFUSING_SERVER_ERRORS = frozenset({500, 501})
_NAME = re.compile(r"[^a-zA-Z0-9_-]")

# (base URL, model) → the form that worked; filled by `remember`.
_detected: dict[tuple[str, str], str] = {}


def forms_to_try(endpoint: ModelEndpoint) -> tuple[str, ...]:
    """The forms to try, in order: the configured one, or the auto order from the one known."""
    configured = endpoint.structured_output
    if configured != "auto":
        return (configured,)
    known = _detected.get((endpoint.url, endpoint.model))
    if known is not None:
        return (known,)
    return AUTO_ORDER


def detected_form(endpoint: ModelEndpoint) -> str | None:
    """The form auto found for this endpoint and model in this process, if any yet."""
    return _detected.get((endpoint.url, endpoint.model))


def remember(endpoint: ModelEndpoint, form: str) -> None:
    """Record the form that answered (auto only); logged once per endpoint and model."""
    if endpoint.structured_output != "auto":
        return
    key = (endpoint.url, endpoint.model)
    if _detected.get(key) != form:
        _detected[key] = form
        logger.info("%s: structured output sent as %s", endpoint.describe, form)


def forget_all() -> None:
    """Clear what auto detected (tests start from nothing)."""
    _detected.clear()


def is_refusal(error: ModelCallError, form_known: bool) -> bool:
    """Whether `error` means "not this form": an HTTP 4xx about the request, or a 5xx from a
    form that never worked here (llama.cpp answers an unknown response_format with 500)."""
    if error.kind != "http_status" or error.status is None:
        return False
    if 400 <= error.status < 500:
        return error.status not in NOT_A_REFUSAL
    return error.status in REFUSING_SERVER_ERRORS and not form_known


def response_format(form: str, schema: dict[str, Any], name: str) -> dict[str, Any] | None:
    """The `response_format` request field of `form` (None for `none`)."""
    if form == "json_schema":
        return {"type": "json_schema", "json_schema": {
            "name": schema_name(name), "schema": schema, "strict": not strict_problems(schema)}}
    if form == "json_object_schema":
        return {"type": "json_object", "schema": schema}
    if form == "json_object":
        return {"type": "json_object"}
    return None


def schema_name(name: str) -> str:
    """OpenAI's json_schema name: letters, digits, _ and -, at most 64."""
    return (_NAME.sub("_", name) or "answer")[:64]


def strict_problems(schema: Any, path: str = "$") -> list[str]:
    """Why OpenAI's strict mode would refuse `schema`; empty when it accepts it.

    Strict mode wants every object to list its properties, require all of them and
    forbid others (`additionalProperties: false`); an optional field is a nullable one.
    """
    problems: list[str] = []
    if not isinstance(schema, dict):
        return problems
    types = schema.get("type")
    is_object = types == "object" or (isinstance(types, list) and "object" in types)
    if is_object:
        properties = schema.get("properties")
        if not isinstance(properties, dict) or not properties:
            problems.append(f"{path}: an object without properties")
            properties = {}
        if schema.get("additionalProperties") is not False:
            problems.append(f"{path}: additionalProperties is not false")
        missing = sorted(set(properties) - set(schema.get("required") or []))
        if missing:
            problems.append(f"{path}: not required: {', '.join(missing)}")
        for key, sub in properties.items():
            problems += strict_problems(sub, f"{path}.{key}")
    if "items" in schema:
        problems += strict_problems(schema["items"], f"{path}[]")
    for keyword in ("anyOf", "oneOf", "allOf"):
        for index, sub in enumerate(schema.get(keyword) or []):
            problems += strict_problems(sub, f"{path}.{keyword}[{index}]")
    if "enum" in schema and "type" not in schema:
        problems.append(f"{path}: an enum without a type")
    return problems


def nullable(schema: dict[str, Any]) -> dict[str, Any]:
    """`schema` or null, as `anyOf`: llama.cpp's grammar drops `items` and `enum` beside a
    list of types (`{"type": ["array", "null"], "items": …}` lets any array through)."""
    return {"anyOf": [schema, {"type": "null"}]}


def strict_object(properties: dict[str, Any]) -> dict[str, Any]:
    """An object schema strict mode accepts: every property required, no others. Give an
    optional field a nullable type (`{"type": ["string", "null"]}`)."""
    return {"type": "object", "additionalProperties": False, "required": list(properties),
            "properties": properties}
