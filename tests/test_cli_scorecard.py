"""`agenteval judge LOG --scorecard FILE` and `agenteval run … --scorecard FILE`: the scorecard
as a hard rule on every case, its summary printed and appended to the reports."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from junitparser import JUnitXml

from agenteval.cli import main as cli

ROOT = Path(__file__).resolve().parents[1]
DEMO_SCORECARD = ROOT / "agenteval" / "demo_data" / "scorecards" / "mia_qa.yaml"
SCORECARD = """name: small-qa
version: 3
libraries:
  - {name: banned, version: 1, file: banned.csv}
items:
  - id: greeting
    points: -5
    check: {type: qa_phrase, params: {position: first, phrases: [您好, hello]}}
  - id: banned
    points: -10
    check: {type: qa_word_library, params: {library: banned@1}}
  - id: promise
    points: -100
    critical: true
    check: {type: qa_phrase, params: {expect: absent, match: regex,
                                      phrases: ['保证.{0,6}退款', 'guarantee .{0,10}refund']}}
"""


def log_file(tmp_path: Path) -> Path:
    conversations = [
        ("clean", [("我要退货", "您好，请问订单号？"), ("HC2611280417", "已受理")]),
        ("promise", [("退款！", "我保证给您全额退款"), ("好", "全 网 最 低")]),
        ("rude", [("hello?", "Not my problem, lowest price anyway.")]),
    ]
    lines = []
    for name, exchanges in conversations:
        messages = [m for user, bot in exchanges for m in (
            {"role": "user", "content": user}, {"role": "assistant", "content": bot})]
        lines.append(json.dumps({"id": name, "messages": messages}, ensure_ascii=False))
    path = tmp_path / "log.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.fixture
def scorecard(tmp_path: Path) -> Path:
    (tmp_path / "banned.csv").write_text("词,备注\n全网最低,价格\nlowest price,price\n",
                                          encoding="utf-8")
    path = tmp_path / "qa.yaml"
    path.write_text(SCORECARD, encoding="utf-8")
    return path


def test_judge_with_only_a_scorecard_scores_every_logged_conversation(
        tmp_path: Path, scorecard: Path) -> None:
    out, report, junit = tmp_path / "out.json", tmp_path / "r.md", tmp_path / "j.xml"
    result = CliRunner().invoke(cli, ["judge", str(log_file(tmp_path)), "--scorecard",
                                      str(scorecard), "--json", str(out), "--report", str(report),
                                      "--junit", str(junit)])
    assert "Scorecard small-qa@3" in result.output, result.output
    assert "vetoed 1" in result.output and "promise: 0 不合格 VETO promise" in result.output
    outcomes = {o["caseKey"]: o for o in json.loads(out.read_text())[0]["outcomes"]}
    detail = {o: next(r for r in outcomes[o]["results"] if r["ruleType"] == "scorecard")
              for o in outcomes}
    assert detail["clean"]["detail"]["total"] == 100 and outcomes["clean"]["passed"]
    assert detail["promise"]["implicit"] and not outcomes["promise"]["passed"]
    assert outcomes["promise"]["successLevel"] == "FAILURE"
    banned = next(i for i in detail["promise"]["detail"]["items"] if i["item"] == "banned")
    assert banned["status"] == "hit" and banned["evidence"][0]["turn_index"] == 1  # obfuscated
    rude = next(i for i in detail["rude"]["detail"]["items"] if i["item"] == "banned")
    assert rude["evidence"][0]["word"] == "lowest price"
    assert detail["rude"]["detail"]["total"] == 85  # no greeting (-5), a banned word (-10)
    assert "## Scorecard" in report.read_text(encoding="utf-8")
    assert any("promise" in (case.name or "") for suite in JUnitXml.fromfile(str(junit))
               for case in suite)


def test_a_bad_scorecard_is_bad_input_naming_the_field(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: x\nversion: 1\nitems:\n  - {id: a, points: -1, check: "
                   "{type: qa_phrase, params: {phrases: ['(']," " match: regex}}}\n",
                   encoding="utf-8")
    result = CliRunner().invoke(cli, ["judge", str(log_file(tmp_path)), "--scorecard", str(bad)])
    assert result.exit_code == 2
    assert "scorecard.items[0].check.params.phrases[0]" in result.output


def test_judge_needs_rules_or_a_scorecard(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["judge", str(log_file(tmp_path))])
    assert result.exit_code == 2 and "--scorecard" in result.output


def test_run_with_the_demo_scorecard_prints_totals_grades_and_the_worst(tmp_path: Path) -> None:
    out = tmp_path / "out.json"
    scenario = ROOT / "agenteval" / "demo_data" / "scenarios" / "complaints.json"
    result = CliRunner().invoke(cli, [
        "run", str(scenario),
        "--target", str(ROOT / "examples" / "targets" / "demo.json"),
        "--scorecard", str(DEMO_SCORECARD), "--json", str(out)])
    assert "Scorecard mia-qa@1" in result.output, result.output
    assert "grades: 优" in result.output and "worst conversations:" in result.output
    assert "by tag" in result.output and "zh " in result.output  # the cases' tags
    assert "no_apology -10" in result.output
    entry = json.loads(out.read_text())[0]
    assert entry["scenario"]["name"]  # the scenario ran under its own name
    # The header and the outputs name the file the user gave, not the copy given the rule.
    assert f"({scenario})" in result.output and "agenteval-scorecard-" not in result.output
    assert entry["scenario"]["file"] == str(scenario)
    assert all(any(r["ruleType"] == "scorecard" for r in o["results"])
               for o in entry["outcomes"])
