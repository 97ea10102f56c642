"""Each importer on real files: botium-core's fixtures, τ²'s retail tasks (both fetched
from their registries), promptfoo and DeepEval files written from their documented formats.
Every output passes the scenario validation the gate uses; nothing is dropped silently."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agenteval.cli.import_tests import check_scenario, run_import, scenario_document
from agenteval.domain.intelligent.seeds_validation import validate_seeds
from agenteval.importers.mapping import ImportResult, render_table
from tests.importers.conftest import FIXTURES


def _rows(result: ImportResult, case: str) -> list[tuple[str, str]]:
    return [(r.item, r.outcome) for r in result.rows if r.case == case]


def test_promptfoo_assertions_map_or_are_refused_with_their_reason() -> None:
    path = FIXTURES / "promptfoo_all_assertions.json"
    result = run_import("promptfoo", [path])
    check_scenario(scenario_document(result, [path]))
    [every, chat] = result.cases
    assert every["message"] == "What is your refund policy?"
    assert every["expectation"] == {
        "regex": ["refund", r"\d+ days", r"(?s)^\s*Refunds\ within\ 30\ days\.\s*$"],
        "contains": ["30 DAYS"], "not_contains": ["sorry"], "json": True}
    assert [(r["type"], r["params"]) for r in every["eval_rules"]] == [
        ("json_schema", {"schema": {"type": "object", "required": ["policy"]}}),
        ("llm_score", {"criteria": "states the refund window", "min_score": 8.0}),
        ("semantic_similarity", {"reference": "You can get a refund within 30 days",
                                 "min_similarity": 0.8}),
        ("response_time", {"max_ms": 3000})]
    assert chat["type"] == "multi_turn"
    assert chat["messages"][0] == "Who founded Facebook?"
    assert chat["messages"][1]["expect"] == {"contains": ["zuckerberg"]}
    refused = {r.item: r.detail for r in result.rows if r.case == "code-assertions-are-refused"}
    assert "does not execute imported code" in refused["assert javascript"]
    assert "does not execute imported code" in refused["assert python"]
    assert refused["assert levenshtein"] == "no AgentEval equivalent for this assertion"
    assert ("vars.context", "dropped") in _rows(result, "every-mappable-assertion")
    # Cases with nothing checkable are flagged and left out, never counted as passes.
    assert result.counts() == {"cases": 2, "seed_goals": 0, "mapped": 15, "dropped": 4,
                               "flagged": 2}
    assert {r.case for r in result.rows if r.outcome == "flagged"} == {
        "code-assertions-are-refused", "no-assertion-at-all"}


def test_promptfoo_conversation_ids_become_one_case_with_checks_at_each_turn() -> None:
    path = FIXTURES / "promptfoo_demo.yaml"
    result = run_import("promptfoo", [path])
    check_scenario(scenario_document(result, [path]))
    cases = {c["id"]: c for c in result.cases}
    flow = cases["repair-conversation"]["messages"]
    assert [m["user"] for m in flow] == ["My washing machine is broken, I need a repair",
                                         "I'm Tom Lee", "my phone number is 5551234567"]
    # defaultTest's assertion checks every turn; each test's own checks its turn.
    assert flow[1]["expect"] == {"not_contains": ["traceback", "didn't quite get"],
                                 "contains": ["phone"]}
    assert cases["change-of-mind-mid-flow"]["messages"][0] == (
        "My washing machine is broken, I need a repair")
    assert ("prompts", "dropped") in _rows(result, "promptfoo_demo.yaml")


def test_botium_core_fixtures_import_with_their_mapping_table(botium_fixtures: Path) -> None:
    result = run_import("botium", [botium_fixtures])
    counts = result.counts()
    convos = len(list(botium_fixtures.rglob("*.convo.txt")))
    assert convos == 196
    # Every convo is either a case or flagged, never lost.
    assert counts["cases"] + counts["flagged"] == convos
    assert counts == {"cases": 73, "seed_goals": 0, "mapped": 165, "dropped": 249,
                      "flagged": 123}
    check_scenario(scenario_document(result, [botium_fixtures]))
    table = render_table(result)
    assert "botium: 73 cases" in table
    details = {r.detail for r in result.rows if r.outcome == "dropped"}
    assert "buttons, media, cards and forms are not in a text reply" in details
    assert any("scripting memory" in d for d in details)


def test_a_botium_convo_asserts_its_intermediate_bot_turns(botium_fixtures: Path) -> None:
    result = run_import("botium", [botium_fixtures])
    multi = [c for c in result.cases if c.get("type") == "multi_turn"]
    assert multi, "botium-core has multi-turn convos"
    checked_middle = [c for c in multi if isinstance(c["messages"][0], dict)]
    assert checked_middle, "an intermediate bot turn became a per-turn check"


def test_tau2_retail_tasks_become_simulated_cases_and_db_rewards_are_not_mapped(
        tau2_retail: Path) -> None:
    tasks = json.loads(tau2_retail.read_text(encoding="utf-8"))
    result = run_import("tau2", [tau2_retail])
    counts = result.counts()
    assert counts["cases"] + counts["flagged"] == len(tasks) == 114
    case = result.cases[0]
    assert case["type"] == "simulated" and case["max_turns"] == 20
    assert case["stop_when"] == {"simulator": True}
    assert case["persona"]["personality"] and case["goal"]
    assert all(r["type"] == "llm_score" and r["params"]["scope"] == "full_dialog"
               for r in case["eval_rules"])
    not_mappable = [r for r in result.rows if r.item.startswith("actions")]
    assert len(not_mappable) == sum(1 for t in tasks if t["evaluation_criteria"]["actions"])
    assert all(r.outcome == "dropped" and "not mappable" in r.detail for r in not_mappable)
    check_scenario(scenario_document(result, [tau2_retail]))
    seeds = run_import("tau2", [tau2_retail], as_seeds=True)
    validate_seeds(seeds.seeds(), "seeds")
    assert len(seeds.goals) == len(seeds.personas) == 114
    assert seeds.goals[0]["dimension"] == "retail"


def test_deepeval_goldens_become_simulated_cases_or_seeds() -> None:
    path = FIXTURES / "deepeval_goldens.json"
    result = run_import("deepeval", [path])
    check_scenario(scenario_document(result, [path]))
    booking = result.cases[0]
    assert booking["type"] == "simulated"
    assert booking["opening"] == "My washing machine is broken, I need a repair"
    assert booking["persona"]["background"].startswith("Tom Lee")
    assert "reference number" in booking["eval_rules"][0]["params"]["criteria"]
    assert result.counts() == {"cases": 2, "seed_goals": 0, "mapped": 8, "dropped": 3,
                               "flagged": 1}
    seeds = run_import("deepeval", [path], as_seeds=True)
    validate_seeds(seeds.seeds(), "seeds")
    assert seeds.goals[0] == {"goal": booking["goal"], "dimension": "deepeval",
                              "script": {"opening": booking["opening"]}}
    assert len(seeds.goals) == 3
    assert any(r.item == "criteria" and r.outcome == "dropped" for r in seeds.rows)


def test_botium_reads_bom_and_crlf_files_and_refuses_other_encodings_naming_them(
        tmp_path: Path) -> None:
    (tmp_path / "greet.utterances.txt").write_bytes(
        b"\xef\xbb\xbfUTT_HELLO\r\nhello there\r\nhi\r\n")
    (tmp_path / "greet.convo.txt").write_bytes(
        b"\xef\xbb\xbfgreet\r\n\r\n#me\r\nUTT_HELLO\r\n\r\n#bot\r\nwelcome\r\n")
    (tmp_path / "legacy.convo.txt").write_bytes("旧文件\n\n#me\n你好\n\n#bot\n欢迎光临\n"
                                                .encode("gbk"))
    result = run_import("botium", [tmp_path])
    assert result.cases == [{"id": "greet", "message": "hello there",
                             "expectation": {"contains": ["welcome"]}, "tags": ["botium"]}]
    [refused] = [r for r in result.rows if r.case == "legacy.convo.txt"]
    assert refused.outcome == "dropped" and "GB18030/GBK" in refused.detail


def test_botium_reads_only_the_files_given(tmp_path: Path) -> None:
    (tmp_path / "broken.convo.txt").write_bytes("坏\n#me\n你好\n".encode("gbk"))
    (tmp_path / "ok.convo.txt").write_text("ok\n\n#me\nhi\n\n#bot\nhello\n", encoding="utf-8")
    result = run_import("botium", [tmp_path / "ok.convo.txt"])
    assert [c["id"] for c in result.cases] == ["ok"]
    assert all(r.case != "broken.convo.txt" for r in result.rows)


def test_a_botium_include_that_is_not_given_or_circular_flags_the_convo(tmp_path: Path) -> None:
    (tmp_path / "main.convo.txt").write_text("main\n\n#me\nhi\n\nINCLUDE Login\n\n#bot\nok\n",
                                             encoding="utf-8")
    result = run_import("botium", [tmp_path / "main.convo.txt"])
    assert not result.cases
    assert "'Login' is not among the files given" in {
        r.item: r.detail for r in result.rows}["#include"]
    (tmp_path / "a.pconvo.txt").write_text("A\n\n#include B\n", encoding="utf-8")
    (tmp_path / "b.pconvo.txt").write_text("B\n\n#include A\n", encoding="utf-8")
    (tmp_path / "main.convo.txt").write_text("main\n\n#me\nhi\n\n#include A\n\n#bot\nok\n",
                                             encoding="utf-8")
    result = run_import("botium", [tmp_path])
    assert "included in a circle: A → B → A" in {r.item: r.detail for r in result.rows
                                                  if r.case == "main"}["#include"]
    assert not result.cases


def test_templates_render_in_a_sandbox_and_what_cannot_render_is_refused() -> None:
    from agenteval.importers.promptfoo_templates import TemplateRefused, render

    assert render("Hi {{ name | upper }}, {{ items | dump }}", {"name": "ann",
                                                               "items": ["a"]}) == 'Hi ANN, ["a"]'
    for template, variables in [("{{ missing }}", {}),
                                ("{{ ''.__class__.__mro__[1].__subclasses__() }}", {}),
                                ("{{ x }}", {"x": "{{ y }}"}),
                                ("{% if %}", {})]:
        with pytest.raises(TemplateRefused):
            render(template, variables)


def test_json_path_transforms_become_jmespath_and_code_is_not_one() -> None:
    from agenteval.importers.promptfoo_assertions import json_path

    assert json_path("output.actions[0].type") == ("actions[0].type", "raw")
    assert json_path("JSON.parse(output).data['user name']") == ('data."user name"', "reply")
    assert json_path("output") is None
    assert json_path("output.toLowerCase()") is None
    assert json_path("output.items.map(i => i.id)") is None


def test_the_mapping_table_prints_long_ids_whole(tmp_path: Path) -> None:
    result = ImportResult("tau2")
    ids = [f"tau2-telecom-[mobile_data_issue]user_abroad_roaming_{s}[PERSONA:None]"
           for s in ("enabled_off", "disabled_on", "disabled_off")]
    for case in ids:
        result.flagged(case, "nothing checkable")
    table = render_table(result)
    assert all(case in table for case in ids)


def test_a_test_level_simulated_user_with_a_non_rubric_check(tmp_path: Path) -> None:
    config = tmp_path / "promptfooconfig.yaml"
    config.write_text("""
tests:
  - description: long chat
    provider:
      id: promptfoo:simulated-user
      config: {maxTurns: 80}
    vars:
      instructions: You are {{name}} and want a refund for order 0012345.
      name: Ann
    assert:
      - type: contains
        value: refund
      - type: llm-rubric
        value: The agent starts a refund
""", encoding="utf-8")
    result = run_import("promptfoo", [config])
    [case] = result.cases
    assert case["type"] == "simulated" and case["max_turns"] == 50
    assert case["goal"] == "You are Ann and want a refund for order 0012345."
    assert [r["type"] for r in case["eval_rules"]] == ["llm_score"]
    assert case["eval_rules"][0]["params"]["scope"] == "full_dialog"
    rows = {r.item: (r.outcome, r.detail) for r in result.rows}
    assert rows["assert contains"][0] == "dropped"
    assert "whole transcript" in rows["assert contains"][1]
    assert rows["maxTurns"] == ("mapped", "80 → 50, AgentEval's limit")
    check_scenario(scenario_document(result, [config]))


def test_promptfoo_yaml_is_read_as_yaml_1_2(tmp_path: Path) -> None:
    config = tmp_path / "c.yaml"
    config.write_text("tests:\n  - vars: {message: No}\n    assert: [{type: icontains, "
                      "value: 0012345}]\n  - vars: {message: on}\n    assert: [{type: "
                      "icontains, value: ok}]\n", encoding="utf-8")
    result = run_import("promptfoo", [config])
    assert [(c["message"], c["expectation"]) for c in result.cases] == [
        ("No", {"contains": ["0012345"]}), ("on", {"contains": ["ok"]})]


def test_promptfoo_vars_from_a_file_and_a_list_of_messages(tmp_path: Path) -> None:
    (tmp_path / "vars.yaml").write_text("message: Where is my parcel?\n", encoding="utf-8")
    config = tmp_path / "c.yaml"
    config.write_text("tests:\n  - vars: file://vars.yaml\n    assert: [{type: icontains, "
                      "value: parcel}]\n  - description: many\n    vars: {message: [a, b]}\n"
                      "    assert: [{type: icontains, value: ok}]\n", encoding="utf-8")
    result = run_import("promptfoo", [config])
    assert [c["message"] for c in result.cases] == ["Where is my parcel?"]
    [listed] = [r for r in result.rows if r.case == "many" and r.item == "vars.message"]
    assert listed.outcome == "dropped" and "once per value" in listed.detail


def test_promptfoo_metadata_becomes_tags_only_when_it_is_a_short_text(tmp_path: Path) -> None:
    config = tmp_path / "c.yaml"
    config.write_text("tests:\n  - vars: {message: hi}\n    metadata: {team: billing, "
                      "owners: [ann, bo], note: " + "x" * 300 + "}\n    assert: [{type: "
                      "icontains, value: hello}]\n", encoding="utf-8")
    result = run_import("promptfoo", [config])
    assert result.cases[0]["tags"] == ["promptfoo", "team:billing"]
    outcomes = {r.item: r.outcome for r in result.rows}
    assert (outcomes["metadata.owners"], outcomes["metadata.note"]) == ("dropped", "dropped")
    check_scenario(scenario_document(result, [config]))
