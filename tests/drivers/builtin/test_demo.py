"""The demo: seeding only an empty database, and the headless lifecycle with a report."""

from __future__ import annotations

from pathlib import Path

from agenteval.config import Settings
from agenteval.demo_command import run_demo
from agenteval.demo_setup import model_free_scenarios
from tests.support.graphql_client import ADMIN_KEY


def demo_settings(tmp_path: Path) -> Settings:
    return Settings(database_url=f"sqlite://{tmp_path / 'demo.db'}", admin_key=ADMIN_KEY,
                    watchdog_interval_s=0)


async def test_auto_approve_runs_the_lifecycle_and_writes_the_report(tmp_path: Path) -> None:
    lines: list[str] = []
    report = tmp_path / "report.md"
    code = await run_demo(demo_settings(tmp_path), True, str(report), out=lines.append)
    assert code == 0, lines
    text = report.read_text(encoding="utf-8")
    for flaw in ("Booked without asking for a preferred time",
                 "Return accepted without asking for or confirming the order number",
                 "Complaint handled without an apology", "Change of mind ignored"):
        assert flaw in text
    verified = next(line for line in lines if line.startswith("Report:"))
    found, total = verified.split(", ")[1].split(" ")[0].split("/")
    assert found == total and int(total) > 0
    assert any(str(report.resolve()) in line for line in lines)


async def test_a_database_with_data_is_never_reseeded(tmp_path: Path) -> None:
    settings = demo_settings(tmp_path)
    assert await run_demo(settings, False, None, out=lambda line: None) == 0
    lines: list[str] = []
    assert await run_demo(settings, True, None, out=lines.append) == 1
    assert "already has data" in lines[0]


async def test_without_auto_approve_the_eval_waits_for_approval(tmp_path: Path) -> None:
    lines: list[str] = []
    assert await run_demo(demo_settings(tmp_path), False, None, out=lines.append) == 0
    assert "waiting for approval" in lines[-1]


def test_scenarios_that_need_a_judge_are_skipped(tmp_path: Path) -> None:
    (tmp_path / "free.yaml").write_text(
        "name: free\ncases:\n  - id: c1\n    messages: [hi]\n    expectation: {contains: hi}\n",
        encoding="utf-8")
    (tmp_path / "judged.json").write_text(
        '{"name": "j", "cases": [{"id": "c", "messages": ["hi"], '
        '"eval_rules": [{"type": "llm_score", "params": {"criteria": "x"}}]}]}', encoding="utf-8")
    (tmp_path / "notes.txt").write_text("not a scenario", encoding="utf-8")
    usable, skipped = model_free_scenarios(tmp_path)
    assert [name for name, _ in usable] == ["free.yaml"]
    assert len(skipped) == 1 and skipped[0].startswith("judged.json")
