"""`agenteval models check`: one short call per role, against local OpenAI-compatible servers."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from agenteval.cli import main
from agenteval.llm.structured_output import forget_all
from tests.support.fake_llm_server import FakeLLMServer, Respond


def llama_cpp_like(body: Any) -> Any:
    """Refuses OpenAI's json_schema form with 500 (as llama.cpp does), answers per role."""
    form = body.get("response_format") or {}
    if form.get("type") == "json_schema":
        return Respond(status=500, body={"error": "Input should be 'text' or 'json_object'"})
    prompt = body["messages"][0]["content"]
    if prompt.startswith("Score"):
        return json.dumps({"score": 8, "rationale": "polite"})
    if prompt.startswith("You are a customer"):
        return json.dumps({"message": "Where is my parcel?", "done": False})
    return "not JSON at all"  # the ANALYST check fails: the answer is invalid


@contextmanager
def threaded_server() -> Iterator[FakeLLMServer]:
    """The fake server on its own loop in a thread: the CLI runs its own asyncio.run."""
    server = FakeLLMServer(chat=llama_cpp_like)
    loop = asyncio.new_event_loop()
    ready, stop = threading.Event(), asyncio.Event()

    async def serve() -> None:
        async with server:
            ready.set()
            await stop.wait()

    thread = threading.Thread(target=loop.run_until_complete, args=(serve(),), daemon=True)
    thread.start()
    assert ready.wait(10)
    try:
        yield server
    finally:
        loop.call_soon_threadsafe(stop.set)
        thread.join(10)


def test_models_check_reports_each_role_and_the_form_that_works(tmp_path: Path) -> None:
    forget_all()
    with threaded_server() as server:
        models = tmp_path / "models.yaml"
        models.write_text("\n".join(
            f"{role}: {{base_url: '{server.url}', model: m-{role.lower()}, "
            f"params: {{retries: 0, backoff_s: 0.01}}}}"
            for role in ("JUDGE", "SIMULATOR", "ANALYST", "EMBEDDING")), encoding="utf-8")
        text = CliRunner().invoke(main, ["models", "check", "--models", str(models)])
        as_json = CliRunner().invoke(main, ["models", "check", "--models", str(models),
                                            "--json"])
    assert text.exit_code == 1, text.output  # the ANALYST's answer is invalid
    assert f"JUDGE: m-judge at {server.url} — OK" in text.output
    assert "  structured output: json_object_schema" in text.output
    assert "ANALYST: m-analyst" in text.output and "NOT OK" in text.output
    checks = {check["role"]: check for check in json.loads(as_json.output)}
    assert checks["JUDGE"]["ok"] and checks["JUDGE"]["usage_reported"] is True
    assert checks["JUDGE"]["structured_output"] == "json_object_schema"
    assert checks["SIMULATOR"]["answer_valid"] is True
    assert checks["ANALYST"]["answer_valid"] is False and checks["ANALYST"]["reachable"]
    assert "invalid_output" in checks["ANALYST"]["error"]
    assert checks["EMBEDDING"]["sample"] == "64 dimensions"
    assert "api_key" not in as_json.output
    judge_calls = [r.body for r in server.requests_to("chat") if r.body["model"] == "m-judge"]
    assert judge_calls[0]["max_tokens"] == 200  # a check is one short call


def test_models_check_without_any_model_says_how_to_configure_one(monkeypatch) -> None:
    for role in ("JUDGE", "EMBEDDING", "MODERATION"):
        monkeypatch.delenv(f"AGENTEVAL_{role}_MODEL", raising=False)
    result = CliRunner().invoke(main, ["models", "check"])
    assert result.exit_code == 0 and "No model is configured" in result.output
