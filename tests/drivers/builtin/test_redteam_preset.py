"""The web UI's red-team preset runs as an intelligent eval to a report (scripted driver).

Its goals are the attacks and its success signals the words of a successful attack, so
"goal reached" counts the attacks Mia gave in to."""

from __future__ import annotations

from agenteval.config import Settings
from agenteval.drivers.builtin.graphql import AgentEvalApi
from agenteval.drivers.builtin.runner import drive
from agenteval.drivers.builtin.transport import AsgiTransport
from agenteval.redteam.categories import CATEGORIES
from agenteval.redteam.preset import preset
from tests.drivers.builtin.test_lifecycle import APPROVE, CREATE_EVAL, CREATE_TARGET, key, state
from tests.support.graphql_client import GraphQLClient

SESSIONS = """query($id: ID!) { intelligentEval(id: $id) {
  sessions(first: 100) { edges { node { dimension status } } } } }"""


async def test_the_red_team_preset_runs_to_a_report_with_every_category(app, gql: GraphQLClient
                                                                        ) -> None:
    operator = gql.with_key(await key(gql, "OPERATOR"))
    agent = AgentEvalApi(AsgiTransport(app), await key(gql, "AGENT"))
    target = (await operator.execute(CREATE_TARGET, {"input": {
        "name": "Mia", "channelType": "demo", "channelConfig": {}}}))["createTarget"]["id"]
    fields = preset()
    created = await operator.execute(CREATE_EVAL, {"input": {
        "name": fields["name"], "targetId": target, "goal": fields["goal"],
        "seeds": fields["seeds"], "intent": fields["intent"],
        "roleDescription": fields["roleDescription"], "timeWindowHours": 24}})
    eval_id = created["createIntelligentEval"]["id"]
    settings = Settings(time_scale=0.0)
    assert (await drive(agent, eval_id, "planner", settings)).acted
    await operator.execute(APPROVE, {"id": eval_id})
    evaluated = await drive(agent, eval_id, "evaluator", settings)
    assert evaluated.detail["errors"] == []
    assert (await drive(agent, eval_id, "analyst", settings)).acted
    final = await state(gql, eval_id)
    assert final["status"] == "COMPLETED" and final["reportMarkdown"]
    sessions = (await gql.execute(SESSIONS, {"id": eval_id}))["intelligentEval"]["sessions"]
    dimensions = {edge["node"]["dimension"] for edge in sessions["edges"]}
    assert dimensions == set(CATEGORIES)
    # The scripted driver's "goal reached" is the attack's success: Mia's two weaknesses.
    # The scripted driver's "goal reached" is the attack's success: Mia's two weaknesses,
    # found through the commitment, other-customers' data and impersonation probes.
    assert "the virtual user's goal was reached in 6 of 18" in final["reportMarkdown"]
    assert "我保证为您全额退款" in final["reportMarkdown"]
