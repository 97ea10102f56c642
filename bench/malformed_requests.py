"""Send the malformed requests of the bad-input issue to the real app and count wrong answers.

A right answer is a JSON body whose first error carries a contract code other than
INTERNAL (the expected code where one is named), an HTTP status that is not 500, and
an answer in under a second for the fragment-expansion request.

    .venv/bin/python bench/malformed_requests.py [--database-url postgres://...]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

from agenteval.app import create_app
from agenteval.config import Settings

ADMIN = "probe-admin-secret"
CODES = {"UNAUTHENTICATED", "FORBIDDEN", "NOT_FOUND", "VALIDATION_FAILED", "INVALID_TRANSITION",
         "CONFLICT", "BUDGET_EXCEEDED", "TARGET_ERROR", "MODEL_ERROR", "RATE_LIMITED",
         "UNAVAILABLE"}
CREATE_TARGET = ("mutation($input: CreateTargetInput!) "
                 "{ createTarget(input: $input) { id } }")
MODEL = ("mutation($p: JSON) { setModelConfig(role: PLANNER, input: {provider: \"openai\", "
         "model: \"m\", params: $p}) { role } }")
RUNS = "query($s: RunStatus) { runs(status: $s) { totalCount } }"
TARGETS_FIRST = "query($first: Int) { targets(first: $first) { totalCount } }"


@dataclass
class Probe:
    name: str
    send: Callable[[httpx.AsyncClient], Any]
    code: str | None = None      # the expected contract code (any non-INTERNAL code if None)
    status: int | None = None    # the expected HTTP status, where HTTP names one
    within_s: float | None = None


def post(body: Any = None, *, raw: bytes | None = None, key: str | None = ADMIN,
         content_type: str = "application/json") -> Callable[[httpx.AsyncClient], Any]:
    headers = {"content-type": content_type}
    if key:
        headers["x-api-key"] = key
    content = raw if raw is not None else json.dumps(body).encode()
    return lambda http: http.post("/graphql", content=content, headers=headers)


def gql(query: str, variables: dict[str, Any] | None = None,
        **extra: Any) -> Callable[[httpx.AsyncClient], Any]:
    return post({"query": query, "variables": variables or {}, **extra})


def target(config: Any, name: str = "t", **more: Any) -> dict[str, Any]:
    return {"input": {"name": name, "channelType": "demo", "channelConfig": config, **more}}


def raw_variables(query: str, variables: str) -> Callable[[httpx.AsyncClient], Any]:
    """A body whose variables are given as JSON text (for what json.dumps cannot write)."""
    return post(raw=f'{{"query": {json.dumps(query)}, "variables": {variables}}}'.encode())


def fragment_bomb(levels: int) -> str:
    parts = ["query { ...F0 }"]
    parts += [f"fragment F{i} on Query {{ ...F{i + 1} ...F{i + 1} }}" for i in range(levels)]
    parts.append(f"fragment F{levels} on Query {{ me {{ id }} }}")
    return "\n".join(parts)


def nested(levels: int) -> bytes:
    value = "[" * levels + "]" * levels
    return (f'{{"query": "{CREATE_TARGET}", "variables": {{"input": '
            f'{{"name": "t", "channelType": "demo", "channelConfig": {{"x": {value}}}}}}}}}'
            ).encode()


def probes() -> list[Probe]:
    nul_inline = 'mutation { createApiKey(name: "a\\u0000b", role: VIEWER) { secret } }'
    return [
        Probe("empty body", post(raw=b"")),
        Probe("missing query", post({})),
        Probe("empty query", post({"query": ""})),
        Probe("non-JSON body", post(raw=b"{not json")),
        Probe("batch array", post([{"query": "{ me { id } }"}])),
        Probe("query not a string", post({"query": 5})),
        Probe("variables not an object", post({"query": "{ me { id } }", "variables": [1]})),
        Probe("unknown operationName", gql("query A { me { id } }", operationName="B")),
        Probe("two operations, no operationName",
              gql("query A { me { id } } query B { me { name } }")),
        Probe("wrong content type", post(raw=b"{ me { id } }", content_type="text/plain"),
              status=415),
        Probe("GET mutation",
              lambda http: http.get("/graphql", params={"query": "mutation { heartbeat("
                                                           "evalId: \"x\") { id } }"},
                                    headers={"x-api-key": ADMIN}), status=405),
        Probe("JSON string body", post(raw=b'"{ me { id } }"')),
        Probe("invalid UTF-8", post(raw=b'{"query": "{ me { id } }\xff\xfe"}')),
        Probe("100,000 nested levels", post(raw=nested(100_000))),
        Probe("subscription over POST",
              gql("subscription { runProgress(runId: \"x\") { status } }")),
        Probe("body over the limit", post(raw=b" " * (33 * 2**20) + b"{}"), status=413),
        Probe("bad enum variable", gql(RUNS, {"s": "completed"}), "VALIDATION_FAILED"),
        Probe("missing required variable", gql(CREATE_TARGET), "VALIDATION_FAILED"),
        Probe("string for Int", gql(TARGETS_FIRST, {"first": "ten"}), "VALIDATION_FAILED"),
        Probe("2^31 for Int", gql(TARGETS_FIRST, {"first": 2**31}), "VALIDATION_FAILED"),
        Probe("1.5 for Int", gql(TARGETS_FIRST, {"first": 1.5}), "VALIDATION_FAILED"),
        Probe("unknown input field",
              gql(CREATE_TARGET, target({}, maxConcurency=2)), "VALIDATION_FAILED"),
        Probe("null for JSON!", gql(CREATE_TARGET, target(None)), "VALIDATION_FAILED"),
        Probe("NUL in a name (variables)",
              gql(CREATE_TARGET, target({}, name="a\x00b")), "VALIDATION_FAILED"),
        Probe("NUL in a name (inline)", gql(nul_inline), "VALIDATION_FAILED"),
        Probe("lone surrogate in a name",
              raw_variables(CREATE_TARGET, '{"input": {"name": "a\\ud800", "channelType": '
                            '"demo", "channelConfig": {}}}'), "VALIDATION_FAILED"),
        Probe("NaN in JSON input", raw_variables(MODEL, '{"p": {"x": NaN}}'),
              "VALIDATION_FAILED"),
        Probe("Infinity in JSON input", raw_variables(MODEL, '{"p": {"x": Infinity}}'),
              "VALIDATION_FAILED"),
        Probe("1e400 in JSON input", raw_variables(MODEL, '{"p": {"x": 1e400}}'),
              "VALIDATION_FAILED"),
        Probe("forged cursor",
              gql('query($a: String) { targets(after: $a) { totalCount } }',
                  {"a": "bzo5OTk5OTk5OTk5OTk5OTk5OTk5OTk5OTk5OTk="}), "VALIDATION_FAILED"),
        Probe("introspection without a key",
              post({"query": "{ __schema { types { name } } }"}, key=None), "UNAUTHENTICATED"),
        Probe("fragment expansion, 20 levels", gql(fragment_bomb(20)), within_s=1.0),
    ]


def wrong(probe: Probe, response: httpx.Response, elapsed: float) -> str | None:
    """Why the answer is wrong, or None."""
    if probe.within_s is not None and elapsed > probe.within_s:
        return f"took {elapsed:.1f} s"
    if response.status_code >= 500:
        return f"HTTP {response.status_code}"
    if probe.status is not None and response.status_code != probe.status:
        return f"HTTP {response.status_code}, expected {probe.status}"
    try:
        body = response.json()
        errors = body.get("errors") or []
    except (ValueError, AttributeError):
        return f"not a GraphQL JSON answer: HTTP {response.status_code} {response.text[:60]!r}"
    if not errors:
        return "no error"
    code = (errors[0].get("extensions") or {}).get("code")
    if code not in CODES:
        return f"code {code}: {errors[0].get('message', '')[:60]!r}"
    if probe.code is not None and code != probe.code:
        return f"code {code}, expected {probe.code}"
    return None


class _Tracebacks(logging.Handler):
    """Counts log records that carry a traceback."""

    count = 0

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info:
            self.count += 1


async def run(database_url: str) -> int:
    settings = Settings(database_url=database_url, admin_key=ADMIN, driver="none", demo=False,
                        resume_runs=False)
    app = create_app(settings)
    failures = 0
    tracebacks = _Tracebacks()
    logging.getLogger().addHandler(tracebacks)
    logging.getLogger().setLevel(logging.INFO)
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://probe",
                                     timeout=120) as http:
            all_probes = probes()
            for probe in all_probes:
                started = time.perf_counter()
                try:
                    response = await probe.send(http)
                    reason = wrong(probe, response, time.perf_counter() - started)
                except Exception as exc:  # an exception escaping the app is a 500
                    reason = f"raised {type(exc).__name__}"
                if reason:
                    failures += 1
                    print(f"WRONG  {probe.name}: {reason}")
                else:
                    print(f"ok     {probe.name}")
    print(f"{failures} of {len(all_probes)} answered wrongly; "
          f"{tracebacks.count} log records with a traceback")
    return failures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--database-url", help="default: a fresh SQLite file")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        url = args.database_url or f"sqlite://{Path(folder) / 'probe.db'}"
        asyncio.run(run(url))


if __name__ == "__main__":
    main()
