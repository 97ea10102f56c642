"""The index writer's segmentation, in a process of its own.

jieba is pure Python (~200–500 µs for a 35-character message on this machine, ~1 ms for an
80-character English one; blocks seen before come from segmenter's cache): in a worker
thread it still holds the GIL, so indexing 2,000 ingested turns a second would take most of
a core from the event loop that ingests them (measured: docs/performance.md). One worker
process does it instead, beside the server on the machine's other core; the server sends
texts and gets their words back, a batch per call. The worker loads the dictionary once,
when it starts (its initializer), and lives as long as the server process: it is stopped
when the interpreter exits, and a killed server's worker (kill -9, the OOM killer) ends
itself within a second, since nothing else would (it holds both ends of its own call
queue's pipe, so it never sees the server's end close). Queries are still segmented in the server (segmenter, a few
microseconds for a short query, the dictionary loaded there on the first search), so a
search never queues behind an indexing batch.

If a worker process cannot be started or dies, segmentation falls back to a thread of the
server (logged once): slower for the server, never lost.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from agenteval.store.search import segmenter

log = logging.getLogger(__name__)

_pool: ProcessPoolExecutor | None = None
_fallback = False


def index_texts(texts: list[str]) -> list[str]:
    """In the worker: each text's index words, space-joined."""
    return [segmenter.index_text(text) for text in texts]


def _start_worker(server_pid: int) -> None:
    """The worker's initializer: outlive no server, then load the dictionary."""
    threading.Thread(target=_exit_with, args=(server_pid,), name="exit-with-server",
                     daemon=True).start()
    segmenter._load()


def _exit_with(server_pid: int) -> None:
    # An orphan is re-parented (to init or a subreaper): its parent id changes.
    while os.getppid() == server_pid:
        time.sleep(1)
    os._exit(0)


def _workers() -> ProcessPoolExecutor:
    global _pool
    if _pool is None:
        # spawn, not fork: the server has threads (aiosqlite's, the event loop's executor).
        _pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                                    initializer=_start_worker, initargs=(os.getpid(),))
    return _pool


def start() -> None:
    """Start the worker now (it loads the dictionary while the server starts)."""
    if not _fallback:
        try:
            _workers().submit(index_texts, [])
        except (OSError, BrokenProcessPool, RuntimeError):
            _give_up()


def _give_up() -> None:
    global _pool, _fallback
    if not _fallback:
        log.warning("search index: no segmenting process; segmenting in a thread instead",
                    exc_info=True)
    _fallback = True
    if _pool is not None:
        _pool.shutdown(wait=False, cancel_futures=True)
        _pool = None


async def index_texts_off_loop(texts: Sequence[str]) -> list[str]:
    """The texts' index words, segmented in the worker process (or a thread)."""
    batch = list(texts)
    if not _fallback:
        try:
            return await asyncio.get_running_loop().run_in_executor(_workers(), index_texts,
                                                                    batch)
        except (OSError, BrokenProcessPool, RuntimeError):
            _give_up()
    await segmenter.ready()
    return await asyncio.to_thread(index_texts, batch)
