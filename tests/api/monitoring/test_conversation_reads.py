"""Reading one monitored conversation and its hits (the web UI's conversation view)."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

from agenteval.store.monitoring.verdicts import record_red_line
from tests.api.monitoring.helpers import post_ingest, turn
from tests.support.graphql_client import GraphQLClient

CONVERSATIONS = "{ monitoredConversations { id externalId } }"
ONE = "query($id: ID!) { monitoredConversation(id: $id) { externalId turnCount inferred } }"
HITS = "query($c: ID) { redLineHits(conversationId: $c) { conversationId ruleType turn } }"
CREATE_MONITOR = """mutation { createMonitor(name: "m", judge: {kind: "rules", rules: []},
  redLines: [{type: "commitment_phrases"}]) { id } }"""


async def test_one_conversation_and_only_its_hits_are_read(gql: GraphQLClient) -> None:
    response = await post_ingest(gql.http, [
        turn("a", "user", "hi", "u1"), turn("a", "assistant", "hello", "a1"),
        turn("b", "user", "refund?", "u1"), turn("b", "assistant", "We guarantee it.", "a1")])
    assert response.status_code == 200
    ids = {c["externalId"]: c["id"]
           for c in (await gql.execute(CONVERSATIONS))["monitoredConversations"]}
    one = await gql.execute(ONE, {"id": ids["b"]})
    assert one["monitoredConversation"] == {"externalId": "b", "turnCount": 2, "inferred": False}
    missing = await gql.execute(ONE, {"id": str(uuid.uuid4())})
    assert missing["monitoredConversation"] is None

    monitor = uuid.UUID((await gql.execute(CREATE_MONITOR))["createMonitor"]["id"])
    now = datetime.now(UTC)
    for name in ("a", "b"):
        await record_red_line(monitor, uuid.UUID(ids[name]), "commitment_phrases", 0, "q", {},
                              now, {})
    hits = (await gql.execute(HITS, {"c": ids["b"]}))["redLineHits"]
    assert hits == [{"conversationId": ids["b"], "ruleType": "commitment_phrases", "turn": 0}]
    assert len((await gql.execute(HITS, {"c": None}))["redLineHits"]) == 2
