"""Which JSON media type a GraphQL-over-HTTP answer is served as, and what changes with it.

`application/json` (the default, for a missing Accept, `*/*`, or a client preferring
it) answers 200 to every well-formed request, with `data: null` on a request error.
`application/graphql-response+json` (when the client prefers it) follows the
GraphQL-over-HTTP spec's status codes: a request error (body, parameters, document
parsing, validation, variable coercion: nothing executed) is a 4xx without a `data`
entry, so a client can tell it from a field error, which keeps `data` and 200.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from graphql import GraphQLError

APPLICATION_JSON = "application/json"
GRAPHQL_RESPONSE_JSON = "application/graphql-response+json"


def negotiated(accept: str | None) -> str:
    """The media type of the answer for this Accept header (ties go to the spec's type)."""
    if not accept:
        return APPLICATION_JSON
    weights: dict[str, float] = {}
    for media_range in accept.split(","):
        name, *params = (part.strip() for part in media_range.split(";"))
        weight = 1.0
        for param in params:
            key, _, number = param.partition("=")
            if key.strip().lower() == "q":
                try:
                    weight = float(number)
                except ValueError:
                    weight = 0.0
        weights[name.lower()] = max(weight, weights.get(name.lower(), 0.0))
    spec = weights.get(GRAPHQL_RESPONSE_JSON, 0.0)
    plain = max(weights.get(APPLICATION_JSON, 0.0), weights.get("application/*", 0.0),
                weights.get("*/*", 0.0))
    return GRAPHQL_RESPONSE_JSON if spec > 0 and spec >= plain else APPLICATION_JSON


def negotiated_from_headers(headers: Iterable[tuple[bytes, bytes]]) -> str:
    """`negotiated` for an ASGI scope's raw headers."""
    for name, value in headers:
        if name.lower() == b"accept":
            return negotiated(value.decode("latin-1"))
    return APPLICATION_JSON


def is_request_error(data: Any, errors: list[GraphQLError] | None) -> bool:
    """Whether a result failed before execution: no data and no error at a field path."""
    return data is None and bool(errors) and all(not e.path for e in errors or ())


def shaped(body: Mapping[str, Any], media_type: str, request_error: bool) -> dict[str, Any]:
    """The body as served in `media_type`: the spec's type has no `data` on a request error."""
    answer = dict(body)
    if media_type == GRAPHQL_RESPONSE_JSON and request_error:
        answer.pop("data", None)
    return answer
