"""Rule parameters and channel configs carry title, description and Chinese help (x-i18n)."""

from __future__ import annotations

from agenteval.api.schema_help import with_help
from tests.support.graphql_client import GraphQLClient

RULE_TYPES = "{ ruleTypes { name paramsSchema } }"
CHANNEL_TYPES = "{ channelTypes { name configSchema } }"


def _help_of(schema: dict) -> dict[str, dict]:
    return schema.get("properties", {})


async def test_every_rule_parameter_and_channel_field_has_help_in_english_and_chinese(
        gql: GraphQLClient) -> None:
    rules = (await gql.execute(RULE_TYPES))["ruleTypes"]
    channels = (await gql.execute(CHANNEL_TYPES))["channelTypes"]
    schemas = ([(r["name"], r["paramsSchema"]) for r in rules]
               + [(c["name"], c["configSchema"]) for c in channels])
    missing = [f"{owner}.{name}" for owner, schema in schemas
               for name, prop in _help_of(schema).items()
               if not (prop.get("title") and prop.get("description")
                       and prop.get("x-i18n", {}).get("zh", {}).get("title")
                       and prop.get("x-i18n", {}).get("zh", {}).get("description"))]
    assert missing == []
    completion = next(s for owner, s in schemas if owner == "task_completion")
    rate = completion["properties"]["min_completion_rate"]
    assert rate["title"] == "Minimum completion rate"
    assert rate["x-i18n"]["zh"]["title"] == "最低完成率"


def test_a_schema_that_wrote_its_own_help_keeps_it() -> None:
    schema = {"properties": {"a": {"type": "string", "title": "Own", "description": "own"},
                             "b": {"type": "string", "description": "kept"}}}
    texts = {"a": ("T", "D", "标题", "说明"), "b": ("B title", "", "乙", "乙说明")}
    helped = with_help(schema, texts)
    assert helped["properties"]["a"] == schema["properties"]["a"]
    assert helped["properties"]["b"]["description"] == "kept"
    assert helped["properties"]["b"]["x-i18n"] == {"zh": {"title": "乙", "description": "乙说明"}}
    assert "title" not in schema["properties"]["b"]  # the registry's schema is not changed


async def test_every_built_in_channel_type_describes_itself_in_chinese_too(
        gql: GraphQLClient) -> None:
    channels = (await gql.execute("{ channelTypes { name description translations } }")
                )["channelTypes"]
    built_in = {"demo", "http", "websocket", "openai_chat"}
    assert built_in <= {c["name"] for c in channels}
    for channel in channels:
        if channel["name"] in built_in:
            zh = channel["translations"]["zh"]["description"]
            assert zh and zh != channel["description"]
            assert any("\u4e00" <= ch <= "\u9fff" for ch in zh), channel["name"]
        else:  # a channel without a translation says so with null, not an empty object
            assert channel["translations"] is None
