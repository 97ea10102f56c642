"""Scaling figure: static-run throughput on 1 and on 2 `agenteval serve` processes.

8 runs × 2,500 single-turn cases (one expectation each) against a local `http`
target that answers at once, served by several processes of its own (each an
aiohttp app in a child process on its own port, used round robin by the
targets) so that it is not the bottleneck. For each process count the script
starts that many `agenteval serve` processes on one fresh PostgreSQL database
and one Redis (SQLite is excluded: it is one process's database), starts the 8
runs spread round robin over the processes' APIs, and measures the wall time
from the first startRun to the last run's terminal state. Throughput is cases
per second; the figure is the ratio of the 2-process throughput to the
1-process one.

Where a run executes depends on the service: today a run executes in the process
that received its startRun, so the runs are spread by where they are started.
With run claiming across processes the service spreads them itself; the
measurement is the same.

On a small machine PostgreSQL, Redis, the target and the load share the cores:
the script prints each process's CPU time, so you can see where the ceiling is.

Run: .venv/bin/python bench/scaling.py [--runs 8] [--cases 2500] [--processes 1,2]
     [--concurrency 32] [--postgres-url postgres://root@127.0.0.1:5432/test]
     [--redis-url redis://127.0.0.1:6379/0]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import IO

import asyncpg
import httpx
from aiohttp import web
from figures import record

ROOT = Path(__file__).resolve().parents[1]
ADMIN_KEY = "bench-scaling-admin-key"
TERMINAL = {"COMPLETED", "CANCELLED", "FAILED"}
CREATE_TARGET = "mutation($i: CreateTargetInput!) { createTarget(input: $i) { id } }"
IMPORT = "mutation($d: String!) { importScenario(document: $d) { id caseCount } }"
CAMPAIGN = "mutation($i: CreateCampaignInput!) { createCampaign(input: $i) { id } }"
START = "mutation($id: ID!) { startRun(campaignId: $id) { id } }"
RUN = "query($id: ID!) { run(id: $id) { status progress { done total errored } } }"


async def _answer(request: web.Request) -> web.Response:
    body = await request.json()
    return web.json_response({"reply": f"echo: {body.get('message', '')}"})


def _serve_target(port_queue: multiprocessing.Queue) -> None:  # type: ignore[type-arg]
    async def main() -> None:
        app = web.Application()
        app.router.add_post("/chat", _answer)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        await web.TCPSite(runner, "127.0.0.1", 0).start()
        port_queue.put(runner.addresses[0][1])
        await asyncio.Event().wait()

    asyncio.run(main())


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def _admin(postgres_url: str, statement: str) -> None:
    connection = await asyncpg.connect(postgres_url.replace("postgres://", "postgresql://", 1))
    try:
        await connection.execute(statement)
    finally:
        await connection.close()


def _database_url(postgres_url: str, name: str) -> str:
    return f"{postgres_url.rpartition('/')[0]}/{name}"


Service = tuple[str, subprocess.Popen[bytes]]  # its URL, its process


def _start_services(count: int, database_url: str, redis_url: str) -> list[Service]:
    """`count` serve processes on one database (migrated by the first, before the others)."""
    started: list[Service] = []
    for _ in range(count):
        port = _free_port()
        env = dict(os.environ, AGENTEVAL_DATABASE_URL=database_url,
                   AGENTEVAL_REDIS_URL=redis_url, AGENTEVAL_PORT=str(port),
                   AGENTEVAL_ADMIN_KEY=ADMIN_KEY, AGENTEVAL_DRIVER="none",
                   AGENTEVAL_DEMO="false", AGENTEVAL_WATCHDOG_INTERVAL_S="0")
        # Its log goes to a file: a pipe nobody reads fills up (64 KB) and the server then
        # blocks writing a log line and answers nothing (a `run` poll once timed out so).
        with tempfile.TemporaryFile() as log:
            child = subprocess.Popen([sys.executable, "-m", "agenteval.cli", "serve"],
                                     cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=log)
            url = f"http://127.0.0.1:{port}"
            started.append((url, child))
            _wait_healthy(url, child, log)
    return started


def _wait_healthy(url: str, child: subprocess.Popen[bytes], log: IO[bytes]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if child.poll() is not None:
            log.seek(0)
            raise RuntimeError(log.read().decode(errors="replace")[-4000:] or "exited")
        try:
            if httpx.get(f"{url}/healthz", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise RuntimeError(f"{url} never answered /healthz")


def _cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux /proc); 0 once it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _postgres_cpu_seconds() -> float:
    """CPU time of every PostgreSQL server process on this machine (other users' included)."""
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:  # the process ended meanwhile
            continue
        if "(postgres)" in text:
            total += _cpu_seconds(int(stat.parent.name))
    return total


def _machine_busy() -> tuple[float, float]:
    """(busy, total) CPU jiffies of the whole machine so far (Linux /proc/stat)."""
    values = [int(v) for v in Path("/proc/stat").read_text().split("\n")[0].split()[1:]]
    idle = values[3] + values[4]  # idle + iowait
    return sum(values) - idle, sum(values)


async def _gql(http: httpx.AsyncClient, query: str, variables: dict[str, object]) -> dict:
    response = await http.post("/graphql", json={"query": query, "variables": variables},
                               headers={"X-API-Key": ADMIN_KEY})
    body = response.json()
    if body.get("errors"):
        raise RuntimeError(body["errors"])
    return body["data"]


async def _measure(urls: list[str], target_urls: list[str], runs: int, cases: int,
                   concurrency: int) -> tuple[float, int]:
    """(seconds from the first startRun to the last terminal run, cases errored)."""
    clients = [httpx.AsyncClient(base_url=url, timeout=120) for url in urls]
    try:
        first = clients[0]
        targets = [(await _gql(first, CREATE_TARGET, {"i": {
            "name": f"fast bot {i}", "channelType": "http", "maxConcurrency": concurrency,
            "channelConfig": {"url": f"{target_urls[i % len(target_urls)]}/chat",
                              "reply_path": "reply", "retries": 0, "timeout_s": 30}}}
            ))["createTarget"]["id"] for i in range(runs)]
        document = json.dumps({"name": "scaling", "cases": [
            {"id": f"case-{i:05d}", "messages": [f"hello {i}"],
             "expectation": {"contains": "echo"}} for i in range(cases)]})
        scenario = (await _gql(first, IMPORT, {"d": document}))["importScenario"]["id"]
        campaigns = [(await _gql(first, CAMPAIGN, {"i": {
            "name": f"scaling {i}", "scenarioId": scenario, "targetIds": [target],
            "concurrency": concurrency}}))["createCampaign"]["id"]
            for i, target in enumerate(targets)]
        started = time.perf_counter()
        run_ids = [(await _gql(clients[i % len(clients)], START, {"id": campaign}))[
            "startRun"][0]["id"] for i, campaign in enumerate(campaigns)]
        errored = 0
        pending = set(run_ids)
        while pending:
            await asyncio.sleep(0.2)
            for run_id in list(pending):
                run = (await _gql(first, RUN, {"id": run_id}))["run"]
                if run["status"] in TERMINAL:
                    if run["status"] != "COMPLETED":
                        raise RuntimeError(f"run {run_id} ended {run['status']}")
                    errored += run["progress"]["errored"]
                    pending.discard(run_id)
        return time.perf_counter() - started, errored
    finally:
        for client in clients:
            await client.aclose()


def bench_processes(count: int, args: argparse.Namespace, target_urls: list[str],
                    target_pids: list[int]) -> float:
    """Cases per second with `count` serve processes on a fresh database."""
    name = f"agenteval_scaling_{uuid.uuid4().hex[:10]}"
    asyncio.run(_admin(args.postgres_url, f'CREATE DATABASE "{name}"'))
    services: list[Service] = []
    try:
        services = _start_services(count, _database_url(args.postgres_url, name),
                                   args.redis_url)
        cpu_before = [_cpu_seconds(child.pid) for _, child in services]
        machine_before = _machine_busy()
        others_before = (sum(_cpu_seconds(pid) for pid in target_pids), _postgres_cpu_seconds())
        seconds, errored = asyncio.run(_measure([url for url, _ in services], target_urls,
                                                args.runs, args.cases, args.concurrency))
        cpu = [_cpu_seconds(child.pid) - before
               for (_, child), before in zip(services, cpu_before, strict=True)]
        machine_after = _machine_busy()
        others = (sum(_cpu_seconds(pid) for pid in target_pids) - others_before[0],
                  _postgres_cpu_seconds() - others_before[1])
    finally:
        for _, child in services:
            child.terminate()
        for _, child in services:
            child.wait(30)
        asyncio.run(_admin(args.postgres_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    total = args.runs * args.cases
    throughput = total / seconds
    cpu_shown = ", ".join(f"{c:.1f}" for c in cpu)
    busy = ((machine_after[0] - machine_before[0])
            / max(1, machine_after[1] - machine_before[1]))
    print(f"{count} process(es): {args.runs} runs x {args.cases} cases = {total} cases in "
          f"{seconds:.1f} s -> {throughput:.0f} cases/s ({errored} errored); "
          f"CPU s per serve process: {cpu_shown}, targets {others[0]:.1f}, PostgreSQL "
          f"{others[1]:.1f} (all its users) of {seconds:.1f} s wall; all cores {busy:.0%} "
          f"busy ({os.cpu_count()} cores)", flush=True)
    return throughput


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=8)
    parser.add_argument("--cases", type=int, default=2500)
    parser.add_argument("--processes", default="1,2", help="process counts to measure")
    parser.add_argument("--concurrency", type=int, default=32, help="each run's concurrency")
    parser.add_argument("--targets", type=int, default=2, help="target server processes")
    parser.add_argument("--postgres-url", default="postgres://root@127.0.0.1:5432/test",
                        help="a PostgreSQL database to connect to for CREATE/DROP DATABASE")
    parser.add_argument("--redis-url", default="redis://127.0.0.1:6379/0")
    args = parser.parse_args()

    ports: multiprocessing.Queue[int] = multiprocessing.Queue()
    servers = [multiprocessing.Process(target=_serve_target, args=(ports,), daemon=True)
               for _ in range(args.targets)]
    for server in servers:
        server.start()
    target_urls = [f"http://127.0.0.1:{ports.get(timeout=30)}" for _ in servers]
    try:
        target_pids = [server.pid for server in servers if server.pid is not None]
        figures = {count: bench_processes(count, args, target_urls, target_pids)
                   for count in (int(n) for n in args.processes.split(","))}
    finally:
        for server in servers:
            server.terminate()
    command = "python bench/scaling.py"
    for count, throughput in figures.items():
        record(f"scaling: cases/s with {count} serve process(es)", throughput, "cases/s",
               better="higher", command=command)
    if 1 in figures:
        for count, throughput in figures.items():
            if count != 1:
                print(f"ratio {count} processes / 1 process: {throughput / figures[1]:.2f}x")
                record(f"scaling: {count} serve processes vs 1 (PostgreSQL + Redis)",
                       throughput / figures[1], "×", 1.3, better="higher", command=command)


if __name__ == "__main__":
    main()
