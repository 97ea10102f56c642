"""The CI gate's summary says what the judge's calls used and cost, in one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agenteval.cli.run_gate import run_command
from tests.test_cli_run_llm import DEMO, LLM_SCENARIO, llm_server_in_thread, no_model_env

__all__ = ["no_model_env"]  # the fixture, used by name below


def test_the_summary_has_one_model_usage_line_with_the_cost(
        no_model_env: pytest.MonkeyPatch, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    no_model_env.setenv("AGENTEVAL_MODEL_PRICES", json.dumps(
        {"judge-model": {"prompt": 1, "completion": 2, "currency": "CNY"}}))
    with llm_server_in_thread() as server:
        no_model_env.setenv("AGENTEVAL_JUDGE_BASE_URL", server.url)
        no_model_env.setenv("AGENTEVAL_JUDGE_MODEL", "judge-model")
        report = tmp_path / "report.md"
        assert run_command([LLM_SCENARIO], DEMO, report=str(report),
                           cache=str(tmp_path / "cache")) == 0
        calls = len(server.requests_to("chat"))
    [line] = [line for line in capsys.readouterr().out.splitlines()
              if line.startswith("model usage")]
    # The fake server reports 10 prompt and 5 completion tokens per answer.
    cost = (calls * 10 * 1 + calls * 5 * 2) / 1e6
    assert f"{calls} calls, {calls * 10} + {calls * 5} tokens, cost {cost:.6g} CNY" in line
    assert "## Model usage" in report.read_text()
