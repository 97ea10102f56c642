"""Static run throughput: 2,000 single-turn cases against a target that answers in 20 ms.

Each case has keyword_match + json_schema + response_time rules. The target
(a local aiohttp app in a child process, so it does not share the measured
event loop) sleeps 20 ms per request; the campaign runs at concurrency 50
with the target's maxConcurrency 64, so the ideal wall time is
2000 × 20 ms / 50 = 0.8 s. Measured: wall time from startRun to the run's
terminal state (the summary stored), and the process's peak RSS. As a floor for
this machine, the same requests are also sent by a bare aiohttp client (one
shared session, `concurrency` workers, JSON decoded) before the run.

Run: .venv/bin/python bench/static_run.py [--cases 2000] [--concurrency 50] [--delay-ms 20]
     [--database-url postgres://root@127.0.0.1:5432/bench]   (default: a temporary SQLite file)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import resource
import tempfile
import time
from pathlib import Path

import aiohttp
from aiohttp import web
from figures import record

from agenteval.bootstrap import running_services
from agenteval.config import Settings
from agenteval.engine.catalog import campaigns, scenarios, targets
from agenteval.engine.static.run_reports import TERMINAL, stored_progress, summary_of
from agenteval.store.models import Run

REPLY = json.dumps({"status": "ok", "answer": "Your order has shipped."})


def _serve_target(port_out: multiprocessing.Queue, delay_s: float) -> None:  # type: ignore[type-arg]
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


def scenario_document(cases: int) -> str:
    rules = [{"type": "keyword_match", "params": {"keywords": ["shipped"]}},
             {"type": "json_schema", "params": {"schema": {
                 "type": "object", "required": ["status"],
                 "properties": {"status": {"const": "ok"}}}}},
             {"type": "response_time", "params": {"max_ms": 1000}}]
    return json.dumps({"name": "bench", "cases": [
        {"id": f"case-{i:05d}", "message": f"where is order {i}?", "eval_rules": rules}
        for i in range(cases)]})


async def bare_aiohttp(port: int, cases: int, concurrency: int) -> float:
    """Seconds for a bare aiohttp client to send the same requests: this machine's floor."""
    url = f"http://127.0.0.1:{port}/chat"

    async def send_all(session: aiohttp.ClientSession, count: int, workers: int) -> None:
        pending = iter(range(count))

        async def worker() -> None:
            for index in pending:
                async with session.post(url, json={"message": f"where is order {index}?"}) as ans:
                    json.loads((await ans.json())["reply"])

        await asyncio.gather(*(worker() for _ in range(workers)))

    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session:
        await send_all(session, concurrency, concurrency)  # open the connections first
        started = time.perf_counter()
        await send_all(session, cases, concurrency)
        return time.perf_counter() - started


async def bench(url: str, port: int, cases: int, concurrency: int) -> dict[str, object]:
    # Started as the CI gate starts: the services without what only a server needs.
    settings = Settings(database_url=url, driver="none", demo=False, resume_runs=False,
                        watchdog_interval_s=0)
    async with running_services(settings, admin_key=False) as services:
        target = await targets.create_target(
            services.channels, name="bench target", channel_type="http", description=None,
            channel_config={"url": f"http://127.0.0.1:{port}/chat", "reply_path": "reply",
                            "retries": 0, "timeout_s": 10},
            max_concurrency=max(64, concurrency))
        scenario = await scenarios.import_scenario(scenario_document(cases))
        campaign = await campaigns.create_campaign("bench", str(scenario.id), [str(target.id)],
                                                   1, concurrency)
        started = time.perf_counter()
        [run] = await services.runs.start_campaign(campaign.id, None)
        # Polling the stored status, as a client would (the run publishes events too).
        while (await stored_progress(run.id) or {})["status"] not in TERMINAL:  # noqa: ASYNC110
            await asyncio.sleep(0.02)
        wall = time.perf_counter() - started
        stored = await Run.get(id=run.id)
        summary = await summary_of(stored)
        return {"status": stored.status, "wall_s": round(wall, 3), "done": stored.done,
                "passed": summary.passed_cases, "errors": summary.error_count,
                "p50_ms": summary.latency_p50_ms, "p95_ms": summary.latency_p95_ms}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=2000)
    parser.add_argument("--concurrency", type=int, default=50)
    parser.add_argument("--delay-ms", type=float, default=20.0)
    parser.add_argument("--database-url", help="default: a temporary SQLite file")
    args = parser.parse_args()

    ports: multiprocessing.Queue[int] = multiprocessing.Queue()
    server = multiprocessing.Process(target=_serve_target, args=(ports, args.delay_ms / 1000),
                                     daemon=True)
    server.start()
    try:
        port = ports.get(timeout=10)
        with tempfile.TemporaryDirectory() as scratch:
            url = args.database_url or f"sqlite://{Path(scratch) / 'bench.db'}"
            bare_s = asyncio.run(bare_aiohttp(port, args.cases, args.concurrency))
            result = asyncio.run(bench(url, port, args.cases, args.concurrency))
    finally:
        server.terminate()
    ideal = args.cases * args.delay_ms / 1000 / args.concurrency
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    backend = "postgres" if url.startswith("postgres") else "sqlite"
    print(f"{backend}: {args.cases} cases, concurrency {args.concurrency}, "
          f"target {args.delay_ms:g} ms")
    print(f"  wall {result['wall_s']} s  (ideal {ideal:.2f} s, "
          f"ratio {float(result['wall_s']) / ideal:.2f}×; bare aiohttp {bare_s:.3f} s, "  # type: ignore[arg-type]
          f"ratio {float(result['wall_s']) / bare_s:.2f}×)")  # type: ignore[arg-type]
    print(f"  status {result['status']}, done {result['done']}, passed {result['passed']}, "
          f"errors {result['errors']}, latency p50 {result['p50_ms']} ms / "
          f"p95 {result['p95_ms']} ms")
    print(f"  peak RSS {peak_mb:.0f} MB (whole process, including the import of the service)")
    ratio = float(result["wall_s"]) / bare_s  # type: ignore[arg-type]
    record(f"server-side static run vs bare ({backend}, {args.cases} cases)", ratio, "×",
           1.3 if backend == "sqlite" else 1.5, command="python bench/static_run.py")


if __name__ == "__main__":
    main()
