"""A judged run: N cases with an llm_score rule, judged by a local model answering in 50 ms.

The CI gate (`agenteval run`, whole process) runs N single-turn cases against the
workload's 20 ms target; each case's reply is scored by the JUDGE model, a local
OpenAI-compatible server (a child process) that answers every chat completion
in `--judge-ms`. The judge's endpoint allows `max_concurrency` requests at once
(4 by default), so the ideal is N × judge-ms / 4. The run's own duration (the
gate's --json `duration_s`, start-up excluded) is compared with it. A second,
identical run with the same --cache folder is served from the judge cache.
Targets: the first run ≤ 1.3× the ideal; the cached re-run ≤ 10% of the first.

Run: .venv/bin/python bench/judged_run.py [--cases 500] [--judge-ms 50]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import sys
import tempfile
from pathlib import Path

from figures import record
from workload import local_target, target_file, timed_process

JUDGE_CONCURRENCY = 4  # the JUDGE endpoint's default max_concurrency (agenteval/llm/config.py)


def _serve_judge(port_out: multiprocessing.Queue, delay_s: float) -> None:  # type: ignore[type-arg]
    from aiohttp import web

    async def completion(request: web.Request) -> web.Response:
        await request.json()
        await asyncio.sleep(delay_s)
        content = json.dumps({"score": 8, "rationale": "a local judge"})
        return web.json_response({"id": "bench", "object": "chat.completion", "model": "judge",
                                  "choices": [{"index": 0, "finish_reason": "stop", "message": {
                                      "role": "assistant", "content": content}}],
                                  "usage": {"prompt_tokens": 10, "completion_tokens": 10,
                                            "total_tokens": 20}})

    async def main() -> None:
        app = web.Application()
        app.router.add_post("/v1/chat/completions", completion)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0, backlog=1024)
        await site.start()
        port_out.put(runner.addresses[0][1])
        await asyncio.Event().wait()

    asyncio.run(main())


def scenario(cases: int) -> dict[str, object]:
    rule = {"type": "llm_score", "params": {"criteria": "polite and correct", "min_score": 7}}
    return {"name": "judged", "cases": [
        {"id": f"case-{i:04d}", "message": f"where is order {i}?", "eval_rules": [rule]}
        for i in range(cases)]}


def run_gate(folder: Path, target: Path, scenario_file: Path, judge_url: str, name: str,
             concurrency: int) -> float:
    """The run's duration in seconds (start-up excluded), from the gate's --json."""
    report = folder / f"{name}.json"
    command = [sys.executable, "-m", "agenteval.cli", "run", str(scenario_file), "--target",
               str(target), "--concurrency", str(concurrency), "--cache",
               str(folder / "cache"), "--json", str(report), "--quiet"]
    timed_process(command, env={"AGENTEVAL_JUDGE_MODEL": "judge",
                                "AGENTEVAL_JUDGE_BASE_URL": judge_url,
                                "AGENTEVAL_JUDGE_API_KEY": "local"})
    [result] = json.loads(report.read_text(encoding="utf-8"))
    if result["summary"]["errorCount"] or result["summary"]["passedCases"] == 0:
        raise SystemExit(f"{name}: the judged run did not judge: {result['summary']}")
    return float(result["run"]["durationS"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=500)
    parser.add_argument("--judge-ms", type=float, default=50.0)
    parser.add_argument("--concurrency", type=int, default=50)
    args = parser.parse_args()
    ports: multiprocessing.Queue[int] = multiprocessing.Queue()
    judge = multiprocessing.Process(target=_serve_judge, args=(ports, args.judge_ms / 1000),
                                    daemon=True)
    judge.start()
    try:
        judge_url = f"http://127.0.0.1:{ports.get(timeout=20)}/v1"
        with local_target() as url, tempfile.TemporaryDirectory() as scratch:
            folder = Path(scratch)
            target = folder / "target.json"
            target.write_text(json.dumps(target_file(url, 64)), encoding="utf-8")
            scenario_file = folder / "judged.json"
            scenario_file.write_text(json.dumps(scenario(args.cases)), encoding="utf-8")
            first = run_gate(folder, target, scenario_file, judge_url, "first", args.concurrency)
            cached = run_gate(folder, target, scenario_file, judge_url, "cached",
                              args.concurrency)
    finally:
        judge.terminate()
    ideal = args.cases * args.judge_ms / 1000 / JUDGE_CONCURRENCY
    print(f"{args.cases} llm_score cases, judge {args.judge_ms:g} ms, judge concurrency "
          f"{JUDGE_CONCURRENCY}: ideal {ideal:.2f} s")
    print(f"  first run   {first:.2f} s  ({first / ideal:.2f}× the ideal)")
    print(f"  cached run  {cached:.2f} s  ({cached / first * 100:.1f}% of the first)")
    command = "python bench/judged_run.py"
    record(f"judged run ({args.cases} cases) vs ideal", first / ideal, "×", 1.3, command=command)
    record("judged re-run from the cache, share of the first", cached / first * 100, "%", 10,
           command=command)


if __name__ == "__main__":
    main()
