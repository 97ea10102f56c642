"""How many AgentEval modules one `sendMessage` runs through, traced with `sys.setprofile`.

A session is set up through the real ASGI app (SQLite in a temporary folder, a local
`http` target in a child process that answers at once) and sent one message, which
builds its actor and channel; the SECOND message — the steady state of a turn — is
traced. For every Python function called on the event loop's thread while it runs,
the profiler notes the module the function is defined in, keeping those of
AgentEval (`agenteval.*`) and its actor runtime (`actors.*`):

- modules crossed: how many distinct modules ran code;
- module switches: how often consecutive calls of AgentEval code were in different
  modules (a call into a module and the call after it coming back count as two).

Work done on other threads (aiosqlite's connection thread) is not traced; nor is the
target. Self-contained (it uses only the public GraphQL API), so the same file
measures any commit: `PYTHONPATH=<tree> python bench/trace_modules.py`.

Run:
  PYTHONPATH=$PWD .venv/bin/python bench/trace_modules.py [--list]
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import sys
import tempfile
from collections import Counter
from pathlib import Path
from types import FrameType
from typing import Any

from aiohttp import web

ADMIN_KEY = "bench-admin-key"
CREATE_TARGET = "mutation($i: CreateTargetInput!) { createTarget(input: $i) { id } }"
CREATE_EVAL = ("mutation($i: CreateIntelligentEvalInput!) "
               "{ createIntelligentEval(input: $i) { id } }")
SUBMIT_PLAN = "mutation($id: ID!, $p: PlanInput!) { submitPlan(evalId: $id, plan: $p) { id } }"
APPROVE = "mutation($id: ID!) { approvePlan(evalId: $id) { status } }"
CREATE_SESSION = """mutation($id: ID!) { createSession(evalId: $id,
  input: {persona: {name: "bench"}, goal: "g"}) { id } }"""
SEND = """mutation($id: ID!, $c: String!) { sendMessage(sessionId: $id, content: $c) {
  reply { index latencyMs } } }"""


# The target is message_throughput.py's, copied rather than imported: this script also
# traces older trees (PYTHONPATH=<tree>), whose modules that script's imports may not match.
async def _answer(request: web.Request) -> web.Response:
    body = await request.json()
    return web.json_response({"answer": f"ok {len(body.get('message', ''))}"})


def _serve_target(port_queue: Any) -> None:
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


class Tracer:
    """Records the AgentEval module of every Python call on this thread."""

    def __init__(self, roots: dict[str, str]) -> None:
        self.roots = roots  # folder → package name
        self.calls: list[str] = []
        self._names: dict[str, str | None] = {}

    def module_of(self, filename: str) -> str | None:
        if filename not in self._names:
            self._names[filename] = None
            for folder, package in self.roots.items():
                if filename.startswith(folder):
                    relative = Path(filename[len(folder):].lstrip("/")).with_suffix("")
                    parts = [package, *relative.parts]
                    if parts[-1] == "__init__":
                        parts.pop()
                    self._names[filename] = ".".join(parts)
        return self._names[filename]

    def __call__(self, frame: FrameType, event: str, _: object) -> None:
        if event == "call":
            module = self.module_of(frame.f_code.co_filename)
            if module is not None:
                self.calls.append(module)


async def _gql(transport: Any, query: str, variables: dict[str, Any]) -> dict[str, Any]:
    _, body = await transport.post_json({"query": query, "variables": variables},
                                        {"X-API-Key": ADMIN_KEY})
    if body.get("errors"):
        raise RuntimeError(body["errors"])
    return body["data"]  # type: ignore[no-any-return]


async def trace(database_url: str, target_url: str) -> Tracer:
    import actors
    import agenteval
    from agenteval.app import create_app
    from agenteval.config import Settings
    from agenteval.drivers.builtin.transport import AsgiTransport

    settings = Settings(database_url=database_url, admin_key=ADMIN_KEY, driver="none",
                        demo=False, watchdog_interval_s=0)
    app = create_app(settings, migrate=True)
    roots = {str(Path(agenteval.__file__).parent): "agenteval",
             str(Path(actors.__file__).parent): "actors"}
    tracer = Tracer(roots)
    async with app.router.lifespan_context(app):
        http = AsgiTransport(app)
        target = await _gql(http, CREATE_TARGET, {"i": {
            "name": "trace", "channelType": "http", "maxConcurrency": 2,
            "channelConfig": {"url": target_url, "reply_path": "answer", "retries": 0}}})
        eval_id = (await _gql(http, CREATE_EVAL, {"i": {
            "name": "trace", "targetId": target["createTarget"]["id"], "goal": "g",
            "seeds": {}, "intent": "i", "roleDescription": "r"}}))["createIntelligentEval"]["id"]
        plan = {"dimensions": ["d"], "virtualUsers": [{"persona": {}, "goal": "g"}],
                "timeDistribution": [{"timeSlot": "0-1h", "sessions": 1}],
                "estimatedSessions": 1, "budget": {"maxTurnsPerSession": 10, "totalMaxTurns": 10}}
        await _gql(http, SUBMIT_PLAN, {"id": eval_id, "p": plan})
        await _gql(http, APPROVE, {"id": eval_id})
        session = (await _gql(http, CREATE_SESSION, {"id": eval_id}))["createSession"]["id"]
        await _gql(http, SEND, {"id": session, "c": "first"})  # builds the actor, the channel
        sys.setprofile(tracer)
        try:
            await _gql(http, SEND, {"id": session, "c": "second"})
        finally:
            sys.setprofile(None)
    return tracer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--list", action="store_true", help="print each module's call count")
    args = parser.parse_args()
    ports: Any = multiprocessing.Queue()
    server = multiprocessing.Process(target=_serve_target, args=(ports,), daemon=True)
    server.start()
    try:
        target_url = f"http://127.0.0.1:{ports.get(timeout=10)}/chat"
        with tempfile.TemporaryDirectory() as tmp:
            tracer = asyncio.run(trace(f"sqlite://{Path(tmp) / 'trace.db'}", target_url))
    finally:
        server.terminate()
    calls = tracer.calls
    switches = sum(1 for before, after in zip(calls, calls[1:], strict=False)
                   if before != after)
    counts = Counter(calls)
    print(f"sendMessage: {len(counts)} AgentEval modules crossed, {switches} module switches, "
          f"{len(calls)} calls")
    if args.list:
        for module, count in sorted(counts.items()):
            print(f"  {count:5d}  {module}")


if __name__ == "__main__":
    main()
