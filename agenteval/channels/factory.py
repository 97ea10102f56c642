"""The registry of channel types and the factory that opens channels to targets."""

from __future__ import annotations

import copy
import json
import re
from dataclasses import dataclass
from typing import Any, Protocol

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError

from agenteval.channels import secrets
from agenteval.channels.base import Channel, ConversationState, TargetSpec
from agenteval.channels.context import ChannelContext, SharedSession
from agenteval.channels.measured import measured
from agenteval.channels.reliability import retry_policy
from agenteval.errors import ValidationFailed
from agenteval.net.limiter import ConcurrencyLimiter
from agenteval.net.shared_limiter import SharedLimiter, SharedSlots
from agenteval.plugins import Registry, is_builtin

# Distinct valid target configs remembered by `open`; the memory is cleared when full.
VALID_CONFIG_MEMORY = 1024
_CANONICAL_JSON = json.JSONEncoder(sort_keys=True, allow_nan=False)


class ChannelClass(Protocol):
    def __call__(self, context: ChannelContext, state: ConversationState | None) -> Channel: ...


@dataclass(frozen=True)
class ChannelTypeInfo:
    """One registered channel type, as the `channelTypes` query lists it."""

    name: str
    description: str
    config_schema: dict


@dataclass(frozen=True)
class _Registration:
    info: ChannelTypeInfo
    validator: Draft202012Validator
    channel_cls: ChannelClass


class ChannelFactory:
    """Opens channels; owns the per-target limiters and one shared aiohttp session."""

    def __init__(self, trust_env: bool = False, shared_slots: SharedSlots | None = None
                 ) -> None:
        # trust_env: see SharedSession (HTTP(S)_PROXY and .netrc, opt-in).
        self._http = SharedSession(trust_env)
        self._registrations: Registry[_Registration] = Registry("channel type")
        self._limiters: dict[str, ConcurrencyLimiter] = {}
        # Given by the composition root when processes share Redis: targets' limits are global.
        self.shared_slots = shared_slots
        # (channel type, the config's repr) → (a private copy of the config, its
        # defaults-filled form as JSON): configs `open` has found valid.
        self._valid_configs: dict[tuple[str, str], tuple[dict, str]] = {}

    # -- registry -------------------------------------------------------------
    def register(
        self, name: str, description: str, config_schema: dict, channel_cls: ChannelClass
    ) -> None:
        """Add a channel type; ValueError when the name is taken, SchemaError for a bad schema.

        A channel from outside the package has its schema checked here, so a broken one
        fails at start-up; the built-in ones are checked by tests/test_builtin_schemas.py
        instead of at every start (see `agenteval.plugins.is_builtin`).
        """
        if name in self._registrations:  # before the schema check: the clearer error
            raise ValueError(f"channel type {name!r} is already registered")
        if not is_builtin(channel_cls):
            Draft202012Validator.check_schema(config_schema)
        self._registrations.add(name, _Registration(
            ChannelTypeInfo(name, description, config_schema),
            Draft202012Validator(config_schema),
            channel_cls,
        ))

    def types(self) -> list[ChannelTypeInfo]:
        """Every registered channel type, by name (for the `channelTypes` query)."""
        return [registration.info for registration in self._registrations.entries()]

    def queued(self, target_id: str) -> int:
        """Requests of this process waiting for one of the target's concurrency slots."""
        limiter = self._limiters.get(target_id)
        return limiter.waiting if limiter is not None else 0

    def validate_config(
        self, channel_type: str, config: Any, path: str = "channelConfig"
    ) -> list[dict]:
        """Every problem as {"path", "message"}; empty when the config is valid."""
        registration = self._registrations.get(channel_type)
        if registration is None:
            return [{"path": "channelType",
                     "message": self._registrations.unknown_message(channel_type)}]
        problems: dict[tuple[str, str], None] = {}
        for error in registration.validator.iter_errors(config):
            for problem in _describe(error, path):
                problems[(problem["path"], problem["message"])] = None
        return [{"path": p, "message": m} for p, m in sorted(problems)]

    def mask_secrets(self, channel_type: str, config: dict) -> dict:
        registration = self._registrations.get(channel_type)
        if registration is None:  # unknown type: hide every value rather than risk a leak
            return {key: secrets.SECRET_PLACEHOLDER for key in config}
        return secrets.mask_secrets(registration.info.config_schema, config)

    def merge_secrets(self, channel_type: str, new_config: dict, stored_config: dict) -> dict:
        registration = self._registrations.get(channel_type)
        schema = registration.info.config_schema if registration else {}
        return secrets.merge_secrets(schema, new_config, stored_config)

    # -- opening conversations ------------------------------------------------
    def open(self, target: TargetSpec, state: ConversationState | None = None) -> Channel:
        """A new conversation with `target`, or the one `state` describes."""
        registration = self._registrations.get(target.channel_type)
        context = self._context(target, registration)
        assert registration is not None  # _checked_config refuses unknown types
        return measured(registration.channel_cls(context, state), target.id)

    def _context(self, target: TargetSpec, registration: _Registration | None
                 ) -> ChannelContext:
        """The target's context: a private copy of its checked config (a channel may change
        its own), its limiter, the shared session and its retry policy."""
        config = self._checked_config(target.channel_type, target.config)
        return ChannelContext(target=target, config=config, limiter=self.limiter(target),
                              http=self._http, policy=retry_policy(config))

    def _checked_config(self, channel_type: str, config: Any) -> dict:
        """A fresh copy of `config` with defaults filled in; raises ValidationFailed.

        Every case attempt opens a channel with the same config, and a JSON Schema
        check costs ~0.2 ms: a config found valid (and plain JSON) is remembered,
        and its copies come from the stored JSON (a parse is far cheaper than a deepcopy).
        It is looked up by its repr (a third of canonical JSON's cost, paid per attempt);
        the private copy compared on a hit makes a confusable repr harmless.
        """
        key = repr(config)
        remembered = self._valid_configs.get((channel_type, key))
        if remembered is not None and remembered[0] == config:
            return json.loads(remembered[1])
        problems = self.validate_config(channel_type, config)
        if problems:
            raise ValidationFailed(problems)
        schema = self._registrations.lookup(channel_type).info.config_schema
        filled = _with_defaults(schema, config)
        filled_json = _canonical(filled)
        # Remember only configs that survive a JSON round trip unchanged (no tuples …).
        config_json = _canonical(config)
        if (config_json is not None and filled_json is not None
                and json.loads(config_json) == config and json.loads(filled_json) == filled):
            if len(self._valid_configs) >= VALID_CONFIG_MEMORY:
                self._valid_configs.clear()
            self._valid_configs[(channel_type, key)] = (copy.deepcopy(config), filled_json)
        return filled

    def limiter(self, target: TargetSpec) -> ConcurrencyLimiter:
        """The target's limiter, resized when its max_concurrency changed."""
        limiter = self._limiters.get(target.id)
        if limiter is None:
            limiter = self._limiters[target.id] = (
                ConcurrencyLimiter(target.max_concurrency) if self.shared_slots is None
                else SharedLimiter(target.max_concurrency, self.shared_slots,
                                   f"target:{target.id}"))
        elif limiter.capacity != target.max_concurrency:
            limiter.resize(target.max_concurrency)
        return limiter

    async def aclose(self) -> None:
        """Close the shared session (channels opened later get a fresh one)."""
        await self._http.aclose()

def _canonical(value: Any) -> str | None:
    """`value` as canonical JSON (keys sorted), or None when it is not plain JSON."""
    try:
        return _CANONICAL_JSON.encode(value)
    except (TypeError, ValueError):
        return None


def _with_defaults(schema: dict, config: dict) -> dict:
    filled = copy.deepcopy(config)
    for key, prop in (schema.get("properties") or {}).items():
        if key not in filled and "default" in prop:
            filled[key] = copy.deepcopy(prop["default"])
    return filled


_REQUIRED = re.compile(r"^'(.+)' is a required property$")


def _describe(error: ValidationError, root: str) -> list[dict]:
    path = root + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path)
    if error.validator == "required":
        match = _REQUIRED.match(error.message)
        name = match.group(1) if match else "?"
        return [{"path": f"{path}.{name}", "message": "is required"}]
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        known = (error.schema.get("properties") or {}) if isinstance(error.schema, dict) else {}
        return [
            {"path": f"{path}.{key}", "message": "is not a known field"}
            for key in error.instance
            if key not in known
        ]
    if "propertyNames" in error.schema_path and isinstance(error.instance, str):
        # e.g. openai_chat's extra_body: keys the channel sets itself.
        return [{"path": path, "message": f"may not set {error.instance!r}"}]
    return [{"path": path, "message": error.message}]
