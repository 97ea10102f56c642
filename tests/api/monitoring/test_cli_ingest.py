"""`agenteval ingest FILE --url URL` against the real app under uvicorn: batches, progress,
a refused batch listed by line, and resuming after the last acknowledged line."""

from __future__ import annotations

import asyncio
import json
import os
import sys
from pathlib import Path

from starlette.applications import Starlette

from agenteval.store.models import MonitoredTurn
from tests.support.graphql_client import ADMIN_KEY, GraphQLClient
from tests.support.uvicorn_server import uvicorn_server

ROOT = Path(__file__).resolve().parents[3]


async def cli(*args: str) -> tuple[int, str, str]:
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "agenteval.cli", "ingest", *args,
        env={**os.environ, "PYTHONPATH": str(ROOT), "AGENTEVAL_API_KEY": ADMIN_KEY},
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await asyncio.wait_for(process.communicate(), 60)
    return process.returncode or 0, out.decode(), err.decode()


async def test_ingest_pushes_in_batches_and_resumes_after_a_refused_batch(
        app: Starlette, gql: GraphQLClient, tmp_path: Path) -> None:
    lines = [{"conversationId": f"c{i // 2}", "role": "user" if i % 2 == 0 else "assistant",
              "content": f"message {i}", "position": i % 2} for i in range(10)]
    broken = list(lines)
    broken[6] = {"conversationId": "c3", "role": "robot", "content": "?"}
    log = tmp_path / "history.jsonl"
    log.write_text("\n".join(json.dumps(line) for line in broken))
    async with uvicorn_server(app, lifespan="off") as base:
        code, _, err = await cli(str(log), "--url", base, "--source", "crm", "--batch", "4")
        assert code == 1
        assert "lines 5-8 refused (400 VALIDATION_FAILED)" in err and "line 7: BAD_ROLE" in err
        assert (tmp_path / "history.jsonl.ingest-progress").read_text() == "4"
        assert await MonitoredTurn.all().count() == 4
        log.write_text("\n".join(json.dumps(line) for line in lines))
        code, out, err = await cli(str(log), "--url", base, "--source", "crm", "--batch", "4")
    assert code == 0, err
    assert "resuming after line 4 of 10" in err and "10/10 lines" in err
    assert json.loads(out) == {"lines": 6, "accepted": 6, "duplicates": 0}
    assert await MonitoredTurn.all().count() == 10
    assert not (tmp_path / "history.jsonl.ingest-progress").exists()


async def test_a_csv_log(app: Starlette, gql: GraphQLClient, tmp_path: Path) -> None:
    log = tmp_path / "log.csv"
    log.write_text("conversationId,role,content,position\nk1,user,hi,0\nk1,assistant,hello,1\n")
    async with uvicorn_server(app, lifespan="off") as base:
        code, out, err = await cli(str(log), "--url", base, "--source", "crm")
    assert code == 0, err
    assert json.loads(out)["accepted"] == 2
