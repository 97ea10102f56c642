"""The `title`, `description` and `x-i18n` help of rule and channel schemas, as the API lists them.

The texts live in `domain.param_help_texts`; a schema's own title or description (a rule or
channel that wrote its help itself) wins, so both can meet without a conflict.
"""

from __future__ import annotations

import copy
from typing import Any

from agenteval.domain.param_help_texts import (
    CHANNEL_DESCRIPTIONS_ZH,
    CHANNEL_HELP,
    RULE_HELP,
    HelpText,
)


def with_help(schema: dict[str, Any], help_texts: dict[str, HelpText]) -> dict[str, Any]:
    """A copy of `schema` whose top-level properties carry the help texts they lack."""
    if not help_texts or not isinstance(schema.get("properties"), dict):
        return schema
    result = copy.deepcopy(schema)
    for name, prop in result["properties"].items():
        texts = help_texts.get(name)
        if texts is None or not isinstance(prop, dict) or "title" in prop:
            continue
        title, description, zh_title, zh_description = texts
        prop["title"] = title
        if description or not prop.get("description"):
            prop["description"] = description or prop.get("description") or title
        zh = {"title": zh_title, "description": zh_description}
        prop["x-i18n"] = {**prop.get("x-i18n", {}), "zh": {**zh, **prop.get("x-i18n", {}).get("zh", {})}}
    return result


def rule_params_with_help(rule_type: str, schema: dict[str, Any]) -> dict[str, Any]:
    return with_help(schema, RULE_HELP.get(rule_type, {}))


def channel_config_with_help(channel_type: str, schema: dict[str, Any]) -> dict[str, Any]:
    return with_help(schema, CHANNEL_HELP.get(channel_type, {}))


def channel_description_translations(channel_type: str) -> dict[str, Any] | None:
    """A channel type's description in the languages it has one for, shaped like x-i18n."""
    zh = CHANNEL_DESCRIPTIONS_ZH.get(channel_type)
    return {"zh": {"description": zh}} if zh else None
