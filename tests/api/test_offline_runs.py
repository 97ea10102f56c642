"""Conversation sets and offline runs through the real API, on both databases.

An import that fails stores nothing; an offline run judges the stored dialogs (no
channel is called: its target has a channel type no process registers) with a
scenario's rules or given rules, is marked offline, and refuses latency rules."""

from __future__ import annotations

import json

from tests.api.errors.conftest import row_counts
from tests.api.offline_helpers import (
    DELETE,
    IMPORT,
    JUDGE,
    RULES,
    RUN_OFFLINE,
    SET,
    SETS,
    conversation,
    jsonl,
)
from tests.api.static_helpers import IMPORT_SCENARIO, outcomes, wait_for_run
from tests.support.graphql_client import GraphQLClient


async def imported(gql: GraphQLClient, document: str, file_format: str = "jsonl",
                   **more: object) -> dict:
    data = await gql.execute(IMPORT, {"document": document, "format": file_format, **more})
    return data["importConversations"]


async def test_a_jsonl_log_is_stored_with_what_was_skipped_and_redacted(
        gql: GraphQLClient) -> None:
    system = {"id": "s", "messages": [{"role": "system", "content": "be nice"},
                                      {"role": "user", "content": "call me on 13800138000"},
                                      {"role": "assistant", "content": "ok",
                                       "raw": {"actions": [{"type": "callback"}]}}],
              "metadata": {"shop": "south", "customer": "Zhang San"}}
    stored = await imported(gql, jsonl([conversation(1), system]), name="week 48",
                            redact=["phone", "customer"])
    assert (stored["name"], stored["sourceFormat"], stored["dialogCount"],
            stored["turnCount"]) == ("week 48", "jsonl", 2, 3)
    assert stored["skipped"] == [
        {"reason": "a system message (instructions to the bot, not judged)", "count": 1}]
    assert stored["redacted"] == [{"name": "phone", "count": 1}, {"name": "customer", "count": 1}]
    assert stored["dialogs"][1]["turns"] == [
        {"user": "call me on [PHONE]", "reply": "ok", "raw": {"actions": [{"type": "callback"}]}}]
    assert stored["dialogs"][1]["metadata"] == {"shop": "south"}
    listed = (await gql.execute(SETS))["conversationSets"]
    assert listed["totalCount"] == 1 and listed["edges"][0]["node"]["id"] == stored["id"]


async def test_sampling_keeps_the_same_draw_for_the_same_seed(gql: GraphQLClient) -> None:
    log = jsonl([conversation(i) for i in range(20)])
    first = await imported(gql, log, sample=5, seed=7)
    second = await imported(gql, log, sample=5, seed=7)
    assert first["dialogCount"] == 5 and first["totalInDocument"] == 20
    assert [d["id"] for d in first["dialogs"]] == [d["id"] for d in second["dialogs"]]


async def test_a_bad_document_names_its_line_and_stores_nothing(gql: GraphQLClient) -> None:
    before = await row_counts()
    error = await gql.error(IMPORT, {"document": jsonl([conversation(1)]) + "{oops\n",
                                     "format": "jsonl"})
    assert error.code == "VALIDATION_FAILED"
    assert error.details[0]["path"] == "document"
    assert error.details[0]["message"].startswith("line 2: not JSON")
    for variables, path in (({"format": "xml"}, "format"), ({"sample": 0}, "sample"),
                            ({"name": " "}, "name")):
        error = await gql.error(IMPORT, {"document": jsonl([conversation(1)]),
                                         "format": "jsonl", **variables})
        assert (error.code, error.details[0]["path"]) == ("VALIDATION_FAILED", path)
    empty = {"id": "x", "messages": [{"role": "system", "content": "hi"}]}
    error = await gql.error(IMPORT, {"document": jsonl([empty]), "format": "jsonl"})
    assert error.details == [{"path": "document",
                              "message": "holds no conversation with a user message"}]
    assert await row_counts() == before


async def test_judged_with_rules_the_run_is_offline_and_uses_the_logged_replies(
        gql: GraphQLClient) -> None:
    stored = await imported(gql, jsonl([conversation(1), conversation(2, booked=False)]))
    before = await row_counts()
    run = (await gql.execute(JUDGE, {"setId": stored["id"], "rules": RULES}))["judgeConversations"]
    assert run["offline"] is True and run["conversationSetId"] == stored["id"]
    assert run["target"]["channelType"] == "offline"
    finished = await wait_for_run(gql, run["id"])
    assert finished["status"] == "COMPLETED"
    assert finished["progress"]["passed"] == 1 and finished["progress"]["failed"] == 1
    assert finished["summary"]["latencyP50Ms"] in (None, 0)
    by_key = {o["caseKey"]: o for o in await outcomes(gql, run["id"])}
    assert by_key["c1"]["passed"] and not by_key["c2"]["passed"]
    assert [t["reply"] for t in by_key["c1"]["turns"]] == ["answer 0", "Booked: RP10001"]
    assert by_key["c1"]["turns"][0]["latencyMs"] is None
    view = (await gql.execute(RUN_OFFLINE, {"id": run["id"]}))["run"]
    assert view["offline"]
    assert view["reportMarkdown"].splitlines()[0].endswith("· offline — logged replies")
    download = await gql.http.get(f"/api/runs/{run['id']}/report.json",
                                  headers={"X-API-Key": gql.key})
    assert download.json()["run"]["offline"] is True
    # The rules made a scenario of the set's user turns (replayable live): one more
    # scenario, campaign and run; the offline target is made once.
    assert view["campaign"]["scenario"]["caseCount"] == 2
    after = await row_counts()
    assert after["Scenario"] - before["Scenario"] == 1 and after["Run"] - before["Run"] == 1


async def test_judged_with_a_scenario_its_per_turn_checks_and_json_path_apply(
        gql: GraphQLClient) -> None:
    logged = conversation(1)
    logged["messages"][1]["raw"] = {"actions": [{"type": "create_ticket"}]}
    stored = await imported(gql, jsonl([logged, conversation(2)]))
    scenario = {"name": "checks", "cases": [{
        "id": "k", "messages": [{"user": "hi", "eval_rules": [{"type": "json_path", "params": {
            "path": "actions[?type=='create_ticket']", "op": "exists"}}]}, "bye"],
        "expectation": {"contains": "Booked"}}]}
    scenario_id = (await gql.execute(IMPORT_SCENARIO, {"document": json.dumps(scenario)})
                   )["importScenario"]["id"]
    run = (await gql.execute(JUDGE, {"setId": stored["id"], "scenarioId": scenario_id})
           )["judgeConversations"]
    assert (await wait_for_run(gql, run["id"]))["status"] == "COMPLETED"
    by_key = {o["caseKey"]: o for o in await outcomes(gql, run["id"])}
    assert by_key["c1"]["passed"] and not by_key["c2"]["passed"]  # c2 logged no raw reply
    assert [r["ruleType"] for r in by_key["c2"]["results"] if not r["passed"]] == ["json_path"]


async def test_latency_rules_are_refused_naming_the_rule(gql: GraphQLClient) -> None:
    stored = await imported(gql, jsonl([conversation(1)]))
    latency = {"name": "slow", "cases": [{"id": "k", "message": "hi",
                                          "expectation": {"max_latency_ms": 500}}]}
    scenario_id = (await gql.execute(IMPORT_SCENARIO, {"document": json.dumps(latency)})
                   )["importScenario"]["id"]
    before = await row_counts()
    error = await gql.error(JUDGE, {"setId": stored["id"], "scenarioId": scenario_id})
    assert error.code == "VALIDATION_FAILED"
    no_latency = "the log holds no latency (give latency_ms on every reply, docs/judge.md)"
    # The scenario's one case cannot judge this log: nothing can be judged, so it is refused.
    assert error.details == [{"path": "scenarioId.cases[0].expectation.max_latency_ms",
                              "message": f"cannot judge a log: {no_latency}"},
                             {"path": "scenarioId",
                              "message": "no case of the scenario can judge this log"}]
    rules = {"eval_rules": [{"type": "response_time", "params": {"max_ms": 100}}]}
    error = await gql.error(JUDGE, {"setId": stored["id"], "rules": rules})
    assert error.details[0]["path"] == "rules.eval_rules[0]"
    assert "response_time cannot judge a log" in error.details[0]["message"]
    per_turn = {"turn_checks": [{"turn_index": 1, "expect": {"max_latency_ms": 10}}]}
    error = await gql.error(JUDGE, {"setId": stored["id"], "rules": per_turn})
    assert error.details == [{"path": "rules.turn_checks[0].expect.max_latency_ms",
                              "message": f"cannot judge a log: {no_latency}"}]
    for variables in ({}, {"scenarioId": scenario_id, "rules": RULES}):
        error = await gql.error(JUDGE, {"setId": stored["id"], **variables})
        assert error.details == [{"path": "scenarioId",
                                  "message": "give exactly one of scenarioId and rules"}]
    assert await row_counts() == before


async def test_a_deleted_set_keeps_the_runs_that_judged_it(gql: GraphQLClient) -> None:
    stored = await imported(gql, jsonl([conversation(1)]))
    run = (await gql.execute(JUDGE, {"setId": stored["id"], "rules": RULES}))["judgeConversations"]
    await wait_for_run(gql, run["id"])
    assert (await gql.execute(DELETE, {"id": stored["id"]}))["deleteConversationSet"] == stored["id"]
    assert (await gql.execute(SET, {"id": stored["id"]}))["conversationSet"] is None
    assert (await wait_for_run(gql, run["id"]))["status"] == "COMPLETED"
    error = await gql.error(JUDGE, {"setId": stored["id"], "rules": RULES})
    assert error.code == "NOT_FOUND"
