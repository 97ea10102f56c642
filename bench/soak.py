"""Memory stays flat: the server's RSS over a bounded soak of sends, watchers and reconnects.

One `agenteval serve` (child process, SQLite in a temporary folder) and a local
target answering in 20 ms (bench/load.py's). For --minutes (10 by default; bounded)
--sessions sessions send `sendMessage` without pause while --subscribers watchers
(half eval events, half session messages) come and go: every --churn seconds a
tenth of them close and new ones open, so sockets, subscriptions and their tasks
are created and dropped all along. The server's RSS is sampled every --sample
seconds; reported: RSS at the end of the first minute (warm), at the end, the
slope of a least-squares line over the samples after the first minute (MB per
10 minutes), and RSS --settle seconds after the load stops.
Target: growth after warm-up ≤ 10 MB per 10 minutes; after the load, within 30 MB
of the RSS before it.

Run: .venv/bin/python bench/soak.py [--minutes 10] [--subscribers 200] [--sessions 20]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import multiprocessing
import os
import tempfile
import time
from pathlib import Path

import httpx
from figures import record
from load import EVENTS, MESSAGES, Watchers, send_for, setup, watcher
from served import free_port, rss_mb, serve_target, server


def slope_per_10_min(samples: list[tuple[float, float]]) -> float:
    """Least-squares slope of (seconds, MB), in MB per 10 minutes."""
    if len(samples) < 2:
        return float("nan")
    xs, ys = [t for t, _ in samples], [m for _, m in samples]
    mean_x, mean_y = sum(xs) / len(xs), sum(ys) / len(ys)
    var = sum((x - mean_x) ** 2 for x in xs)
    if var == 0:
        return float("nan")
    return sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, ys, strict=True)) / var * 600


async def churning_watchers(ws_url: str, eval_id: str, session_ids: list[str], count: int,
                            churn_s: float, stop: asyncio.Event, watchers: Watchers) -> int:
    """Keep `count` watchers open, replacing a tenth of them every `churn_s`; how many opened."""
    opened_total = 0
    tasks: list[asyncio.Task[None]] = []

    def open_one(index: int) -> asyncio.Task[None]:
        nonlocal opened_total
        opened_total += 1
        if index % 2 == 0:
            query, variables = EVENTS, {"id": eval_id}
        else:
            query, variables = MESSAGES, {"id": session_ids[(index // 2) % len(session_ids)]}
        ready, opened = asyncio.Event(), [0]
        return asyncio.create_task(watcher(ws_url, query, variables, watchers, ready, opened, 1))

    tasks = [open_one(i) for i in range(count)]
    turn = 0
    while not stop.is_set():
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), churn_s)
        if stop.is_set():
            break
        for position in range(turn % 10, count, 10):
            tasks[position].cancel()
            tasks[position] = open_one(position)
        turn += 1
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return opened_total


async def run(args: argparse.Namespace, database_url: str) -> None:
    target_port, port = free_port(), free_port()
    target = multiprocessing.Process(target=serve_target, args=(target_port, 0.02), daemon=True)
    target.start()
    samples: list[tuple[float, float]] = []
    try:
        with server(database_url, port) as child:
            base = f"http://127.0.0.1:{port}"
            limits = httpx.Limits(max_connections=args.sessions + 10)
            async with httpx.AsyncClient(base_url=base, timeout=120, limits=limits) as http:
                eval_id, session_ids = await setup(http, f"http://127.0.0.1:{target_port}/chat",
                                                   args.sessions)
                await send_for(http, session_ids, 2)
                rss_before = rss_mb(child.pid)
                stop, watchers = asyncio.Event(), Watchers()
                churn = asyncio.create_task(churning_watchers(
                    base.replace("http", "ws") + "/graphql", eval_id, session_ids,
                    args.subscribers, args.churn, stop, watchers))
                started = time.monotonic()
                load = asyncio.create_task(send_for(http, session_ids, args.minutes * 60))
                while not load.done():
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(asyncio.shield(load), args.sample)
                    samples.append((time.monotonic() - started, rss_mb(child.pid)))
                sends, elapsed = load.result()
                stop.set()
                opened = await churn
                await asyncio.sleep(args.settle)
                rss_after = rss_mb(child.pid)
    finally:
        target.terminate()
    warm = [s for s in samples if s[0] >= 60] or samples
    slope = slope_per_10_min(warm)
    print(f"soak: {args.minutes:g} min, {args.sessions} sessions ({len(sends.latencies_ms)} sends,"
          f" {len(sends.latencies_ms) / elapsed:.0f}/s), {args.subscribers} watchers ({opened} "
          f"opened in all, {watchers.received} deliveries, {len(watchers.ended)} ended by the "
          f"server); load average {os.getloadavg()[0]:.1f}")
    print(f"  RSS {rss_before:.0f} MB before, {warm[0][1]:.0f} MB warm, {samples[-1][1]:.0f} MB at "
          f"the end ({slope:+.1f} MB per 10 min after warm-up), {rss_after:.0f} MB "
          f"{args.settle:.0f} s after")
    command = (f"python bench/soak.py --minutes {args.minutes:g} --subscribers {args.subscribers}"
               f" --sessions {args.sessions}")
    record("soak: RSS growth after warm-up (SQLite)", slope, "MB/10 min", 10, command=command)
    record(f"soak: RSS growth {args.settle:.0f} s after the load (SQLite)", rss_after - rss_before,
           "MB", 30, command=command)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--subscribers", type=int, default=200)
    parser.add_argument("--sessions", type=int, default=20)
    parser.add_argument("--churn", type=float, default=5.0,
                        help="seconds between replacing a tenth of the watchers")
    parser.add_argument("--sample", type=float, default=5.0, help="seconds between RSS samples")
    parser.add_argument("--settle", type=float, default=30.0)
    parser.add_argument("--database-url", default=None)
    args = parser.parse_args()
    if not 0 < args.minutes <= 60:
        parser.error("--minutes must be between 0 and 60 (the soak is bounded)")
    with tempfile.TemporaryDirectory() as tmp:
        url = args.database_url or f"sqlite://{Path(tmp) / 'soak.db'}"
        asyncio.run(run(args, url))


if __name__ == "__main__":
    main()
