"""`agenteval judge`: logged conversations judged offline with the gate's reports.

Real files in the three formats, each conversation judged on its own logged replies
(even when several open alike), sampling, redaction in zh and en, rules a log cannot
serve refused, roles through the role table, a BOM, chunks, and the size limit."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import jsonschema
import pytest
from junitparser import JUnitXml

from agenteval.cli.judge_offline import judge_command
from agenteval.gate.terminal import NORMAL

RULES = """name: Booked repairs
expectation:
  not_contains: "didn't quite get"
eval_rules:
  - type: keyword_match
    params: {keywords: ['RP\\d{5}'], regex: true}
"""


def conversation(index: int, booked: bool, opening: str = "My washing machine is broken"
                 ) -> list[dict[str, str]]:
    last = f"Booked: RP{index:05d}" if booked else "I didn't quite get that."
    return [{"role": "system", "content": "You are Mia."},
            {"role": "user", "content": opening},
            {"role": "assistant", "content": "May I have your name?"},
            {"role": "user", "content": "I'm Tom Lee, phone 13800138000"},
            {"role": "assistant", "content": last}]


def judge(tmp_path: Path, log: Path, **options: object) -> tuple[int, list[dict]]:
    rules = tmp_path / "rules.yaml"
    if not rules.exists():
        rules.write_text(RULES, encoding="utf-8")
    out = tmp_path / "out.json"
    code = judge_command(str(log), str(rules), options.pop("file_format", None),  # type: ignore[arg-type]
                         options.pop("sample", None), options.pop("seed", 0),  # type: ignore[arg-type]
                         options.pop("redact", []), fail_under=options.pop("fail_under", None),  # type: ignore[arg-type]
                         json_out=str(out), junit=options.pop("junit", None),  # type: ignore[arg-type]
                         report=options.pop("report", None), models=None, cache=None,  # type: ignore[arg-type]
                         verbosity=options.pop("verbosity", 0))  # type: ignore[arg-type]
    # One --json entry per chunk of the log (one entry unless the log is long).
    outcomes = [o for entry in json.loads(out.read_text()) for o in entry["outcomes"]] \
        if out.exists() else []
    return code, outcomes


def test_a_jsonl_log_of_500_is_judged_with_the_gates_reports(tmp_path: Path) -> None:
    log = tmp_path / "logs.jsonl"
    log.write_text("".join(json.dumps({"id": f"c{i}", "messages": conversation(i, i % 5 != 0),
                                       "metadata": {"channel": "web"}}) + "\n"
                           for i in range(500)), encoding="utf-8")
    junit = tmp_path / "j.xml"
    code, outcomes = judge(tmp_path, log, fail_under=0.9, junit=str(junit))
    assert code == 1  # 80 % < 0.9
    assert len(outcomes) == 500 and sum(o["passed"] for o in outcomes) == 400
    failed = next(o for o in outcomes if o["caseKey"] == "c5")
    assert [t["reply"] for t in failed["turns"]] == ["May I have your name?",
                                                     "I didn't quite get that."]
    passed = next(o for o in outcomes if o["caseKey"] == "c7")
    assert passed["turns"][1]["reply"] == "Booked: RP00007"
    [suite] = JUnitXml.fromfile(str(junit))
    assert suite.tests == 500 and suite.failures == 100


def test_conversations_that_open_alike_keep_their_own_replies(tmp_path: Path) -> None:
    log = tmp_path / "same.json"  # openai format: a list of message lists
    log.write_text(json.dumps([conversation(i, i % 2 == 0) for i in range(6)]),
                   encoding="utf-8")
    code, outcomes = judge(tmp_path, log)
    assert code == 1  # half the conversations fail: a failure fails the gate by default
    by_key = {o["caseKey"]: o for o in outcomes}
    for i in range(6):
        assert by_key[str(i + 1)]["passed"] == (i % 2 == 0)
        if i % 2 == 0:
            assert by_key[str(i + 1)]["turns"][1]["reply"] == f"Booked: RP{i:05d}"


def test_csv_logs_sampling_and_redaction(tmp_path: Path) -> None:
    log = tmp_path / "logs.csv"
    with log.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["conversation_id", "turn", "role", "text"])
        for i in range(20):
            # Rows out of order: the turn column orders them.
            writer.writerow([f"k{i}", 2, "user", "身份证 11010519491231002X，电话 13800138000"])
            writer.writerow([f"k{i}", 1, "user", "call me on 555-123-4567"])
            writer.writerow([f"k{i}", 1.5, "assistant", "OK"])
            writer.writerow([f"k{i}", 3, "assistant", f"RP{i:05d} booked"])
    code, outcomes = judge(tmp_path, log, sample=5, seed=7, redact=["phone", "id_number"])
    assert code == 0
    keys = [o["caseKey"] for o in outcomes]
    assert len(keys) == 5
    _, again = judge(tmp_path, log, sample=5, seed=7)
    assert [o["caseKey"] for o in again] == keys  # the same draw for the same seed
    sent = [t["sentMessage"] for t in outcomes[0]["turns"]]
    assert sent == ["call me on [PHONE]", "身份证 [ID]，电话 [PHONE]"]
    assert "13800138000" in again[0]["turns"][1]["sentMessage"]  # not redacted unless asked


def test_rules_a_log_cannot_serve_are_refused(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "logs.jsonl"
    log.write_text(json.dumps({"id": "a", "messages": conversation(1, True)}) + "\n",
                   encoding="utf-8")
    (tmp_path / "rules.yaml").write_text(
        "eval_rules:\n  - type: response_time\n    params: {max_ms: 100}\n"
        "expectation: {max_latency_ms: 10}\n", encoding="utf-8")
    code, _ = judge(tmp_path, log)
    assert code == 2
    err = capsys.readouterr().err
    assert "response_time cannot judge a log: the log holds no latency" in err
    assert "expectation.max_latency_ms" in err


def test_the_example_log_fails_where_the_bot_lost_the_thread(tmp_path: Path) -> None:
    examples = Path(__file__).resolve().parents[1] / "examples" / "logs"
    out = tmp_path / "out.json"
    code = judge_command(str(examples / "support.jsonl"), str(examples / "rules.yaml"), None,
                         None, 0, ["phone"], fail_under=0.75, json_out=str(out), junit=None,
                         report=None, models=None, cache=None, verbosity=0)
    assert code == 1  # 2 of 4 pass
    outcomes = {o["caseKey"]: o for o in json.loads(out.read_text())[0]["outcomes"]}
    assert {k for k, o in outcomes.items() if not o["passed"]} == {"app-2001", "app-2002"}
    assert "[PHONE]" in outcomes["web-1001"]["turns"][1]["sentMessage"]


def test_a_bot_role_csv_saved_by_excel_with_a_bom_is_judged_not_passed_blindly(
        tmp_path: Path) -> None:
    log = tmp_path / "excel.csv"
    rows = ["conversation_id,turn,role,text"]
    for i in range(4):
        last = f"Booked: RP{i:05d}" if i % 2 else "I didn't quite get that."
        rows += [f"k{i},1,customer,My washing machine is broken", f"k{i},2,bot,{last}"]
    log.write_bytes(("\r\n".join(rows) + "\r\n").encode("utf-8-sig"))  # Excel's "CSV UTF-8"
    code, outcomes = judge(tmp_path, log)
    assert code == 1
    assert {o["caseKey"]: o["passed"] for o in outcomes} == {
        "k0": False, "k1": True, "k2": False, "k3": True}
    assert outcomes[1]["turns"][0]["reply"] == "Booked: RP00001"


def test_an_unknown_role_and_a_non_utf8_file_are_refused_with_where(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "odd.jsonl"
    log.write_text(json.dumps({"id": "a", "messages": [
        {"role": "user", "content": "hi"}, {"role": "operator", "content": "hello"}]}) + "\n",
        encoding="utf-8")
    assert judge(tmp_path, log)[0] == 2
    assert "line 1: message 2: the role 'operator' is not in the role table" \
        in capsys.readouterr().err
    gbk = tmp_path / "gbk.csv"
    gbk.write_bytes("conversation_id,turn,role,text\nk,1,用户,空调坏了\n".encode("gbk"))
    assert judge(tmp_path, gbk)[0] == 2
    assert "it is not UTF-8 text" in capsys.readouterr().err


def test_a_long_log_is_judged_in_chunks_with_one_verdict_over_all(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from agenteval.cli import judge_offline

    monkeypatch.setattr(judge_offline, "CHUNK", 4)
    log = tmp_path / "logs.jsonl"
    log.write_text("".join(json.dumps({"id": f"c{i}", "messages": conversation(i, i != 9)})
                           + "\n" for i in range(10)), encoding="utf-8")
    junit, report = tmp_path / "j.xml", tmp_path / "r.md"
    code, outcomes = judge(tmp_path, log, fail_under=0.85, verbosity=NORMAL, junit=str(junit),
                           report=str(report))
    assert code == 0  # 9 of 10 pass: 90 % over the whole log, though the last chunk has 50 %
    assert [o["caseKey"] for o in outcomes] == [f"c{i}" for i in range(10)]
    # The files are written a chunk at a time, in the gate's shapes.
    schema = json.loads((Path(__file__).resolve().parents[1] / "docs" / "run-json.schema.json")
                        .read_text(encoding="utf-8"))
    jsonschema.validate(json.loads((tmp_path / "out.json").read_text()), schema)
    suites = JUnitXml.fromfile(str(junit))
    assert [s.tests for s in suites] == [4, 4, 2] and suites.failures == 1
    assert report.read_text().count("# Run report") == 3
    out = capsys.readouterr().out
    assert "(conversations 9–10)" in out and "all scenarios" in out
    assert judge(tmp_path, log)[0] == 1  # without --fail-under the one failure fails it


def test_a_log_over_the_limit_is_refused_with_advice_and_no_temp_file_names(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from agenteval.cli import judge_log_file

    monkeypatch.setattr(judge_log_file, "MAX_LOG_CONVERSATIONS", 3)
    log = tmp_path / "logs.jsonl"
    log.write_text("".join(json.dumps({"id": f"c{i}", "messages": conversation(i, True)})
                           + "\n" for i in range(4)), encoding="utf-8")
    assert judge(tmp_path, log)[0] == 2
    err = capsys.readouterr().err
    assert f"{log} holds more than 3 conversations, the most one `agenteval judge` reads: " \
           "judge a sample of them (--sample N) or split the file and judge each part" in err
    assert "agenteval-judge-" not in err and "offline.json" not in err


def test_a_skipped_simulated_case_needs_no_model_the_judged_cases_do(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    for role in ("JUDGE", "SIMULATOR"):
        for suffix in ("MODEL", "BASE_URL", "API_KEY"):
            monkeypatch.delenv(f"AGENTEVAL_{role}_{suffix}", raising=False)
    seeded = json.loads((Path(__file__).resolve().parents[1] / "agenteval" / "demo_data"
                         / "scenarios" / "simulated_users_llm.json").read_text("utf-8"))
    judged_simulation = {**seeded["cases"][0], "eval_rules": [
        {"type": "llm_score", "params": {"criteria": "polite"}}]}
    booked = {"id": "booked", "message": "hi", "expectation": {"contains": "RP"}}
    (tmp_path / "rules.yaml").write_text(json.dumps(
        {"name": "mixed", "cases": [judged_simulation, seeded["cases"][1], booked]}))
    log = tmp_path / "logs.jsonl"
    log.write_text(json.dumps({"id": "a", "messages": conversation(1, True)}) + "\n",
                   encoding="utf-8")
    code, outcomes = judge(tmp_path, log)
    assert code == 0 and [o["passed"] for o in outcomes] == [True]
    err = capsys.readouterr().err
    assert "not judged: scenario case sim-booking-zh-model: a simulated case" in err
    # A case that judges the log with a JUDGE rule needs the model, as in the gate.
    (tmp_path / "rules.yaml").write_text(json.dumps({"name": "judged", "cases": [
        {**booked, "eval_rules": [{"type": "llm_score", "params": {"criteria": "polite"}}]}]}))
    assert judge(tmp_path, log)[0] == 2
    assert "needs a JUDGE model" in capsys.readouterr().err
