"""The conversation-metrics example in the CI gate against Mia, with a scripted JUDGE server.

Each case must fail for the flaw it is about, and the Failures section must
name the turn: knowledge_retention names the turn where Mia lost the return's
context right after accepting it.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from agenteval.cli.run_gate import run_command
from tests.support.fake_llm_server import FakeLLMServer
from tests.support.metric_judge import metric_judge

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
SCENARIO = str(EXAMPLES / "scenarios" / "conversation_metrics.json")
DEMO = str(EXAMPLES / "targets" / "demo.json")


@contextmanager
def judge_in_thread() -> Iterator[FakeLLMServer]:
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    server = FakeLLMServer(chat=metric_judge)
    asyncio.run_coroutine_threadsafe(server.__aenter__(), loop).result(10)
    try:
        yield server
    finally:
        asyncio.run_coroutine_threadsafe(server.__aexit__(None, None, None), loop).result(10)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(5)
        loop.close()


@pytest.fixture
def judge_env(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeLLMServer]:
    for role in ("JUDGE", "EMBEDDING", "MODERATION"):
        for suffix in ("MODEL", "BASE_URL", "API_KEY"):
            monkeypatch.delenv(f"AGENTEVAL_{role}_{suffix}", raising=False)
    with judge_in_thread() as server:
        monkeypatch.setenv("AGENTEVAL_JUDGE_BASE_URL", server.url)
        monkeypatch.setenv("AGENTEVAL_JUDGE_MODEL", "judge-model")
        yield server


def test_every_metric_case_fails_on_mia_for_its_flaw(
        judge_env: FakeLLMServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out_json = tmp_path / "run.json"
    assert run_command([SCENARIO], DEMO, json_out=str(out_json), repeat=2, fail_under=0.8,
                       cache=str(tmp_path / "cache")) == 1
    out = capsys.readouterr().out
    failures = out[out.index("Failures"):]
    assert "knowledge-retention-after-return-zh" in failures
    assert 'turn 3: "我没太明白您的意思"' in failures
    assert "turn 3: \"I didn't quite get that\"" in failures
    assert "turn 1:" in failures and "apology" in failures  # role_adherence
    assert "周六上午上门" in failures  # conversation_completeness's unmet intention
    [entry] = json.loads(out_json.read_text())
    summary = entry["summary"]
    assert summary["passRate"] == 0.0 and summary["passHatCurve"] == [0.0, 0.0]
    results = {o["caseKey"]: o["results"][0] for o in entry["outcomes"] if o["attempt"] == 0}
    retention = results["knowledge-retention-after-return-zh"]["detail"]
    assert retention["lapsed_turns"] == [2] and retention["lapses"][0]["verified"] is True
    assert results["conversation-relevancy-change-of-mind"]["detail"]["irrelevant_turns"] == [2]
    assert all(r["error"] is None for r in results.values())


def test_without_a_judge_the_metrics_scenario_is_refused(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    for suffix in ("MODEL", "BASE_URL", "API_KEY"):
        monkeypatch.delenv(f"AGENTEVAL_JUDGE_{suffix}", raising=False)
    assert run_command([SCENARIO], DEMO) == 2
    assert "needs a JUDGE model" in capsys.readouterr().err
