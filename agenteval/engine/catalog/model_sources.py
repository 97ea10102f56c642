"""Model endpoints that are not stored rows: the environment and a `--models` file.

JUDGE, EMBEDDING, MODERATION and SIMULATOR can be configured without a server, so the
CI gate can run LLM-judged scenarios and simulated cases played by a model:

- the environment: `AGENTEVAL_{ROLE}_MODEL` (required), `AGENTEVAL_{ROLE}_BASE_URL`
  (default: OpenAI's), `AGENTEVAL_{ROLE}_API_KEY`, for ROLE in JUDGE, EMBEDDING,
  MODERATION, SIMULATOR;
- a YAML file (`agenteval run --models FILE`), a mapping of role to endpoint:

      JUDGE:
        base_url: http://127.0.0.1:8001/v1
        model: qwen2.5-7b-instruct
        api_key_env: JUDGE_KEY      # or api_key: ... (prefer the variable)
        params: {temperature: 0}

Precedence, per role: a `--models` file (only the gate has one), then the
stored model config row (`setModelConfig`), then the environment. So a
server keeps what an admin stored and uses the environment only for roles
with no stored row; `modelConfigs` lists the effective ones.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any
from urllib.parse import urlsplit

from agenteval.llm.config import MODEL_ROLES, ModelEndpoint, ModelRole
from agenteval.yaml_loader import YamlError, load_yaml

logger = logging.getLogger("agenteval.models")
ENVIRONMENT_ROLES: tuple[ModelRole, ...] = ("JUDGE", "EMBEDDING", "MODERATION", "SIMULATOR")
FILE_KEYS = frozenset({"model", "base_url", "api_key", "api_key_env", "params", "provider"})

# The gate's `--models` endpoints, for the run it makes (a ContextVar, so the
# actors started inside `file_models(...)` inherit them and nothing else does).
_FILE_ENDPOINTS: ContextVar[tuple[ModelEndpoint, ...]] = ContextVar("agenteval_file_models",
                                                                    default=())


class ModelSourceError(Exception):
    """A model configured in the environment or a file is incomplete or malformed."""


def environment_endpoints(environ: Mapping[str, str] | None = None) -> list[ModelEndpoint]:
    """The endpoints `AGENTEVAL_{ROLE}_*` variables configure (a role needs its _MODEL)."""
    env = os.environ if environ is None else environ
    endpoints = []
    for role in ENVIRONMENT_ROLES:
        prefix = f"AGENTEVAL_{role}_"
        model = env.get(prefix + "MODEL", "").strip()
        base_url = env.get(prefix + "BASE_URL", "").strip() or None
        api_key = env.get(prefix + "API_KEY", "").strip() or None
        if not model:
            if base_url or api_key:
                raise ModelSourceError(f"{prefix}BASE_URL or {prefix}API_KEY is set but "
                                       f"{prefix}MODEL is not")
            continue
        _check_url(base_url, f"{prefix}BASE_URL")
        endpoints.append(ModelEndpoint(role=role, model=model, base_url=base_url,
                                       api_key=api_key))
    return endpoints


def file_endpoints(text: str, path: str,
                   environ: Mapping[str, str] | None = None) -> list[ModelEndpoint]:
    """The endpoints of a `--models` YAML (or JSON) file; ModelSourceError names each problem."""
    env = os.environ if environ is None else environ
    try:
        data = load_yaml(text, source=path)
    except YamlError as exc:
        raise ModelSourceError(f"models file {path!r} is not YAML: {exc}") from None
    if not isinstance(data, dict) or not data:
        raise ModelSourceError(f"models file {path!r} must map roles ({', '.join(MODEL_ROLES)}) "
                               "to endpoints")
    endpoints, problems = [], []
    for raw_role, entry in data.items():
        role = str(raw_role).upper()
        where = f"{path}: {raw_role}"
        if role not in MODEL_ROLES:
            problems.append(f"{where}: unknown role (known: {', '.join(MODEL_ROLES)})")
            continue
        if not isinstance(entry, dict):
            problems.append(f"{where}: must be an object with model, base_url, api_key_env")
            continue
        unknown = sorted(set(map(str, entry)) - FILE_KEYS)
        if unknown:
            problems.append(f"{where}: unknown key(s) {', '.join(unknown)} "
                            f"(known: {', '.join(sorted(FILE_KEYS))})")
        if not isinstance(entry.get("model"), str) or not entry["model"].strip():
            problems.append(f"{where}.model: is required")
            continue
        if entry.get("params") is not None and not isinstance(entry["params"], dict):
            problems.append(f"{where}.params: must be an object")
            continue
        api_key = entry.get("api_key")
        if entry.get("api_key_env"):
            api_key = env.get(str(entry["api_key_env"]))
            if api_key is None:
                problems.append(f"{where}.api_key_env: ${entry['api_key_env']} is not set")
        try:
            _check_url(entry.get("base_url"), f"{where}.base_url")
            endpoints.append(ModelEndpoint(
                role=role, model=entry["model"].strip(), base_url=entry.get("base_url"),
                api_key=api_key, provider=str(entry.get("provider", "openai")),
                params=dict(entry.get("params") or {})))
        except (ModelSourceError, ValueError) as exc:
            problems.append(str(exc))
    if problems:
        raise ModelSourceError("\n".join(problems))
    return endpoints


def _check_url(url: Any, where: str) -> None:
    if url is None:
        return
    try:
        parts = urlsplit(str(url))
        parts.port  # noqa: B018 - raises ValueError for a port out of range
    except ValueError:  # e.g. "http://[::1": an unclosed IPv6 bracket
        raise ModelSourceError(f"{where}: must be an http(s) URL, got {url!r}") from None
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ModelSourceError(f"{where}: must be an http(s) URL, got {url!r}")


@contextmanager
def file_models(endpoints: Sequence[ModelEndpoint]) -> Iterator[None]:
    """Use `endpoints` (a `--models` file's) in this context, over stored rows and the env."""
    token = _FILE_ENDPOINTS.set(tuple(endpoints))
    try:
        yield
    finally:
        _FILE_ENDPOINTS.reset(token)


def effective_endpoints(stored: Iterable[ModelEndpoint],
                        environ: Mapping[str, str] | None = None) -> list[ModelEndpoint]:
    """One endpoint per role: the `--models` file's, else the stored row's, else the env's."""
    chosen: dict[str, ModelEndpoint] = {}
    try:
        from_environment = environment_endpoints(environ)
    except ModelSourceError as exc:
        # The gate refuses this as bad input before it starts; a server keeps serving
        # (with the stored configs) rather than failing every request that reads models.
        logger.warning("model settings in the environment ignored: %s", exc)
        from_environment = []
    for source in (from_environment, stored, _FILE_ENDPOINTS.get()):
        for endpoint in source:
            chosen[endpoint.role] = endpoint  # later sources win
    return [chosen[role] for role in MODEL_ROLES if role in chosen]

