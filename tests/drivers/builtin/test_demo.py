"""The demo: seeding only an empty database, and the headless lifecycle with a report."""

from __future__ import annotations

import re
from pathlib import Path

from agenteval.cli.demo_run import run_demo
from agenteval.config import Settings
from agenteval.demo_setup import model_free_scenarios
from agenteval.store import database
from agenteval.store.models import EvalEvent, EvalSession, IntelligentEval
from tests.support.graphql_client import ADMIN_KEY

DEMO_DOC = Path(__file__).resolve().parents[3] / "docs" / "demo.md"


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


def documented_flaws() -> list[str]:
    """The finding titles docs/demo.md's flaw table names (its last column)."""
    rows = [line for line in DEMO_DOC.read_text(encoding="utf-8").splitlines()
            if re.match(r"\| \d+ \|", line)]
    return [re.findall(r"`([^`]+)`", row.rsplit("|", 2)[-2])[0] for row in rows]


async def test_the_demo_report_names_every_documented_flaw_and_never_contradicts_a_verdict(
        tmp_path: Path) -> None:
    settings = demo_settings(tmp_path)
    report_file = tmp_path / "report.md"
    assert await run_demo(settings, True, str(report_file), out=lambda line: None) == 0
    text = report_file.read_text(encoding="utf-8")
    flaws = documented_flaws()
    assert len(flaws) == 5
    for flaw in flaws:
        assert flaw in text, flaw
    method = text[text.index("## Method"):].split("\n## ")[0]
    print(method)
    assert "- **Planner:** the built-in driver; plan by the script (no model configured)" \
        in method
    assert "- **Evaluator:** the built-in driver; virtual users by the script (no model " \
        "configured); verdicts by the script (no model configured)" in method
    assert "- **Analyst:** the built-in driver; report by the script (no model configured)" \
        in method
    assert "## Appendix: sessions" in text and "我没太明白您的意思" in text

    await database.open_database(settings.database_url)
    try:
        eval_row = await IntelligentEval.get()
        verdicts = {str(s.id): s.verdict for s in await EvalSession.filter(eval_id=eval_row.id)}
    finally:
        await database.close_database()
    findings = eval_row.report["findings"]
    titles = [finding["issue"].split(" (", 1)[0] for finding in findings]
    assert len(titles) == len(set(titles)), "one flaw, one finding"
    for finding in findings:
        reached = {e["sessionId"] for e in finding["evidence"]
                   if verdicts[e["sessionId"]]["goalAchieved"]}
        if finding["severity"] == "HIGH" and reached:
            assert "The goal still counts as reached in" in finding["issue"], finding["issue"]


ALLOWED_LATIN = {"SOP", "HIGH", "MEDIUM", "LOW"}


def english_words(text: str) -> list[str]:
    """Latin words of three letters or more (order numbers' "DD" prefixes are shorter)."""
    return [word for word in re.findall(r"[A-Za-z]{3,}", text) if word not in ALLOWED_LATIN]


def has_chinese(text: str) -> bool:
    return re.search(r"[\u4e00-\u9fff]", text) is not None


async def test_the_chinese_demo_is_planned_judged_and_reported_in_chinese(tmp_path: Path) -> None:
    settings = demo_settings(tmp_path)
    report_file = tmp_path / "report.md"
    lines: list[str] = []
    assert await run_demo(settings, True, str(report_file), out=lines.append,
                          language="zh") == 0, lines
    await database.open_database(settings.database_url)
    try:
        eval_row = await IntelligentEval.get()
        sessions = await EvalSession.filter(eval_id=eval_row.id)
        notes = [event.detail.get("note") for event in await EvalEvent.filter(
            eval_id=eval_row.id, type="HEARTBEAT")]
    finally:
        await database.close_database()
    assert "language" not in eval_row.seeds  # not stated: read from the Chinese goal
    assert notes and all("轮完成" in note for note in notes), notes

    plan = eval_row.plan
    assert has_chinese(plan["completionCriteria"]) and not english_words(
        plan["completionCriteria"])
    assert len(sessions) == 4
    for session in sessions:
        verdict = session.verdict
        texts = [verdict["notes"], *verdict["suggestions"],
                 *(issue["description"] for issue in verdict["issues"])]
        for text in texts:
            assert has_chinese(text) and not english_words(text), text

    report = eval_row.report
    texts = [report["summary"], *report["priorityRecommendations"],
             *(h["description"] for h in report["highlights"]),
             *(f[key] for f in report["findings"] for key in ("issue", "suggestion"))]
    assert len(report["findings"]) >= 5
    for text in texts:
        assert has_chinese(text) and not english_words(text), text
    issues = " ".join(f["issue"] for f in report["findings"])
    for flaw in ("未询问方便的时间就完成了预约", "未询问或确认订单号就受理了退货",
                 "处理投诉时没有道歉", "忽略了用户改变的主意"):
        assert flaw in issues

    markdown = report_file.read_text(encoding="utf-8")
    for heading in ("# 智能评估报告", "## 摘要", "## 计划", "## 方法", "## 得分", "## 发现（",
                    "## 会话（", "## 附录：会话", "## 模型用量"):
        assert heading in markdown, heading
    assert "## Summary" not in markdown and "Booked without" not in markdown


async def test_the_english_demo_states_english_and_reads_as_before(tmp_path: Path) -> None:
    settings = demo_settings(tmp_path)
    report_file = tmp_path / "report.md"
    assert await run_demo(settings, True, str(report_file), out=lambda line: None) == 0
    await database.open_database(settings.database_url)
    try:
        eval_row = await IntelligentEval.get()
    finally:
        await database.close_database()
    assert eval_row.seeds["language"] == "en"  # its seeds are mostly Chinese
    assert eval_row.plan["completionCriteria"] == (
        "Every dimension has at least one closed session with a verdict; each virtual user "
        "plays one session.")
    assert eval_row.report["summary"].startswith(
        "8 of 8 planned sessions were evaluated across 4 dimension(s); the virtual user's goal "
        "was reached in ")
    markdown = report_file.read_text(encoding="utf-8")
    assert "## Summary" in markdown and "## 摘要" not in markdown
