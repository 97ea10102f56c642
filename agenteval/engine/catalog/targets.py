"""Creating, updating, deleting and probing targets."""

from __future__ import annotations

import uuid
from typing import Any

from agenteval.channels import CHANNELS, ChannelError, ChannelFactory
from agenteval.channels.secrets import SECRET_PLACEHOLDER, kept_secret_paths, url_origins
from agenteval.domain.field_errors import FieldErrors
from agenteval.domain.limits import MAX_NAME, check_json_size, check_text
from agenteval.engine.catalog.target_specs import target_spec
from agenteval.errors import Conflict, NotFound
from agenteval.store.catalog import targets as stored
from agenteval.store.catalog.targets import Target

MAX_CONCURRENCY_LIMIT = 1000


async def get_target(target_id: uuid.UUID) -> Target:
    target = await stored.find(target_id)
    if target is None:
        raise NotFound(f"target {target_id} does not exist")
    return target


def can_talk(target: Target) -> bool:
    """Whether messages can be sent to the target: its channel type is registered (the
    offline target of logged conversations is registered nowhere)."""
    return target.channel_type in CHANNELS


def _check_common(errors: FieldErrors, name: str | None, description: str | None,
                  max_concurrency: int | None, name_required: bool) -> None:
    check_text(errors, "input.name", name, max_length=MAX_NAME, required=name_required)
    check_text(errors, "input.description", description)
    if max_concurrency is not None and not 1 <= max_concurrency <= MAX_CONCURRENCY_LIMIT:
        errors.add("input.maxConcurrency",
                   f"must be between 1 and {MAX_CONCURRENCY_LIMIT}")


def _check_config(errors: FieldErrors, factory: ChannelFactory, channel_type: str,
                  config: Any) -> None:
    check_json_size(errors, "input.channelConfig", config)
    for error in factory.validate_config(channel_type, config, path="input.channelConfig"):
        path = error["path"]
        if path == "channelType":
            path = "input.channelType"
        errors.add(path, error["message"])


async def create_target(factory: ChannelFactory, *, name: str, channel_type: str,
                        channel_config: Any, description: str | None,
                        max_concurrency: int) -> Target:
    errors = FieldErrors()
    _check_common(errors, name, description, max_concurrency, name_required=True)
    _check_config(errors, factory, channel_type, channel_config)
    errors.raise_if_any()
    return await stored.create(name=name.strip(), description=description,
                               channel_type=channel_type, channel_config=channel_config,
                               max_concurrency=max_concurrency)


async def update_target(factory: ChannelFactory, target_id: uuid.UUID, *, name: str | None,
                        description: str | None, channel_config: Any,
                        max_concurrency: int | None) -> Target:
    target = await get_target(target_id)
    errors = FieldErrors()
    _check_common(errors, name, description, max_concurrency, name_required=False)
    merged = None
    if channel_config is not None:
        _refuse_secrets_for_a_new_origin(errors, factory, target, channel_config)
        if isinstance(channel_config, dict):
            merged = factory.merge_secrets(target.channel_type, channel_config,
                                           target.channel_config)
        else:
            merged = channel_config
        _check_config(errors, factory, target.channel_type, merged)
    if name is not None and not name.strip():
        errors.add("input.name", "must not be blank")
    errors.raise_if_any()
    if name is not None:
        target.name = name.strip()
    if description is not None:
        target.description = description
    if merged is not None:
        target.channel_config = merged
    if max_concurrency is not None:
        target.max_concurrency = max_concurrency
    await stored.write(target)
    return target


def _refuse_secrets_for_a_new_origin(errors: FieldErrors, factory: ChannelFactory,
                                     target: Target, channel_config: Any) -> None:
    """A stored secret never goes to a host it was not entered for (docs/channels.md, "Secrets").

    When a URL's origin (scheme, host, port) changes, every secret sent as the
    placeholder must be entered again.
    """
    if url_origins(channel_config) == url_origins(target.channel_config):
        return
    schema = next((t.config_schema for t in factory.types() if t.name == target.channel_type),
                  {})
    for path in kept_secret_paths(schema, channel_config, target.channel_config,
                                  "input.channelConfig"):
        errors.add(path, "the URL's origin changes: enter this secret again "
                         f"instead of {SECRET_PLACEHOLDER!r}")


async def delete_target(target_id: uuid.UUID) -> str:
    target = await get_target(target_id)
    users = await stored.delete_unless_used(target)
    if users:
        raise Conflict(f"target {target.name!r} is used by {' and '.join(users)}; "
                       "delete those first", {"usedBy": users})
    return str(target.id)


async def probe_target(factory: ChannelFactory, target_id: uuid.UUID, message: str) -> dict[str, Any]:
    """Send one message over a fresh conversation: ok/reply/latency/error, never raises."""
    errors = FieldErrors()
    check_text(errors, "message", message, required=True)
    errors.raise_if_any()
    target = await get_target(target_id)
    channel = factory.open(target_spec(target))
    try:
        reply = await channel.send(message)
        return {"ok": True, "reply": reply.text, "latency_ms": reply.latency_ms, "error": None}
    except ChannelError as exc:
        return {"ok": False, "reply": None, "latency_ms": None,
                "error": f"{exc.kind}: {exc.message}"}
    finally:
        await channel.aclose()
