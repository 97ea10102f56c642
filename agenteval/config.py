"""Settings from AGENTEVAL_* environment variables; CLI flags override them."""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

_TRUE = {"1", "true", "yes", "on"}


def _flag(value: str) -> bool:
    return value.strip().lower() in _TRUE


@dataclass(frozen=True)
class Settings:
    """Every setting of the service. The README documents each one in a single table."""

    database_url: str = "sqlite://./agenteval.db"
    redis_url: str | None = None
    host: str = "127.0.0.1"
    port: int = 8000
    admin_key: str | None = None
    graphiql: bool = True
    public_url: str | None = None
    # Who wakes the agents of an intelligent eval: none | builtin | openclaw.
    driver: str = "builtin"
    time_scale: float = 1.0
    enforce_budget: bool = False
    session_timeout_s: float = 1800.0
    planning_timeout_s: float = 3600.0
    report_timeout_s: float = 3600.0
    grace_s: float = 1800.0
    watchdog_interval_s: float = 30.0
    max_query_depth: int = 12
    max_query_tokens: int = 5000
    max_aliases: int = 30
    # Who may read GET /metrics: authenticated (any valid key), public, off (404).
    metrics: str = "authenticated"
    # Log lines as text, or json (one object per line with the eval/run/session id).
    log_format: str = "text"
    demo: bool = True
    # The openclaw driver: its gateway, hooks token and one agent per role.
    openclaw_url: str | None = None
    openclaw_hooks_token: str | None = dataclasses.field(default=None, repr=False)  # secret
    openclaw_planner_agent: str = "agenteval-planner"
    openclaw_evaluator_agent: str = "agenteval-evaluator"
    openclaw_analyst_agent: str = "agenteval-analyst"
    openclaw_deliver: bool = False
    # Resume QUEUED/RUNNING static runs at start (off for one-shot CLI runs on a shared DB).
    resume_runs: bool = True

    @property
    def api_url(self) -> str:
        """The GraphQL URL that agents (OpenClaw, the built-in driver) can reach."""
        return self.public_url or f"http://{self.host}:{self.port}/graphql"

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, **overrides: Any) -> Settings:
        """Read AGENTEVAL_<FIELD> variables; keyword overrides that are not None win."""
        environ = os.environ if environ is None else environ
        values: dict[str, Any] = {}
        for field in fields(cls):
            raw = environ.get(f"AGENTEVAL_{field.name.upper()}")
            if raw is None or raw == "":
                continue
            values[field.name] = _convert(field.type, raw, field.name)
        values.update({k: v for k, v in overrides.items() if v is not None})
        return cls(**values)

    def with_overrides(self, **overrides: Any) -> Settings:
        return replace(self, **{k: v for k, v in overrides.items() if v is not None})


def _convert(type_name: Any, raw: str, name: str) -> Any:
    kind = str(type_name)
    try:
        if kind.startswith("bool"):
            return _flag(raw)
        if kind.startswith("int"):
            return int(raw)
        if kind.startswith("float"):
            return float(raw)
    except ValueError as exc:
        raise SystemExit(f"AGENTEVAL_{name.upper()}={raw!r} is not a valid {kind}") from exc
    return raw
