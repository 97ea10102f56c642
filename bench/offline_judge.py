"""Offline judging through the API: import a JSONL of 500 logged conversations, judge it.

Through the real ASGI app (a bare ASGI call, as bench/reads.py): `importConversations`
with a generated JSONL (`--conversations` of `--turns` user/assistant exchanges each, a
raw JSON reply on the first turn), then `judgeConversations` with rules —
keyword_match (regex), a not_contains expectation, json_path over the raw reply and a
per-turn contains check (every tenth conversation ends without a booking) — polled until the run is COMPLETED. Nothing is sent to any bot.
Figures: import time, judge time (judgeConversations to the stored summary), total.

Run: .venv/bin/python bench/offline_judge.py [--conversations 500] [--turns 3]
     [--database-url postgres://root@127.0.0.1:5432/bench]   (default: a temporary SQLite file)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import tempfile
import time
from pathlib import Path
from typing import Any

from asgi_client import ADMIN_KEY, Client
from figures import record

from agenteval.app import create_app
from agenteval.config import Settings

IMPORT = """mutation($d: String!) { importConversations(document: $d, format: "jsonl") {
  id dialogCount turnCount } }"""
JUDGE = """mutation($s: ID!, $r: JSON) { judgeConversations(setId: $s, rules: $r) { id } }"""
RUN = """query($id: ID!) { run(id: $id) { status offline progress { done passed failed errored }
  summary { passRate } } }"""
RULES = {
    "expectation": {"not_contains": ["didn't quite get"]},
    "eval_rules": [{"type": "keyword_match", "params": {"keywords": [r"RP\d{5}"], "regex": True}}],
    "turn_checks": [{"turn_index": 0, "expect": {"contains": "name"}, "eval_rules": [
        {"type": "json_path", "params": {"path": "intent", "op": "equals", "value": "repair"}}]}],
}


def log_document(conversations: int, turns: int) -> str:
    lines = []
    for index in range(conversations):
        messages: list[dict[str, Any]] = []
        for turn in range(turns):
            messages.append({"role": "user", "content": f"conversation {index}: question {turn}"})
            reply = ("May I have your name?" if turn == 0 else
                     f"Booked: RP{10000 + index}" if turn == turns - 1 and index % 10
                     else f"Noted, step {turn}.")
            message: dict[str, Any] = {"role": "assistant", "content": reply}
            if turn == 0:
                message["raw"] = {"intent": "repair", "reply": reply}
            messages.append(message)
        lines.append(json.dumps({"id": f"log-{index:05d}", "messages": messages,
                                 "metadata": {"channel": "web"}}))
    return "\n".join(lines) + "\n"


async def finished(gql: Client, run_id: str) -> dict[str, Any]:
    """The run once it has ended (polled: what a client without a subscription does)."""
    while True:
        run = (await gql(RUN, {"id": run_id}))["run"]
        if run["status"] in ("COMPLETED", "FAILED", "CANCELLED"):
            return dict(run)
        await asyncio.sleep(0.02)


async def bench(url: str, conversations: int, turns: int) -> dict[str, Any]:
    settings = Settings(database_url=url, admin_key=ADMIN_KEY, driver="none", demo=False,
                        watchdog_interval_s=0)
    app = create_app(settings, migrate=True)
    document = log_document(conversations, turns)
    async with app.router.lifespan_context(app):
        gql = Client(app)
        began = time.perf_counter()
        stored = (await gql(IMPORT, {"d": document}))["importConversations"]
        imported = time.perf_counter()
        run_id = (await gql(JUDGE, {"s": stored["id"], "r": RULES}))["judgeConversations"]["id"]
        run = await finished(gql, run_id)
        judged = time.perf_counter()
    return {"import_s": imported - began, "judge_s": judged - imported,
            "total_s": judged - began, "bytes": len(document.encode()), "stored": stored,
            "run": run}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--conversations", type=int, default=500)
    parser.add_argument("--turns", type=int, default=3)
    parser.add_argument("--database-url", help="default: a temporary SQLite file")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        url = args.database_url or f"sqlite://{Path(scratch) / 'offline.db'}"
        result = asyncio.run(bench(url, args.conversations, args.turns))
    backend = "postgres" if url.startswith("postgres") else "sqlite"
    run = result["run"]
    print(f"{backend}: {result['stored']['dialogCount']} conversations, "
          f"{result['stored']['turnCount']} turns, {result['bytes'] / 1024:.0f} KiB of JSONL")
    print(f"  import  {result['import_s']:6.2f} s   (importConversations)")
    print(f"  judge   {result['judge_s']:6.2f} s   (judgeConversations → COMPLETED, "
          f"{run['progress']['passed']} passed, {run['progress']['failed']} failed, "
          f"{run['progress']['errored']} errored, offline={run['offline']})")
    print(f"  total   {result['total_s']:6.2f} s")
    command = f"bench/offline_judge.py --conversations {args.conversations}"
    record(f"offline import+judge {args.conversations} conversations ({backend})",
           result["total_s"], "s", target=10.0, command=command)


if __name__ == "__main__":
    main()
