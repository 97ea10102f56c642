"""The gate on its own scratch database (its case attempts do not wait for their saves) gives
the same outputs as on a given database (each attempt waits, as in the server): terminal,
--json, --junit, --report and the --baseline comparison, apart from ids and timings."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from agenteval.cli.run_gate import run_command

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
SCENARIOS = [str(EXAMPLES / "scenarios" / "booking.json"),
             str(EXAMPLES / "scenarios" / "returns.json")]
DEMO = str(EXAMPLES / "targets" / "demo.json")
UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
MILLISECONDS = re.compile(r"\d+ ms\b")
TIMESTAMP = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z")


def _gate(folder: Path, database_url: str | None, baseline: str | None,
          capsys: pytest.CaptureFixture[str]) -> tuple[int, str, dict[str, str]]:
    folder.mkdir()
    files = {"json": folder / "run.json", "junit": folder / "run.xml",
             "report": folder / "report.md"}
    code = run_command(SCENARIOS, DEMO, repeat=2, concurrency=4, fail_under=0.5,
                       json_out=str(files["json"]), junit=str(files["junit"]),
                       report=str(files["report"]), baseline=baseline,
                       database_url=database_url)
    out = capsys.readouterr().out
    return code, out, {name: path.read_text(encoding="utf-8") for name, path in files.items()}


def _without_timings(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _without_timings(v) for k, v in value.items()
                if k not in ("id", "durationS") and "latency" not in k.lower()}
    if isinstance(value, list):
        return [_without_timings(v) for v in value]
    return value


def _text(text: str) -> str:
    return TIMESTAMP.sub("T", MILLISECONDS.sub("N ms", UUID.sub("ID", text)))


def _comparable(files: dict[str, str]) -> dict[str, Any]:
    # The report's "Slowest turns" table is ordered by the latencies it shows.
    report = re.sub(r"## Slowest turns\n.*?(?=\n## |\Z)", "", files["report"], flags=re.S)
    return {"json": _without_timings(json.loads(files["json"])),
            "junit": re.sub(r' time="[0-9.]+"', "", _text(files["junit"])),
            "report": _text(report)}


def test_the_scratch_database_gives_the_same_outputs_as_a_given_one(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("AGENTEVAL_DATABASE_URL", raising=False)  # the gate's scratch one
    kept_db = tmp_path / "kept.db"
    kept = _gate(tmp_path / "kept", f"sqlite://{kept_db}", None, capsys)
    assert kept_db.exists()
    baseline = str(tmp_path / "kept" / "run.json")
    scratch = _gate(tmp_path / "scratch", None, None, capsys)
    against_baseline = [_gate(tmp_path / name, url, baseline, capsys)
                        for name, url in (("scratch-b", None),
                                          ("kept-b", f"sqlite://{tmp_path / 'kept-b.db'}"))]
    assert kept[0] == scratch[0] == 1  # 40 % pass, under --fail-under 50 %
    assert _text(kept[1]) == _text(scratch[1])
    assert _comparable(kept[2]) == _comparable(scratch[2])
    [(code_s, out_s, files_s), (code_k, out_k, files_k)] = against_baseline
    assert code_s == code_k and "regress" in out_s.lower()
    assert _text(out_s) == _text(out_k)
    assert _comparable(files_s) == _comparable(files_k)
