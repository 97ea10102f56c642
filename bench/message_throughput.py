"""sendMessage throughput and platform overhead through the real ASGI app.

N concurrent sessions × M messages each go through GraphQL `sendMessage`
(a bare ASGI call by default, or httpx.ASGITransport with --client httpx; no socket
between client and app) to a local `http`
target in a child process that answers at once. For every message the
platform overhead is the end-to-end time of the mutation minus the target's
own `latencyMs` (what the channel measured around the HTTP call): actor
hand-off, the turn's reads and writes (compare-and-set, two messages, an event
with its sequence), GraphQL parsing and serialisation. It also prints the
process's CPU time per message (the event loop and the SQLite thread; the
target is another process) and the load average: on a shared machine the wall
figures follow the load, the CPU per message much less.

Run:
  .venv/bin/python bench/message_throughput.py [--sessions 50] [--messages 20]
  .venv/bin/python bench/message_throughput.py --database-url postgres://root@127.0.0.1:5432/bench
(without --database-url a fresh SQLite file in a temporary directory is used)
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import statistics
import tempfile
import time
from pathlib import Path

import httpx
from aiohttp import web
from figures import record

from agenteval.app import create_app
from agenteval.config import Settings
from agenteval.drivers.builtin.transport import AsgiTransport

ADMIN_KEY = "bench-admin-key"
CREATE_TARGET = "mutation($i: CreateTargetInput!) { createTarget(input: $i) { id } }"
CREATE_EVAL = "mutation($i: CreateIntelligentEvalInput!) { createIntelligentEval(input: $i) { id } }"
SUBMIT_PLAN = "mutation($id: ID!, $p: PlanInput!) { submitPlan(evalId: $id, plan: $p) { id } }"
APPROVE = "mutation($id: ID!) { approvePlan(evalId: $id) { status } }"
CREATE_SESSION = """mutation($id: ID!) { createSession(evalId: $id,
  input: {persona: {name: "bench"}, goal: "g"}) { id } }"""
SEND = """mutation($id: ID!, $c: String!) { sendMessage(sessionId: $id, content: $c) {
  reply { index latencyMs } } }"""


async def _answer(request: web.Request) -> web.Response:
    body = await request.json()
    return web.json_response({"answer": f"ok {len(body.get('message', ''))}"})


def _serve_target(port_queue: multiprocessing.Queue) -> None:  # type: ignore[type-arg]
    async def main() -> None:
        app = web.Application()
        app.router.add_post("/chat", _answer)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        port_queue.put(runner.addresses[0][1])
        await asyncio.Event().wait()

    asyncio.run(main())


class HttpxClient:
    """httpx over ASGITransport: includes httpx's own per-request cost (~1 ms here)."""

    def __init__(self, app: object) -> None:
        self.http = httpx.AsyncClient(transport=httpx.ASGITransport(app=app),  # type: ignore[arg-type]
                                      base_url="http://bench", timeout=120)

    async def post(self, body: dict) -> dict:
        response = await self.http.post("/graphql", json=body, headers={"X-API-Key": ADMIN_KEY})
        return response.json()

    async def aclose(self) -> None:
        await self.http.aclose()


class AsgiClient:
    """A bare ASGI call (the built-in driver's transport): only the platform's own cost."""

    def __init__(self, app: object) -> None:
        self.transport = AsgiTransport(app)

    async def post(self, body: dict) -> dict:
        _, answer = await self.transport.post_json(body, {"X-API-Key": ADMIN_KEY})
        return answer

    async def aclose(self) -> None:
        return None


async def _gql(http: HttpxClient | AsgiClient, query: str, variables: dict) -> dict:
    body = await http.post({"query": query, "variables": variables})
    if body.get("errors"):
        raise RuntimeError(body["errors"])
    return body["data"]


async def _setup(http: HttpxClient | AsgiClient, target_url: str, sessions: int,
                 messages: int) -> list[str]:
    target = await _gql(http, CREATE_TARGET, {"i": {
        "name": "bench", "channelType": "http", "maxConcurrency": max(sessions, 1),
        "channelConfig": {"url": target_url, "reply_path": "answer", "retries": 0}}})
    eval_id = (await _gql(http, CREATE_EVAL, {"i": {
        "name": "bench", "targetId": target["createTarget"]["id"], "goal": "g", "seeds": {},
        "intent": "i", "roleDescription": "r"}}))["createIntelligentEval"]["id"]
    plan = {"dimensions": ["d"], "virtualUsers": [{"persona": {}, "goal": "g"}],
            "timeDistribution": [{"timeSlot": "0-1h", "sessions": sessions}],
            "estimatedSessions": sessions,
            "budget": {"maxTurnsPerSession": messages, "totalMaxTurns": sessions * messages}}
    await _gql(http, SUBMIT_PLAN, {"id": eval_id, "p": plan})
    await _gql(http, APPROVE, {"id": eval_id})
    return [(await _gql(http, CREATE_SESSION, {"id": eval_id}))["createSession"]["id"]
            for _ in range(sessions)]


async def _conversation(http: HttpxClient | AsgiClient, session_id: str, messages: int,
                        overheads: list[float], totals: list[float]) -> None:
    for turn in range(messages):
        started = time.perf_counter()
        data = await _gql(http, SEND, {"id": session_id, "c": f"message {turn}"})
        total_ms = (time.perf_counter() - started) * 1000
        totals.append(total_ms)
        overheads.append(total_ms - data["sendMessage"]["reply"]["latencyMs"])


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def run(database_url: str, target_url: str, sessions: int, messages: int,
              client: str) -> None:
    settings = Settings(database_url=database_url, admin_key=ADMIN_KEY, driver="none",
                        demo=False, watchdog_interval_s=0)
    app = create_app(settings, migrate=True)
    async with app.router.lifespan_context(app):
        http = HttpxClient(app) if client == "httpx" else AsgiClient(app)
        try:
            session_ids = await _setup(http, target_url, sessions, messages)
            overheads: list[float] = []
            totals: list[float] = []
            started, cpu_started = time.perf_counter(), time.process_time()
            await asyncio.gather(*(_conversation(http, s, messages, overheads, totals)
                                   for s in session_ids))
            elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu_started
        finally:
            await http.aclose()
    count = len(totals)
    backend = database_url.split(":", 1)[0]
    print(f"{backend} ({client} client): {sessions} sessions x {messages} messages = {count} sendMessage "
          f"in {elapsed:.2f} s -> {count / elapsed:.0f} messages/s")
    print(f"  end-to-end   p50 {_pct(totals, 0.5):.2f} ms  p99 {_pct(totals, 0.99):.2f} ms")
    print(f"  overhead     p50 {_pct(overheads, 0.5):.2f} ms  p99 {_pct(overheads, 0.99):.2f} ms"
          f"  mean {statistics.fmean(overheads):.2f} ms")
    print(f"  cpu          {cpu / count * 1000:.2f} ms per message (this process)"
          f"  load average {os.getloadavg()[0]:.1f}")
    command = f"python bench/message_throughput.py --sessions {sessions} --messages {messages}"
    record(f"sendMessage CPU per message ({backend}, {sessions}x{messages})",
           cpu / count * 1000, "ms", command=command)
    if sessions == 1:
        record(f"sendMessage overhead p50 ({backend}, 1 session)", _pct(overheads, 0.5), "ms", 3,
               command=command)
        record(f"sendMessage overhead p99 ({backend}, 1 session)", _pct(overheads, 0.99), "ms",
               10, command=command)
    else:
        record(f"sendMessage throughput ({backend}, {sessions}x{messages})", count / elapsed,
               "msg/s", 300, better="higher", command=command)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=50)
    parser.add_argument("--messages", type=int, default=20)
    parser.add_argument("--database-url", default=None)
    parser.add_argument("--client", choices=["asgi", "httpx"], default="asgi",
                        help="asgi: a bare ASGI call (default); httpx: httpx.ASGITransport")
    args = parser.parse_args()
    ports: multiprocessing.Queue = multiprocessing.Queue()  # type: ignore[type-arg]
    target = multiprocessing.Process(target=_serve_target, args=(ports,), daemon=True)
    target.start()
    try:
        target_url = f"http://127.0.0.1:{ports.get(timeout=10)}/chat"
        with tempfile.TemporaryDirectory() as tmp:
            url = args.database_url or f"sqlite://{Path(tmp) / 'bench.db'}"
            asyncio.run(run(url, target_url, args.sessions, args.messages, args.client))
    finally:
        target.terminate()


if __name__ == "__main__":
    main()
