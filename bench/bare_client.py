"""The floor: a bare aiohttp client sending the workload's requests and doing its checks.

One shared session, `concurrency` workers; per answer the same checks as the
scenario's rules (the keyword, the JSON schema with jsonschema, the latency).
Run as a whole process by bench/gate_vs_bare.py and bench/compare_promptfoo.sh:

  python bench/bare_client.py URL [--cases 2000] [--concurrency 50] [--uvloop]

--uvloop runs it on uvloop, the loop the gate uses when installed (agenteval/cli/event_loop.py).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time

import aiohttp
import jsonschema

REQUIRED_KEYWORD = "shipped"
SCHEMA = {"type": "object", "required": ["status"], "properties": {"status": {"const": "ok"}}}
MAX_MS = 1000


async def run(url: str, cases: int, concurrency: int) -> int:
    """How many cases passed every check."""
    validator = jsonschema.Draft202012Validator(SCHEMA)
    pending = iter(range(cases))
    passed = 0

    async def worker(session: aiohttp.ClientSession) -> None:
        nonlocal passed
        for index in pending:
            started = time.perf_counter()
            async with session.post(url, json={"message": f"where is order {index}?"}) as answer:
                reply = (await answer.json())["reply"]
            latency_ms = (time.perf_counter() - started) * 1000
            keyword = REQUIRED_KEYWORD in reply.lower()
            schema = validator.is_valid(json.loads(reply))
            passed += keyword and schema and latency_ms <= MAX_MS

    connector = aiohttp.TCPConnector(limit=concurrency)
    async with aiohttp.ClientSession(connector=connector) as session:
        await asyncio.gather(*(worker(session) for _ in range(concurrency)))
    return passed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("url")
    parser.add_argument("--cases", type=int, default=2000)
    parser.add_argument("--concurrency", type=int, default=50)
    parser.add_argument("--uvloop", action="store_true", help="run on uvloop")
    args = parser.parse_args()
    if args.uvloop:
        import uvloop

        with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
            passed = runner.run(run(args.url, args.cases, args.concurrency))
    else:
        passed = asyncio.run(run(args.url, args.cases, args.concurrency))
    print(f"{passed}/{args.cases} passed")
    sys.exit(0 if passed == args.cases else 1)


if __name__ == "__main__":
    main()
