"""Channel overhead: per-send time through a channel versus a bare aiohttp request.

Many concurrent conversations (default 50 × 40 sends) talk to a local aiohttp
target that answers at once. The target runs in a child process so it does
not share the event loop being measured. Every variant runs in the same
process and run, interleaved over several rounds, and the time of each send
is measured the same way (wall time around the call, response decoded):

* bare          — `session.post(...)` + `response.json()` on one shared ClientSession
* http channel  — `channel.send()` of the generic `http` channel (template,
                  limiter, retry wrapper, reply path)
* openai_chat   — `channel.send()` of `openai_chat`, which resends the whole
                  history each turn (so its requests grow with the turn)

Run: .venv/bin/python bench/channel_overhead.py [--conversations 50] [--sends 40] [--rounds 3]
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import statistics
import time
from collections.abc import Awaitable, Callable

import aiohttp
from aiohttp import web

from agenteval.channels import TargetSpec, create_channel_factory

# -- the target (child process) ------------------------------------------------


async def _chat(request: web.Request) -> web.Response:
    body = await request.json()
    return web.json_response({"answer": f"ok {len(body.get('message', ''))}", "session_id": "s"})


async def _completions(request: web.Request) -> web.Response:
    await request.read()
    return web.json_response(
        {"choices": [{"index": 0, "message": {"role": "assistant", "content": "ok"}}]}
    )


def _serve_target(port_queue: multiprocessing.Queue) -> None:
    async def main() -> None:
        app = web.Application()
        app.router.add_post("/chat", _chat)
        app.router.add_post("/v1/chat/completions", _completions)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0, backlog=1024)
        await site.start()
        port_queue.put(runner.addresses[0][1])
        await asyncio.Event().wait()

    asyncio.run(main())


# -- the clients -----------------------------------------------------------------

Send = Callable[[str], Awaitable[object]]


async def _run_conversations(
    make_send: Callable[[], Send], conversations: int, sends: int
) -> list[float]:
    timings: list[float] = []

    async def converse() -> None:
        send = make_send()
        for turn in range(sends):
            started = time.perf_counter()
            await send(f"message number {turn}")
            timings.append((time.perf_counter() - started) * 1000)

    await asyncio.gather(*(converse() for _ in range(conversations)))
    return timings


async def benchmark(
    conversations: int, sends: int, rounds: int, base_url: str
) -> dict[str, list[float]]:
    results: dict[str, list[float]] = {
        "bare aiohttp": [],
        "http channel": [],
        "openai_chat channel": [],
    }
    factory = create_channel_factory()
    http_spec = TargetSpec(
        "bench-http",
        "http",
        {"url": f"{base_url}/chat", "reply_path": "answer"},
        max_concurrency=conversations,
    )
    openai_spec = TargetSpec(
        "bench-openai",
        "openai_chat",
        {"base_url": f"{base_url}/v1", "model": "m"},
        max_concurrency=conversations,
    )
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session:

        def bare() -> Send:
            async def send(text: str) -> object:
                async with session.post(
                    f"{base_url}/chat", json={"message": text, "session_id": "x"}
                ) as response:
                    return (await response.json())["answer"]

            return send

        def through(spec: TargetSpec) -> Callable[[], Send]:
            return lambda: factory.open(spec).send

        variants = {
            "bare aiohttp": bare,
            "http channel": through(http_spec),
            "openai_chat channel": through(openai_spec),
        }
        for make_send in variants.values():  # warm-up: connections, code paths
            await _run_conversations(make_send, conversations, 2)
        for _ in range(rounds):
            for name, make_send in variants.items():
                results[name] += await _run_conversations(make_send, conversations, sends)
    await factory.aclose()
    return results


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def print_table(results: dict[str, list[float]]) -> None:
    base = results["bare aiohttp"]
    base_p50, base_p99 = _percentile(base, 0.5), _percentile(base, 0.99)
    print(
        f"{'variant':<22}{'sends':>7}{'p50 ms':>9}{'p99 ms':>9}{'mean ms':>9}{'Δp50 ms':>9}{'Δp99 ms':>9}"
    )
    for name, values in results.items():
        p50, p99 = _percentile(values, 0.5), _percentile(values, 0.99)
        print(
            f"{name:<22}{len(values):>7}{p50:>9.2f}{p99:>9.2f}{statistics.fmean(values):>9.2f}"
            f"{p50 - base_p50:>+9.2f}{p99 - base_p99:>+9.2f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--conversations", type=int, default=50)
    parser.add_argument("--sends", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()

    spawn = multiprocessing.get_context("spawn")
    port_queue = spawn.Queue()
    server = spawn.Process(target=_serve_target, args=(port_queue,), daemon=True)
    server.start()
    try:
        port = port_queue.get(timeout=20)
        results = asyncio.run(
            benchmark(args.conversations, args.sends, args.rounds, f"http://127.0.0.1:{port}")
        )
    finally:
        server.terminate()
        server.join(5)
    print(
        f"{args.conversations} concurrent conversations × {args.sends} sends × {args.rounds} rounds per variant"
    )
    print_table(results)


if __name__ == "__main__":
    main()
