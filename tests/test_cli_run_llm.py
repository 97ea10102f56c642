"""An LLM-judged scenario in the CI gate, with models from the environment; the judge
cache file makes an unchanged re-run free."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from agenteval.cli.run_gate import run_command
from tests.engine.static.test_judged_campaign import scripted_judge
from tests.support.fake_llm_server import FakeLLMServer

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
LLM_SCENARIO = str(EXAMPLES / "scenarios" / "repair_booking_llm.json")
DEMO = str(EXAMPLES / "targets" / "demo.json")
ROLES = ("JUDGE", "EMBEDDING", "MODERATION")


@contextmanager
def llm_server_in_thread() -> Iterator[FakeLLMServer]:
    """The fake OpenAI-compatible server on its own loop: the gate runs its own asyncio.run."""
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    server = FakeLLMServer(chat=scripted_judge)
    asyncio.run_coroutine_threadsafe(server.__aenter__(), loop).result(10)
    try:
        yield server
    finally:
        asyncio.run_coroutine_threadsafe(server.__aexit__(None, None, None), loop).result(10)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(5)
        loop.close()


@pytest.fixture
def no_model_env(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    for role in ROLES:
        for suffix in ("MODEL", "BASE_URL", "API_KEY"):
            monkeypatch.delenv(f"AGENTEVAL_{role}_{suffix}", raising=False)
    return monkeypatch


def test_without_a_judge_the_gate_says_how_to_configure_one(
        no_model_env: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    assert run_command([LLM_SCENARIO], DEMO) == 2
    err = capsys.readouterr().err
    assert "needs a JUDGE model" in err and "AGENTEVAL_JUDGE_MODEL" in err


def test_an_llm_judged_scenario_runs_with_models_from_the_environment_and_reruns_free(
        no_model_env: pytest.MonkeyPatch, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    cache = tmp_path / "cache"
    with llm_server_in_thread() as server:
        no_model_env.setenv("AGENTEVAL_JUDGE_BASE_URL", server.url)
        no_model_env.setenv("AGENTEVAL_JUDGE_MODEL", "judge-model")
        no_model_env.setenv("AGENTEVAL_JUDGE_API_KEY", "sk-test")
        first, second = tmp_path / "first.json", tmp_path / "second.json"
        assert run_command([LLM_SCENARIO], DEMO, json_out=str(first), cache=str(cache)) == 0
        calls_first = len(server.requests_to("chat"))
        assert run_command([LLM_SCENARIO], DEMO, json_out=str(second), cache=str(cache)) == 0
        calls_second = len(server.requests_to("chat")) - calls_first
    assert calls_first > 0 and calls_second == 0
    assert server.requests_to("chat")[0].headers.get("Authorization") == "Bearer sk-test"
    [entry] = json.loads(first.read_text())
    results = {r["ruleType"]: r for r in entry["outcomes"][0]["results"]}
    assert {"intent_classification", "task_completion", "llm_score"} <= set(results)
    assert all(r["error"] is None for r in results.values())
    assert results["task_completion"]["detail"]["judge"]["cached"] is False
    [again] = json.loads(second.read_text())
    rerun = {r["ruleType"]: r for r in again["outcomes"][0]["results"]}
    assert rerun["task_completion"]["detail"]["judge"]["cached"] is True
    def judged(summary: dict[str, object]) -> dict[str, object]:  # latencies differ per run
        return {k: v for k, v in summary.items() if not k.startswith("latency")}

    assert judged(again["summary"]) == judged(entry["summary"])
    assert (cache / "model-answers.sqlite3").exists()
    assert "PASS" in capsys.readouterr().out.splitlines()[-1]
