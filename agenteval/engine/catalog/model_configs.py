"""Per-role model endpoints (JUDGE, EMBEDDING, …): validated, with write-only keys."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from agenteval.channels.secrets import merged_model_config
from agenteval.domain.field_errors import FieldErrors
from agenteval.domain.limits import MAX_NAME, check_json_size, check_text
from agenteval.llm.config import params_problems
from agenteval.store.catalog import model_configs as stored
from agenteval.store.catalog.model_configs import StoredModelConfig

PROVIDERS = ("openai",)
SECRET_PLACEHOLDER = "********"


async def set_model_config(role: str, *, provider: str, model: str, base_url: str | None,
                           api_key: str | None, params: Any) -> StoredModelConfig:
    errors = FieldErrors()
    if provider not in PROVIDERS:
        errors.add("input.provider",
                   f"unknown provider {provider!r} (known: {', '.join(PROVIDERS)})")
    check_text(errors, "input.model", model, max_length=MAX_NAME, required=True)
    if base_url is not None:
        try:
            parts = urlsplit(base_url)
            parts.port  # noqa: B018 - raises ValueError for a port out of range
            usable = parts.scheme in ("http", "https") and bool(parts.hostname)
        except ValueError:  # e.g. "http://[::1": an unclosed IPv6 bracket
            usable = False
        if not usable:
            errors.add("input.baseUrl", "must be an http(s) URL")
        check_text(errors, "input.baseUrl", base_url, max_length=2000)
    if params is not None and not isinstance(params, dict):
        errors.add("input.params", "must be a JSON object")
    elif params is not None:
        check_json_size(errors, "input.params", params, max_chars=20_000)
        for path, message in params_problems(params):  # e.g. an unknown structured_output
            errors.add(f"input.{path}", message)
    check_text(errors, "input.apiKey", api_key, max_length=2000)
    errors.raise_if_any()
    existing = await stored.find(role)
    # The URL's credentials and the header values read as "********": kept when sent
    # back, to be entered again for another origin (channels/secrets.py).
    base_url, params, refused = merged_model_config(
        base_url, params, existing.base_url if existing else None,
        existing.params if existing else None)
    for path in refused:
        errors.add(path, f"the URL's origin changes: enter this secret again instead of "
                         f"{SECRET_PLACEHOLDER!r}")
    errors.raise_if_any()
    if api_key == SECRET_PLACEHOLDER or api_key is None:
        api_key = existing.api_key if existing else None
    values: dict[str, Any] = {"provider": provider, "model": model.strip(),
                              "base_url": base_url, "api_key": api_key or None,
                              "params": params or {}}
    return await stored.put(role, values, exists=existing is not None)
