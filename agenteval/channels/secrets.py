"""Masking and merging of config fields marked `"writeOnly": true` in a JSON Schema (pure).

URL fields (a key ending in `url`) are partly secret whatever the schema says: their
userinfo and query values are masked and merged the same way (channels/url_secrets.py).
"""

from __future__ import annotations

import copy
from typing import Any

from agenteval.channels.url_secrets import (
    SECRET_PLACEHOLDER,
    has_placeholder,
    is_url_key,
    masked_url,
    merged_url,
)

__all__ = ["SECRET_PLACEHOLDER", "kept_secret_paths", "mask_secrets", "merge_secrets",
           "url_origins"]


def _child_schema(schema: Any, key: str) -> dict | None:
    if not isinstance(schema, dict):
        return None
    properties = schema.get("properties") or {}
    if key in properties:
        return properties[key]
    extra = schema.get("additionalProperties")
    return extra if isinstance(extra, dict) else None


def _items_schema(schema: Any) -> dict | None:
    items = schema.get("items") if isinstance(schema, dict) else None
    return items if isinstance(items, dict) else None


def mask_secrets(schema: dict, value: Any) -> Any:
    """A copy of `value` where every writeOnly field reads as the placeholder."""
    if isinstance(value, dict):
        masked = {}
        for key, item in value.items():
            child = _child_schema(schema, key)
            if child is not None and child.get("writeOnly"):
                masked[key] = SECRET_PLACEHOLDER
            elif is_url_key(key) and isinstance(item, str):
                masked[key] = masked_url(item)
            else:
                masked[key] = mask_secrets(child or {}, item)
        return masked
    if isinstance(value, list):
        items = _items_schema(schema) or {}
        if items.get("writeOnly"):
            return [SECRET_PLACEHOLDER for _ in value]
        return [mask_secrets(items, item) for item in value]
    return copy.deepcopy(value)


def merge_secrets(schema: dict, new: Any, stored: Any) -> Any:
    """`new`, except that writeOnly fields sent as the placeholder keep the stored secret.

    A placeholder with no stored value to keep is dropped rather than saved as
    a literal "********".
    """
    if not isinstance(new, dict):
        return copy.deepcopy(new)
    stored = stored if isinstance(stored, dict) else {}
    merged = {}
    for key, item in new.items():
        child = _child_schema(schema, key) or {}
        if child.get("writeOnly") and item == SECRET_PLACEHOLDER:
            if key in stored:
                merged[key] = copy.deepcopy(stored[key])
        elif is_url_key(key) and isinstance(item, str):
            merged[key] = merged_url(item, stored.get(key))
        elif isinstance(item, dict):
            merged[key] = merge_secrets(child, item, stored.get(key))
        else:
            merged[key] = copy.deepcopy(item)
    return merged


def kept_secret_paths(schema: dict, new: Any, stored: Any, path: str) -> list[str]:
    """Where `new` sends the placeholder to keep a stored secret (the paths, dotted)."""
    if not isinstance(new, dict):
        return []
    stored = stored if isinstance(stored, dict) else {}
    paths: list[str] = []
    for key, item in new.items():
        child = _child_schema(schema, key) or {}
        if child.get("writeOnly") and item == SECRET_PLACEHOLDER and key in stored:
            paths.append(f"{path}.{key}")
        elif (is_url_key(key) and isinstance(item, str) and has_placeholder(item)
              and isinstance(stored.get(key), str)):
            paths.append(f"{path}.{key}")
        elif isinstance(item, dict):
            paths.extend(kept_secret_paths(child, item, stored.get(key), f"{path}.{key}"))
    return paths


_DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}


def url_origins(config: Any) -> dict[str, tuple[str, str, int | None]]:
    """The origin (scheme, host, port) of every top-level URL field (`url`, `base_url` …)."""
    from urllib.parse import urlsplit

    origins: dict[str, tuple[str, str, int | None]] = {}
    for key, value in (config.items() if isinstance(config, dict) else ()):
        if not (key.endswith("url") and isinstance(value, str)):
            continue
        try:
            parts = urlsplit(value.strip())
            scheme = parts.scheme.lower()
            origins[key] = (scheme, (parts.hostname or "").lower(),
                            parts.port or _DEFAULT_PORTS.get(scheme))
        except ValueError:  # an unparsable URL (bad port): its own validation says so
            origins[key] = ("", value, None)
    return origins


# A model config's secrets besides its api key: the header values of `params.headers`.
MODEL_PARAMS_SCHEMA: dict = {"type": "object", "properties": {"headers": {
    "type": "object", "additionalProperties": {"type": "string", "writeOnly": True}}}}


def masked_model_config(base_url: str | None, params: Any) -> tuple[str | None, Any]:
    """A model config's `baseUrl` and `params` as every key reads them."""
    return (masked_url(base_url) if base_url else base_url,
            mask_secrets(MODEL_PARAMS_SCHEMA, params) if isinstance(params, dict) else params)


def merged_model_config(base_url: str | None, params: Any, stored_base_url: str | None,
                        stored_params: Any) -> tuple[str | None, Any, list[str]]:
    """`baseUrl` and `params` with their placeholders filled from the stored config, and
    the paths of the placeholders refused because the URL's origin changes."""
    refused: list[str] = []
    if url_origins({"url": base_url}) != url_origins({"url": stored_base_url}):
        if base_url and has_placeholder(base_url) and stored_base_url:
            refused.append("input.baseUrl")
        refused += kept_secret_paths(MODEL_PARAMS_SCHEMA, params, stored_params, "input.params")
    if base_url:
        base_url = merged_url(base_url, stored_base_url)
    if isinstance(params, dict):
        params = merge_secrets(MODEL_PARAMS_SCHEMA, params, stored_params)
    return base_url, params, refused
