"""Where a model role's requests go: one OpenAI-compatible endpoint and its tuning params.

`params` holds both what the client itself uses (the keys in CLIENT_PARAMS:
timeouts, retries, concurrency, JSON mode, the judge's dialog limit) and
request parameters that are passed through to the server as they are
(`top_p`, `seed`, `frequency_penalty`, ...).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal
from urllib.parse import parse_qsl, urlsplit, urlunsplit

from agenteval.logs import REDACTED, redact

ModelRole = Literal["JUDGE", "EMBEDDING", "MODERATION", "PLANNER", "SIMULATOR", "ANALYST"]
MODEL_ROLES: tuple[ModelRole, ...] = (
    "JUDGE", "EMBEDDING", "MODERATION", "PLANNER", "SIMULATOR", "ANALYST"
)
PROVIDERS = ("openai",)  # "openai" means any OpenAI-compatible endpoint
DEFAULT_BASE_URL = "https://api.openai.com/v1"

# Params the client consumes; every other param is sent to the server with each request.
CLIENT_PARAMS = frozenset({
    "timeout_s", "max_concurrency", "retries", "backoff_s", "max_retry_after_s",
    "json_mode", "max_dialog_chars", "temperature", "max_tokens", "structured_output",
    "retry_on_timeout",
})
STRUCTURED_OUTPUTS = ("auto", "json_schema", "json_object_schema", "json_object", "none")

# A runaway model is cut here unless `max_tokens` says otherwise: a judge's verdict or a
# simulated user's turn is short, a plan or a report longer. Embeddings and moderations
# have no completion to bound.
DEFAULT_MAX_TOKENS: dict[str, int | None] = {
    "JUDGE": 1024, "SIMULATOR": 300, "PLANNER": 2048, "ANALYST": 2048,
    "EMBEDDING": None, "MODERATION": None,
}

MODEL_PARAMS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "temperature": {"type": "number", "minimum": 0, "maximum": 2, "default": 0},
        "max_tokens": {"type": "integer", "minimum": 1,
                       "description": "Longest answer in tokens; the default depends on the "
                                      "role (JUDGE 1024, SIMULATOR 300, PLANNER and ANALYST "
                                      "2048). An answer cut there is reported as cut."},
        "structured_output": {
            "enum": list(STRUCTURED_OUTPUTS), "default": "auto",
            "description": "How the JSON Schema of an expected answer is sent: json_schema "
                           "(OpenAI, vLLM, SGLang, Ollama), json_object_schema (llama.cpp), "
                           "json_object (schema in the prompt only), none; auto tries them in "
                           "that order and remembers what the endpoint accepts."},
        "retry_on_timeout": {
            "type": "boolean", "default": False,
            "description": "Retry a timed-out attempt (or an HTTP 504). Off by default: a busy "
                           "single-slot server is still generating the timed-out answer."},
        # Bounded: a value such as 1e308 made a call (and checkModels) wait for ever.
        "timeout_s": {"type": "number", "exclusiveMinimum": 0, "maximum": 1800, "default": 60,
                      "description": "Seconds to wait for one attempt's reply."},
        "retries": {"type": "integer", "minimum": 0, "maximum": 10, "default": 2,
                    "description": "Extra attempts after a connection error, 429 or 5xx (and a "
                                   "timeout with retry_on_timeout)."},
        "backoff_s": {"type": "number", "minimum": 0, "maximum": 60, "default": 0.5,
                      "description": "First retry delay; doubles each retry, with jitter."},
        "max_retry_after_s": {"type": "number", "minimum": 0, "maximum": 600, "default": 30,
                              "description": "Longest Retry-After the client will honour."},
        "max_concurrency": {"type": "integer", "minimum": 1, "default": 4,
                            "description": "Requests in flight to this base URL and model."},
        "json_mode": {"type": "boolean", "default": True,
                      "description": "Older switch: false is structured_output none."},
        "max_dialog_chars": {"type": "integer", "minimum": 100, "default": 24000,
                             "description": "JUDGE: longest dialog put into a judge prompt."},
    },
    "additionalProperties": True,
}


@dataclass(frozen=True)
class ModelEndpoint:
    """The model configured for one role. The API key never appears in its repr."""

    role: ModelRole
    model: str
    base_url: str | None = None
    api_key: str | None = field(default=None, repr=False)
    provider: str = "openai"
    params: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.role not in MODEL_ROLES:
            raise ValueError(f"unknown model role {self.role!r}; expected one of {MODEL_ROLES}")
        if self.provider not in PROVIDERS:
            raise ValueError(f"unknown model provider {self.provider!r}; expected 'openai'")
        if not self.model:
            raise ValueError(f"the {self.role} model config has no model name")
        problems = params_problems(self.params)
        if problems:
            raise ValueError(f"the {self.role} model config's " + "; ".join(
                f"{path}: {message}" for path, message in problems))

    @property
    def url(self) -> str:
        """The base URL without a trailing slash (the OpenAI one when none is set)."""
        return (self.base_url or DEFAULT_BASE_URL).rstrip("/")

    @property
    def display_url(self) -> str:
        """The base URL safe to show: any user:password part is removed."""
        parts = urlsplit(self.url)
        host = parts.hostname or ""
        netloc = f"{host}:{parts.port}" if parts.port else host
        return urlunsplit((parts.scheme, netloc, parts.path, "", ""))

    def url_for(self, path: str) -> str:
        """`path` (e.g. `/chat/completions`) joined to the base URL's path, before its query
        (an Azure-style `?api-version=…` base URL keeps its query last)."""
        parts = urlsplit(self.url)
        return urlunsplit((parts.scheme, parts.netloc, parts.path.rstrip("/") + path,
                           parts.query, ""))

    def masked(self, text: str) -> str:
        """`text` (an error quoting what the endpoint sent back) safe to store and show:
        secret-looking values redacted as a target's errors are (logs.redact), and this
        endpoint's own secrets — its API key, its URL's password and query values —
        replaced wherever they appear, whatever the endpoint called them."""
        text = redact(text)
        parts = urlsplit(self.url)
        secrets = [self.api_key, parts.password,
                   *(value for _, value in parse_qsl(parts.query, keep_blank_values=False))]
        # Longest first, so a secret that contains another is replaced whole.
        for secret in sorted({s for s in secrets if s and len(s) >= 4}, key=len, reverse=True):
            text = text.replace(secret, REDACTED)
        return text

    @property
    def describe(self) -> str:
        """How error messages name this endpoint: `JUDGE model gpt-x at http://…`."""
        return f"{self.role} model {self.model} at {self.display_url}"

    @property
    def timeout_s(self) -> float:
        return float(self.params.get("timeout_s", 60))

    @property
    def max_concurrency(self) -> int:
        return max(1, int(self.params.get("max_concurrency", 4)))

    @property
    def retries(self) -> int:
        return max(0, int(self.params.get("retries", 2)))

    @property
    def backoff_s(self) -> float:
        return max(0.0, float(self.params.get("backoff_s", 0.5)))

    @property
    def max_retry_after_s(self) -> float:
        return max(0.0, float(self.params.get("max_retry_after_s", 30)))

    @property
    def temperature(self) -> float:
        return float(self.params.get("temperature", 0))

    @property
    def max_tokens(self) -> int | None:
        """The configured bound, else the role's default (None: unbounded)."""
        value = self.params.get("max_tokens", DEFAULT_MAX_TOKENS.get(self.role))
        return None if value is None else int(value)

    @property
    def json_mode(self) -> bool:
        return bool(self.params.get("json_mode", True))

    @property
    def structured_output(self) -> str:
        """One of STRUCTURED_OUTPUTS; `json_mode: false` (the older switch) means none."""
        if "structured_output" not in self.params and not self.json_mode:
            return "none"
        value = str(self.params.get("structured_output", "auto"))
        return value if value in STRUCTURED_OUTPUTS else "auto"

    @property
    def retry_on_timeout(self) -> bool:
        return bool(self.params.get("retry_on_timeout", False))

    @property
    def max_dialog_chars(self) -> int:
        return int(self.params.get("max_dialog_chars", 24000))

    @property
    def request_params(self) -> dict[str, Any]:
        """The params passed through to the server with every request."""
        return {k: v for k, v in self.params.items() if k not in CLIENT_PARAMS}


def params_problems(params: dict[str, Any]) -> list[tuple[str, str]]:
    """(path, message) for each param the client uses with a wrong type or value, e.g.
    ("params.structured_output", "'jsonschema' is not one of [...]"); server params pass."""
    from jsonschema import Draft202012Validator

    return [("params" + "".join(f".{part}" for part in error.absolute_path), error.message)
            for error in Draft202012Validator(MODEL_PARAMS_SCHEMA).iter_errors(params)]
