"""The server's CPU per websocket message sent, by uvicorn's websocket implementation.

One uvicorn (in this process) serving a tiny ASGI app; a child process opens --sockets
connections and reads --messages text messages of a subscription event's size, sent
round-robin over them (as a fan-out writes one socket after another). The
server's loop thread CPU (`time.thread_time`, the write system calls included) over the
sending is divided by the messages:
- `websockets-sansio` (uvicorn's default, what serve.py runs), `websockets` (the legacy
  implementation), `wsproto` (when installed): each message through ASGI `send`;
- `direct`: the pre-built frame written to the transport, as the subscriptions' fan-out
  does (api/transport/direct_frames.py), on the default implementation.
Every message is awaited or written one by one, as a delivery to one of many sockets is.

Run: .venv/bin/python bench/ws_send_cost.py [--messages 20000] [--rounds 3]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import socket
import statistics
import sys
import time
from typing import Any

import uvicorn
from figures import record

from agenteval.api.transport.direct_frames import (
    SCOPE_KEY,
    ScopedWebSocketProtocol,
    direct_writer,
    text_frame,
)

PAYLOAD = json.dumps({"id": "1", "type": "next", "payload": {"data": {"intelligentEvalEvents": {
    "sequence": 12345, "type": "MESSAGE_SENT", "sessionId": "2f1c4c1e-9d0a-4c8e-b0a8-5d7e",
    "at": "2026-12-06T10:00:00.123456+00:00"}}}}, separators=(",", ":"))


def make_app(direct: bool, sockets: int) -> Any:
    """Each connection registers; the last one sends the messages round-robin over all
    (a delivery goes to one socket after another, each write its own system call)."""
    ready: list[tuple[Any, Any, dict[str, Any]]] = []
    done = asyncio.Event()

    async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "websocket":
            return
        await receive()  # connect
        await send({"type": "websocket.accept"})
        count = int((await receive())["text"])
        ready.append((send, direct_writer(scope) if direct else None, scope))
        if len(ready) == sockets:
            cpu = await send_all(ready, count)
            await ready[0][0]({"type": "websocket.send", "text": f"cpu {cpu}"})
            done.set()
        await done.wait()
        with contextlib.suppress(Exception):
            await receive()
    return app


async def send_all(ready: list[tuple[Any, Any, dict[str, Any]]], count: int) -> float:
    frame = text_frame(PAYLOAD)
    started = time.thread_time()
    for index in range(count):
        send, writer, scope = ready[index % len(ready)]
        if writer is not None:
            while not writer.write(frame):  # pushed back: wait as a send would
                await scope[SCOPE_KEY].writable.wait()
        else:
            await send({"type": "websocket.send", "text": PAYLOAD})
    return time.thread_time() - started


def client(port: int, count: int, sockets: int) -> None:
    """`sockets` connections reading their share of `count` messages (threads: blocking)."""
    from concurrent.futures import ThreadPoolExecutor

    from websockets.sync.client import connect

    connections = [connect(f"ws://127.0.0.1:{port}/", compression=None, max_size=None,
                           legacy=True)
                   for _ in range(sockets)]

    def read(index: int) -> str:
        ws = connections[index]
        ws.send(str(count))
        share = count // sockets + (1 if index < count % sockets else 0)
        for _ in range(share):
            ws.recv()
        return ws.recv() if index == 0 else ""

    with ThreadPoolExecutor(sockets) as pool:
        print(next(iter(pool.map(read, range(sockets)))), flush=True)
    for ws in connections:
        ws.close()


async def measure(ws: Any, direct: bool, count: int, sockets: int) -> float:
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(make_app(direct, sockets), ws=ws, log_config=None, access_log=False,
                            lifespan="off", ws_per_message_deflate=False)
    server = uvicorn.Server(config)
    task = asyncio.create_task(server.serve(sockets=[sock]))
    while not server.started:  # noqa: ASYNC110 - uvicorn offers no event for it
        await asyncio.sleep(0.01)
    child = await asyncio.create_subprocess_exec(  # a fresh process: no inherited loop
        sys.executable, __file__, "--client", str(port), str(count), str(sockets),
        stdout=asyncio.subprocess.PIPE)
    output, _ = await child.communicate()
    lines = output.decode().strip().splitlines()
    server.should_exit = True
    await task
    sock.close()
    if not lines:  # the client's connection failed (its error is on stderr): no figure
        print(f"  ({ws}{', direct' if direct else ''}: the client failed; round not counted)")
        return float("nan")
    return float(lines[-1].split()[1]) / count * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=int, default=20000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--sockets", type=int, default=50)
    parser.add_argument("--client", nargs=3, type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.client:  # the reading side, in its own process
        client(*args.client)
        return
    variants: dict[str, tuple[Any, bool]] = {
        "websockets-sansio (default)": (ScopedWebSocketProtocol, False),
        "websockets (legacy)": ("websockets", False),
        "direct pre-built frame": (ScopedWebSocketProtocol, True)}
    try:
        import wsproto  # noqa: F401
        variants["wsproto"] = ("wsproto", False)
    except ImportError:
        print("  (wsproto is not installed: not measured)")
    results: dict[str, list[float]] = {name: [] for name in variants}
    for _ in range(args.rounds):  # interleaved: the machine's load moves them alike
        for name, (ws, direct) in variants.items():
            results[name].append(asyncio.run(measure(ws, direct, args.messages, args.sockets)))
    print(f"server CPU per message sent ({len(PAYLOAD)} bytes, {args.messages} messages "
          f"round-robin over {args.sockets} sockets, "
          f"median of {args.rounds}); load {os.getloadavg()[0]:.1f}")
    for name, values in results.items():
        counted = [v for v in values if v == v] or [float("nan")]  # NaN: a failed round
        value = statistics.median(counted)
        print(f"  {name:30} {value:6.1f} µs   ({', '.join(f'{v:.1f}' for v in values)})")
        record(f"websocket send CPU per message ({name})", value, "µs",
               command="python bench/ws_send_cost.py")


if __name__ == "__main__":
    main()
