"""An intent taxonomy keeps the order its author wrote, on both databases.

PostgreSQL's jsonb stores object keys sorted (shorter first, then bytewise), so a
taxonomy saved as a plain object would come back reordered there.
"""

from __future__ import annotations

from tests.support.graphql_client import GraphQLClient

# Neither alphabetical nor by length: any reordering shows.
TAXONOMY = {"refund_request": "wants money back", "book": "wants a table",
            "cancel_booking": "wants to cancel", "ask": "asks a question"}
RULE = {"type": "intent_classification",
        "params": {"expected_intent": "book", "intent_taxonomy": TAXONOMY}}
CASE = {"key": "intent", "messages": ["a table for two"], "evalRules": [RULE],
        "turnChecks": [{"turnIndex": 0, "evalRules": [{**RULE, "scope": "turn"}]}]}
FIELDS = "id cases { evalRules { params } turnChecks { evalRules { params } } }"
CREATE = f"mutation($input: CreateScenarioInput!) {{ createScenario(input: $input) {{ {FIELDS} }} }}"
UPDATE = f"""mutation($id: ID!, $input: UpdateScenarioInput!) {{
  updateScenario(id: $id, input: $input) {{ {FIELDS} }} }}"""
READ = f"query($id: ID!) {{ scenario(id: $id) {{ {FIELDS} }} }}"
SET_JUDGE = """mutation($input: ModelConfigInput!) {
  setModelConfig(role: JUDGE, input: $input) { role } }"""


def taxonomies(scenario: dict) -> list[list[str]]:
    case = scenario["cases"][0]
    rules = [*case["evalRules"], *case["turnChecks"][0]["evalRules"]]
    return [list(rule["params"]["intent_taxonomy"]) for rule in rules]


async def judge(gql: GraphQLClient) -> None:
    await gql.execute(SET_JUDGE, {"input": {"provider": "openai", "model": "judge",
                                                 "baseUrl": "http://127.0.0.1:9/v1"}})


async def test_a_created_taxonomy_reads_back_in_the_order_it_was_written(gql: GraphQLClient) -> None:
    await judge(gql)
    created = (await gql.execute(CREATE, {"input": {"name": "Intents", "cases": [CASE]}}))["createScenario"]
    read = (await gql.execute(READ, {"id": created["id"]}))["scenario"]
    assert taxonomies(read) == [list(TAXONOMY)] * 2


async def test_an_updated_taxonomy_reads_back_in_its_new_order(gql: GraphQLClient) -> None:
    await judge(gql)
    created = (await gql.execute(CREATE, {"input": {"name": "Intents", "cases": [CASE]}}))["createScenario"]
    reordered = dict(reversed(list(TAXONOMY.items())))
    rule = {"type": "intent_classification",
            "params": {"expected_intent": "book", "intent_taxonomy": reordered}}
    case = {**CASE, "evalRules": [rule], "turnChecks": [{"turnIndex": 0, "evalRules": [{**rule, "scope": "turn"}]}]}
    await gql.execute(UPDATE, {"id": created["id"], "input": {"cases": [case]}})
    read = (await gql.execute(READ, {"id": created["id"]}))["scenario"]
    assert taxonomies(read) == [list(reordered)] * 2
