"""`agenteval judge` and `judgeConversations` judge one log through one code path: the same
verdicts, rule by rule, on a log with raw replies, tool calls and latencies; and any
scenario can judge a log, its cases that cannot be skipped and named."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.api.errors.conftest import row_counts
from tests.api.offline_helpers import IMPORT, JUDGE
from tests.api.static_helpers import IMPORT_SCENARIO, outcomes, wait_for_run
from tests.support.graphql_client import GraphQLClient

DEMO_SCENARIOS = Path(__file__).resolve().parents[2] / "agenteval" / "demo_data" / "scenarios"
RULES = {
    "name": "Bookings",
    "expectation": {"not_contains": "didn't quite get"},
    "eval_rules": [
        {"type": "keyword_match", "params": {"keywords": [r"RP\d{5}"], "regex": True}},
        {"type": "json_path", "params": {"path": "ticket.status", "op": "equals",
                                         "value": "open"}},
        {"type": "tool_call", "params": {"name": "create_ticket",
                                         "arguments": {"kind": "repair"}}},
        {"type": "response_time", "params": {"max_ms": 1000}},
    ],
    "turn_checks": [{"turn_index": 0, "expect": {"contains": "name"}}],
}
STATUS_QUERY = """query($id: ID!) { run(id: $id) { offlineSkipped { caseKey reason } } }"""


def conversation(index: int) -> dict[str, Any]:
    """Every way of failing a rule, by index: no raw reply, a wrong status, no tool call,
    a wrong tool argument, a slow reply, a missing booking number, a lost thread."""
    booked = index % 6 != 5
    call = {"id": f"t{index}", "type": "function", "function": {
        "name": "create_ticket",
        "arguments": json.dumps({"kind": "install" if index % 6 == 3 else "repair"})}}
    last: dict[str, Any] = {
        "role": "客服" if index % 2 else "bot",
        "content": f"Booked: RP{index:05d}" if booked else "Sorry, I didn't quite get that",
        "latency_ms": 1500 if index % 6 == 4 else 300 + index}
    if index % 6 != 1:
        last["raw"] = {"ticket": {"status": "open" if index % 6 != 2 else "closed"}}
    first = {"role": "assistant", "content": "Your name, please?", "latency_ms": 200}
    if index % 6 != 0:
        first["tool_calls"] = [call]
    return {"id": f"c{index}", "metadata": {"shop": "north"}, "messages": [
        {"role": "system", "content": "You are Mia."},
        {"role": "user", "content": "My washer is broken"}, first,
        {"role": "tool", "tool_call_id": f"t{index}", "content": "{}"},
        {"role": "user", "content": "Tom Lee"}, last]}


def cli_judge(log: Path, rules: Path, *extra: str) -> tuple[int, list[dict[str, Any]], str]:
    out = log.parent / "cli.json"
    done = subprocess.run([sys.executable, "-m", "agenteval.cli", "judge", str(log), "--rules",
                           str(rules), "--json", str(out), "--no-cache", "-q", *extra],
                          capture_output=True, text=True, timeout=120)
    entries = json.loads(out.read_text()) if out.exists() else []
    return done.returncode, [o for e in entries for o in e["outcomes"]], done.stderr


def verdicts(found: list[dict[str, Any]]) -> dict[str, Any]:
    return {o["caseKey"]: (o["passed"], o["successLevel"], o["score"], sorted(
        (r["ruleType"], r["passed"], r["score"], r["error"]) for r in o["results"]))
        for o in found}


async def judged_on_the_server(gql: GraphQLClient, document: str, file_format: str,
                               **how: Any) -> tuple[str, list[dict[str, Any]]]:
    stored = (await gql.execute(IMPORT, {"document": document, "format": file_format})
              )["importConversations"]
    run = (await gql.execute(JUDGE, {"setId": stored["id"], **how}))["judgeConversations"]
    assert (await wait_for_run(gql, run["id"]))["status"] == "COMPLETED"
    return run["id"], await outcomes(gql, run["id"])


@pytest.fixture(scope="module")
def judged_by_the_cli(tmp_path_factory: pytest.TempPathFactory
                      ) -> tuple[Path, int, list[dict[str, Any]]]:
    """The log judged once by `agenteval judge` (a process of its own) for both databases."""
    log = tmp_path_factory.mktemp("parity") / "logs.jsonl"
    log.write_text("".join(json.dumps(conversation(i), ensure_ascii=False) + "\n"
                           for i in range(12)), encoding="utf-8")
    rules = log.parent / "rules.json"
    rules.write_text(json.dumps(RULES), encoding="utf-8")
    code, cli, _ = cli_judge(log, rules)
    return log, code, cli


async def test_the_cli_and_the_server_give_the_same_verdicts_rule_by_rule(
        gql: GraphQLClient, judged_by_the_cli: tuple[Path, int, list[dict[str, Any]]]) -> None:
    log, code, cli = judged_by_the_cli
    _, server = await judged_on_the_server(
        gql, log.read_text("utf-8"), "jsonl",
        rules={k: v for k, v in RULES.items() if k != "name"})
    assert verdicts(cli) == verdicts(server)
    assert code == 1
    by_key = {o["caseKey"]: o for o in cli}
    failing = {k: sorted(r["ruleType"] for r in o["results"] if not r["passed"])
               for k, o in by_key.items() if not o["passed"]}
    # Each way of failing is seen by the rule that checks it, and only by it.
    assert failing == {"c0": ["tool_call"], "c1": ["json_path"], "c2": ["json_path"],
                       "c3": ["tool_call"], "c4": ["response_time"],
                       "c5": ["expect_not_contains", "keyword_match"],
                       "c6": ["tool_call"], "c7": ["json_path"], "c8": ["json_path"],
                       "c9": ["tool_call"], "c10": ["response_time"],
                       "c11": ["expect_not_contains", "keyword_match"]}
    assert [t["latencyMs"] for t in by_key["c4"]["turns"]] == [200, 1500]


async def test_a_scenario_with_simulated_cases_judges_a_log_with_them_skipped_and_named(
        gql: GraphQLClient, tmp_path: Path) -> None:
    seeded = json.loads((DEMO_SCENARIOS / "simulated_users.json").read_text("utf-8"))
    document = "".join(json.dumps(conversation(i)) + "\n" for i in range(3))
    stored = (await gql.execute(IMPORT, {"document": document, "format": "jsonl"})
              )["importConversations"]
    # The seeded scenario as it is: every case simulated, nothing can judge a log.
    scenario_id = (await gql.execute(IMPORT_SCENARIO, {"document": json.dumps(seeded)})
                   )["importScenario"]["id"]
    before = await row_counts()
    error = await gql.error(JUDGE, {"setId": stored["id"], "scenarioId": scenario_id})
    assert error.code == "VALIDATION_FAILED"  # not INTERNAL (KeyError: 'messages')
    assert [d["path"] for d in error.details] == ["scenarioId.cases[0]", "scenarioId.cases[1]",
                                                  "scenarioId"]
    assert "a simulated case" in error.details[0]["message"]
    assert await row_counts() == before
    # With a case that can judge it, the run judges the log and names what it left out.
    mixed = {**seeded, "cases": [*seeded["cases"], {
        "id": "booked", "messages": ["hi", "bye"],
        "eval_rules": [{"type": "keyword_match", "params": {"keywords": ["RP"]}}],
        "expectation": {"max_latency_ms": 1000}}]}
    mixed_id = (await gql.execute(IMPORT_SCENARIO, {"document": json.dumps(mixed)})
                )["importScenario"]["id"]
    run_id, judged = await judged_on_the_server(gql, document, "jsonl", scenarioId=mixed_id)
    assert len(judged) == 3 and all(o["passed"] for o in judged)
    assert {r["ruleType"] for r in judged[0]["results"]} == {"keyword_match",
                                                             "expect_max_latency"}
    skipped = (await gql.execute(STATUS_QUERY, {"id": run_id}))["run"]["offlineSkipped"]
    assert [s["caseKey"] for s in skipped] == [c["id"] for c in seeded["cases"]]
    assert all(s["reason"].startswith("a simulated case") for s in skipped)
    # The CLI reads the same scenario file the same way.
    (tmp_path / "logs.jsonl").write_text(document, encoding="utf-8")
    (tmp_path / "mixed.json").write_text(json.dumps(mixed), encoding="utf-8")
    code, cli, err = cli_judge(tmp_path / "logs.jsonl", tmp_path / "mixed.json")
    assert code == 0 and verdicts(cli) == verdicts(judged)
    for case in seeded["cases"]:
        assert f"not judged: scenario case {case['id']}: a simulated case" in err


async def test_a_latency_rule_is_judged_when_the_log_has_latencies_and_skipped_when_not(
        gql: GraphQLClient) -> None:
    slow = {"name": "slow", "cases": [
        {"id": "fast", "message": "hi", "expectation": {"max_latency_ms": 1000}},
        {"id": "booked", "message": "hi", "expectation": {"contains": "Booked"}}]}
    scenario_id = (await gql.execute(IMPORT_SCENARIO, {"document": json.dumps(slow)})
                   )["importScenario"]["id"]
    timed = "".join(json.dumps(conversation(i)) + "\n" for i in (3, 4))
    run_id, judged = await judged_on_the_server(gql, timed, "jsonl", scenarioId=scenario_id)
    assert {o["caseKey"]: o["passed"] for o in judged} == {"c3": True, "c4": False}
    assert (await gql.execute(STATUS_QUERY, {"id": run_id}))["run"]["offlineSkipped"] is None
    untimed = [conversation(i) for i in (3, 4)]
    for entry in untimed:
        for message in entry["messages"]:
            message.pop("latency_ms", None)
    run_id, judged = await judged_on_the_server(
        gql, "".join(json.dumps(c) + "\n" for c in untimed), "jsonl", scenarioId=scenario_id)
    assert {o["caseKey"]: o["passed"] for o in judged} == {"c3": True, "c4": True}
    [skipped] = (await gql.execute(STATUS_QUERY, {"id": run_id}))["run"]["offlineSkipped"]
    assert skipped["caseKey"] == "fast"
    assert "the log holds no latency" in skipped["reason"]
