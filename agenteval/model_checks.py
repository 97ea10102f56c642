"""`agenteval models check`: is each configured model usable, before a run trusts it?

Per role: one short call of the kind that role makes, with that role's answer
schema (JUDGE: an llm_score verdict; PLANNER: a plan; SIMULATOR: a virtual
user's turn; ANALYST: a session verdict; EMBEDDING: one vector; MODERATION:
one verdict). It reports whether the endpoint answered, how long the call took,
whether usage (tokens) was reported, which structured-output form worked (the
`auto` detection of llm/structured_output.py) and whether the answer matched
the schema. Nothing is stored; API keys are never printed.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from agenteval.drivers.builtin.llm_analysis import VERDICT_SCHEMA
from agenteval.drivers.builtin.llm_planner import PLAN_SCHEMA
from agenteval.drivers.builtin.users import SIMULATOR_SCHEMA
from agenteval.llm import ModelCallError, ModelClient, ModelEndpoint
from agenteval.rules.judged.llm_score import ANSWER_SCHEMA

SAMPLES: dict[str, tuple[str, dict[str, Any], str]] = {
    "JUDGE": ("llm_score", ANSWER_SCHEMA,
              'Score this reply from 0 to 10 for politeness and answer as JSON {"score", '
              '"rationale"}.\nUser: Where is my parcel?\nAgent: It arrives tomorrow, sorry '
              "for the wait."),
    "PLANNER": ("plan", PLAN_SCHEMA,
                "Plan a tiny evaluation of a parcel-tracking bot as JSON: one dimension "
                '"tracking", one virtual user with persona {name, background, personality, '
                'patience} and goal, timeDistribution [{"timeSlot": "0-1h", "sessions": 1, '
                '"scenario": null}], estimatedSessions 1, budget {"maxTurnsPerSession": 3, '
                '"totalMaxTurns": 3}, completionCriteria null.'),
    "SIMULATOR": ("simulated_turn", SIMULATOR_SCHEMA,
                  "You are a customer whose parcel is late. Write your first message to the "
                  'support bot as JSON {"message", "done": false, "reason": null}.'),
    "ANALYST": ("verdict", VERDICT_SCHEMA,
                "Judge this conversation as JSON {goalAchieved, achievement 0..1, issues: "
                "[{description, severity HIGH|MEDIUM|LOW, turnIndex}], suggestions, notes}.\n"
                "[turn 0] user: Where is my parcel?\n[turn 0] agent: It arrives tomorrow."),
}
# A check is one short call: a bound well under the role's default, so a slow local
# model answers in seconds (a plan needs more room than a score).
CHECK_MAX_TOKENS = {"JUDGE": 200, "PLANNER": 600, "SIMULATOR": 120, "ANALYST": 300}


@dataclass
class RoleCheck:
    role: str
    model: str
    base_url: str
    reachable: bool
    latency_ms: int | None = None
    usage_reported: bool | None = None
    structured_output: str | None = None
    answer_valid: bool | None = None
    sample: str | None = None
    error: str | None = None

    @property
    def ok(self) -> bool:
        return self.reachable and self.error is None and self.answer_valid is not False


async def check_endpoint(endpoint: ModelEndpoint) -> RoleCheck:
    """One short call of the role's kind against `endpoint` (never raises)."""
    result = RoleCheck(endpoint.role, endpoint.model, endpoint.display_url, reachable=False)
    if endpoint.role in SAMPLES and "max_tokens" not in endpoint.params:
        endpoint = ModelEndpoint(role=endpoint.role, model=endpoint.model,
                                 base_url=endpoint.base_url, api_key=endpoint.api_key,
                                 provider=endpoint.provider,
                                 params={**endpoint.params,
                                         "max_tokens": CHECK_MAX_TOKENS[endpoint.role]})
    started = time.perf_counter()
    async with ModelClient(endpoint) as client:
        try:
            if endpoint.role == "EMBEDDING":
                vectors = await client.embed(["ping"])
                result.sample = f"{len(vectors[0])} dimensions"
                result.answer_valid = True
            elif endpoint.role == "MODERATION":
                verdict = await client.moderate("Hello, where is my parcel?")
                result.sample = f"flagged: {str(verdict.flagged).lower()}"
                result.answer_valid = True
            else:
                name, schema, prompt = SAMPLES[endpoint.role]
                answer = await client.chat([{"role": "user", "content": prompt}],
                                           json_schema=schema, schema_name=name)
                result.structured_output = answer.structured_output
                result.sample = json.dumps(answer.data, ensure_ascii=False)[:300]
                result.answer_valid = True
            result.reachable = True
        except ModelCallError as error:
            # Reached but answered wrongly (or cut) still counts as reachable.
            result.reachable = error.kind in ("http_status", "bad_response", "invalid_output",
                                              "cut")
            if error.kind in ("invalid_output", "cut"):
                result.answer_valid = False
            result.error = f"{error.kind}: {error.message}"
        result.latency_ms = round((time.perf_counter() - started) * 1000)
        if result.reachable:
            result.usage_reported = client.usage_totals["total_tokens"] > 0
    return result


async def check_all(endpoints: Sequence[ModelEndpoint]) -> list[RoleCheck]:
    """Every role, in the order given. Different servers are checked at the same time (six
    roles one after another took up to six minutes); the roles of one server (base URL)
    in turn, since a single-slot local server would only queue parallel checks."""
    by_server: dict[str, list[int]] = {}
    for index, endpoint in enumerate(endpoints):
        by_server.setdefault(endpoint.url, []).append(index)
    results: list[RoleCheck | None] = [None] * len(endpoints)

    async def one_server(indexes: list[int]) -> None:
        for index in indexes:
            results[index] = await check_endpoint(endpoints[index])

    await asyncio.gather(*(one_server(indexes) for indexes in by_server.values()))
    return [result for result in results if result is not None]


async def check_models(endpoints: Sequence[ModelEndpoint]) -> list[dict[str, Any]]:
    """`check_all` as the API's `checkModels` reads it (engine/services.py's ModelChecker)."""
    return [{**asdict(check), "ok": check.ok} for check in await check_all(endpoints)]


def render(checks: Sequence[RoleCheck]) -> str:
    if not checks:
        return ("No model is configured: set AGENTEVAL_{ROLE}_MODEL (and _BASE_URL) or give "
                "--models FILE.")
    lines = []
    for check in checks:
        lines.append(f"{check.role}: {check.model} at {check.base_url} — "
                     f"{'OK' if check.ok else 'NOT OK'}")
        lines.append(f"  reachable: {'yes' if check.reachable else 'no'}"
                     + (f", {check.latency_ms} ms" if check.latency_ms is not None else ""))
        if check.usage_reported is not None:
            lines.append(f"  usage reported: {'yes' if check.usage_reported else 'no'}")
        if check.structured_output is not None:
            lines.append(f"  structured output: {check.structured_output}")
        if check.answer_valid is not None:
            lines.append(f"  answer matches the role's schema: "
                         f"{'yes' if check.answer_valid else 'no'}")
        if check.sample:
            lines.append(f"  sample: {check.sample}")
        if check.error:
            lines.append(f"  error: {check.error}")
    return "\n".join(lines)


def models_check_command(models_file: str | None, as_json: bool, out: Any) -> int:
    """Exit 0 when every configured role is usable, 1 when one is not, 2 on bad settings."""
    from agenteval.engine.catalog.model_sources import (
        ModelSourceError,
        environment_endpoints,
        file_endpoints,
    )

    try:
        if models_file:
            with open(models_file, encoding="utf-8") as handle:
                endpoints = file_endpoints(handle.read(), models_file)
        else:
            endpoints = environment_endpoints()
    except (OSError, ModelSourceError) as error:
        out(f"error: {error}")
        return 2
    checks = asyncio.run(check_all(endpoints))
    if as_json:
        out(json.dumps([{**asdict(c), "ok": c.ok} for c in checks], ensure_ascii=False,
                       indent=2))
    else:
        out(render(checks))
    return 0 if all(check.ok for check in checks) else 1
