"""The shared 2,000-case workload: a local target answering in 20 ms, the scenario, the target file.

Every single-turn case carries keyword_match + json_schema + response_time rules;
the target (an aiohttp app in a child process, so it never shares the measured
event loop or process) sleeps `delay_ms` per request and answers
`{"reply": "<JSON text>"}`. Whole-process timing (`timed_process`) reports the
wall and the peak RSS of one command, measured by the kernel (wait4).
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import subprocess
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

REPLY = json.dumps({"status": "ok", "answer": "Your order has shipped."})
KEYWORDS = ["shipped"]
SCHEMA = {"type": "object", "required": ["status"], "properties": {"status": {"const": "ok"}}}
MAX_MS = 1000


def _serve_target(port_out: multiprocessing.Queue, delay_s: float) -> None:  # type: ignore[type-arg]
    from aiohttp import web

    async def chat(request: web.Request) -> web.Response:
        await request.json()
        await asyncio.sleep(delay_s)
        return web.json_response({"reply": REPLY})

    async def main() -> None:
        app = web.Application()
        app.router.add_post("/chat", chat)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0, backlog=1024)
        await site.start()
        port_out.put(runner.addresses[0][1])
        await asyncio.Event().wait()

    asyncio.run(main())


@contextmanager
def local_target(delay_ms: float = 20.0) -> Iterator[str]:
    """The target's URL while it runs in a child process."""
    ports: multiprocessing.Queue[int] = multiprocessing.Queue()
    server = multiprocessing.Process(target=_serve_target, args=(ports, delay_ms / 1000),
                                     daemon=True)
    server.start()
    try:
        yield f"http://127.0.0.1:{ports.get(timeout=20)}/chat"
    finally:
        server.terminate()
        server.join(5)


def case_message(index: int) -> str:
    return f"where is order {index}?"


def scenario_document(cases: int) -> dict[str, object]:
    rules = [{"type": "keyword_match", "params": {"keywords": KEYWORDS}},
             {"type": "json_schema", "params": {"schema": SCHEMA}},
             {"type": "response_time", "params": {"max_ms": MAX_MS}}]
    return {"name": "bench", "cases": [
        {"id": f"case-{i:05d}", "message": case_message(i), "eval_rules": rules}
        for i in range(cases)]}


def target_file(url: str, max_concurrency: int) -> dict[str, object]:
    return {"name": "bench target", "channelType": "http", "maxConcurrency": max_concurrency,
            "channelConfig": {"url": url, "reply_path": "reply", "retries": 0, "timeout_s": 10}}


def write_inputs(folder: Path, url: str, cases: int, concurrency: int) -> tuple[Path, Path]:
    """The scenario file and the target file of the workload, written into `folder`."""
    scenario = folder / f"scenario-{cases}.json"
    scenario.write_text(json.dumps(scenario_document(cases)), encoding="utf-8")
    target = folder / "target.json"
    target.write_text(json.dumps(target_file(url, max(64, concurrency))), encoding="utf-8")
    return scenario, target


@dataclass(frozen=True)
class Timed:
    """One whole process: wall seconds, peak RSS in MB, exit code."""

    wall_s: float
    peak_mb: float
    code: int


def timed_process(command: Sequence[str], env: dict[str, str] | None = None,
                  accept: Sequence[int] = (0, 1)) -> Timed:
    """Run `command` to its end; its wall time and its own peak RSS (from wait4).

    An exit code outside `accept` (a crash, bad input) raises with the end of stderr.
    """
    started = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               env={**os.environ, **(env or {})})
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - started
    process.returncode = os.waitstatus_to_exitcode(status)
    error = process.stderr.read().decode() if process.stderr else ""
    if process.returncode not in accept:
        raise RuntimeError(f"{command[0]} exited {process.returncode}: {error[-2000:]}")
    return Timed(wall, usage.ru_maxrss / 1024, process.returncode)


def median(values: Sequence[float]) -> float:
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2
