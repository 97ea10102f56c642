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


# Settings with a fixed set of values.
_CHOICES: dict[str, tuple[str, ...]] = {
    "introspection": ("authenticated", "public", "off"),
    "metrics": ("authenticated", "public", "off"),
    "log_format": ("text", "json"),
    "evidence_policy": ("flag", "reject"),
}


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
    # Fields a document may select once its fragments are expanded (checked before validation).
    max_query_fields: int = 2000
    # Request bodies over this size are refused (413) before they are parsed.
    max_body_bytes: int = 32 * 2**20
    # A request's line and headers, and then its body, must have arrived this many seconds
    # after they began (a half-sent or trickled request is answered 408 and closed).
    request_head_timeout_s: float = 10.0
    request_body_timeout_s: float = 30.0
    # How deeply JSON values (variables, JSON inputs) may nest.
    max_json_depth: int = 64
    # Characters of a case message or a session message (sendMessage); longer is refused.
    max_message_chars: int = 20_000  # the defaults of domain/limits.py (a test keeps them equal)
    # Characters of a target reply as stored; longer replies are cut with a visible marker.
    max_reply_chars: int = 100_000
    # Cases in one scenario.
    max_cases: int = 50_000
    # Who may introspect the schema: authenticated (any valid key), public, off.
    introspection: str = "authenticated"
    # Who may read GET /metrics: authenticated (any valid key), public, off (404).
    metrics: str = "authenticated"
    # Log lines as text, or json (one object per line with the eval/run/session id).
    log_format: str = "text"
    # Report evidence the transcript does not confirm: flag (kept, verified false) or reject.
    evidence_policy: str = "flag"
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
    # Prices per model (JSON text or the path of a JSON file): estimatedCost of usage.
    model_prices: str | None = None
    # Purge finished runs and evals older than this many days, once a day (None: keep all).
    retention_days: float | None = None
    # Webhook deliveries: seconds per attempt, and attempts before giving up.
    webhook_timeout_s: float = 10.0
    webhook_attempts: int = 8
    # Scale-out: a lease (a run, a session's turn, the driving of an eval) expires this
    # long after its owner's last heartbeat; another process then takes the work over.
    lease_ttl_s: float = 15.0
    # How many runs one process executes at once; the rest wait for another process.
    run_claim_limit: int = 4
    # A simulated case whose SIMULATOR user deviates (invents a fact, plays the agent,
    # talks about its prompt, quits early) is played again up to this many times.
    simulator_reruns: int = 2
    # With a JUDGE configured, it also reviews every model-played simulated user (persona
    # and goal followed? hindered or helped?); a deviation it quotes counts as one.
    simulator_review: bool = False
    # Monitoring (issue 37): POST /api/ingest's limits (body bytes, objects, characters of
    # one turn), and the backlog of turns waiting for their red-line check past which it
    # answers 429 with Retry-After (0: no limit).
    ingest_max_body_bytes: int = 16 * 2**20
    ingest_max_lines: int = 10_000
    ingest_max_content_chars: int = 100_000
    ingest_backlog_limit: int = 200_000
    # How often the monitoring worker looks for red lines to check and conversations to
    # close and judge (seconds; 0 disables the worker in this process).
    monitoring_poll_s: float = 1.0
    # Monitoring's trend windows (seconds; a minute for tests, an hour or a day for people),
    # and the least time between two drop alerts of one monitor.
    monitoring_window_s: float = 3600.0
    monitoring_drop_cooldown_s: float = 3600.0
    # The judge's κ drift alert: when the share of the last N reviews of a JUDGE rule that
    # agree with the judge falls below the threshold, one alert goes through the webhooks
    # (0 turns the alert off).
    judge_drift_window: int = 50
    judge_drift_min_agreement: float = 0.8
    # Review queues (issue 39): a reviewer's claim on a batch of items lapses this long
    # after it was made (or renewed), and the items go back to the queue.
    review_claim_timeout_s: float = 900.0

    def __post_init__(self) -> None:
        for name, allowed in _CHOICES.items():
            if getattr(self, name) not in allowed:
                raise ValueError(f"AGENTEVAL_{name.upper()}={getattr(self, name)!r}: "
                                 f"expected one of {', '.join(allowed)}")

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
        try:
            return cls(**values)
        except ValueError as exc:  # a setting outside its choices: say which, no traceback
            raise SystemExit(str(exc)) from None

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
