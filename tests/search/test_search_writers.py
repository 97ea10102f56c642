"""The real writers feed the index: a static run's transcript and an intelligent session's
messages are found by what was said, each with the ids its page needs."""

from __future__ import annotations

from agenteval.store.search import index_writes
from tests.api import intelligent_support as intelligent
from tests.api.static_helpers import create_target, run_scenario, wait_for_run
from tests.support.graphql_client import GraphQLClient

SEARCH = """query($q: String!) { search(query: $q) { totalCount
  edges { node { kind conversationId ownerId title turnIndex role matches
  messageKey caseKey attempt } } } }"""


async def _hits(gql: GraphQLClient, query: str) -> list[dict]:
    await index_writes.flush()
    return [e["node"] for e in (await gql.execute(SEARCH, {"q": query}))["search"]["edges"]]


async def test_a_static_runs_transcript_is_found_at_its_case(gql: GraphQLClient) -> None:
    cases = [{"id": "booking", "messages": ["我家空调坏了，想预约维修", "我叫张三"]},
             {"id": "complaint", "messages": ["我要投诉"]}]
    _, run_id = await run_scenario(gql, await create_target(gql), cases)
    await wait_for_run(gql, run_id)
    [hit] = await _hits(gql, "空调")
    assert (hit["kind"], hit["ownerId"], hit["title"]) == ("RUN", run_id, "booking")
    assert (hit["turnIndex"], hit["role"]) == (0, "user")
    # Where the run's report opens: the case and its attempt (no message key: not monitored).
    assert (hit["caseKey"], hit["attempt"], hit["messageKey"]) == ("booking", 0, None)
    assert [h["title"] for h in await _hits(gql, "投诉")] == ["complaint"]


async def test_an_intelligent_sessions_messages_are_found_at_their_turn(
        gql: GraphQLClient) -> None:
    executing = await intelligent.executing_eval(gql, await intelligent.create_target(gql))
    session_id = await intelligent.start_session(gql, executing["id"])
    await gql.execute(intelligent.SEND, {"id": session_id, "content": "你好"})
    await gql.execute(intelligent.SEND, {"id": session_id, "content": "我想预约空调维修"})
    [hit] = await _hits(gql, "空调 维修")
    assert (hit["kind"], hit["ownerId"], hit["conversationId"]) == (
        "SESSION", executing["id"], session_id)
    assert (hit["turnIndex"], hit["role"], hit["title"]) == (1, "user", "book")
