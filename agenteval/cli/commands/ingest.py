"""`agenteval ingest FILE --url URL`: push a conversation log to a server's POST /api/ingest.

FILE is JSONL (turns, or whole conversations in the importConversations shape — see
docs/monitoring.md) or CSV (columns conversationId, role, content, and optionally source,
messageId, position, timestamp, latencyMs). Lines go in batches; each acknowledged batch is
recorded in FILE.ingest-progress, so a run that stopped (a refused batch, the server gone)
resumes after the last acknowledged line when started again. Ingestion is idempotent, so a
batch sent twice stores nothing twice. 429 and 503 answers are retried after Retry-After.
"""

from __future__ import annotations

import csv
import io
import json
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import click

CSV_INTS = ("position", "latencyMs")


def read_lines(path: Path, source: str | None) -> list[str]:
    text = path.read_text(encoding="utf-8")
    if path.suffix.lower() != ".csv":
        return [line for line in text.splitlines() if line.strip()]
    lines = []
    for row in csv.DictReader(io.StringIO(text)):
        turn: dict[str, Any] = {k: v for k, v in row.items() if k and v not in (None, "")}
        for key in CSV_INTS:
            if key in turn:
                turn[key] = int(turn[key])
        if source and "source" not in turn:
            turn["source"] = source
        lines.append(json.dumps(turn, ensure_ascii=False))
    return lines


def _post(url: str, key: str, body: bytes, source: str | None) -> tuple[int, dict[str, Any],
                                                                        str | None]:
    target = f"{url.rstrip('/')}/api/ingest" + (f"?source={source}" if source else "")
    request = urllib.request.Request(target, data=body, method="POST", headers={
        "X-API-Key": key, "Content-Type": "application/x-ndjson"})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.loads(response.read() or b"{}"), None
    except urllib.error.HTTPError as error:
        try:
            answer = json.loads(error.read() or b"{}")
        except json.JSONDecodeError:
            answer = {}
        return error.code, answer, error.headers.get("Retry-After")


@click.command("ingest")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--url", required=True, help="The AgentEval server (http://host:port).")
@click.option("--key", envvar="AGENTEVAL_API_KEY", required=True,
              help="An INGEST (or OPERATOR/ADMIN) key; default $AGENTEVAL_API_KEY.")
@click.option("--source", default=None, help="The source, for lines that name none.")
@click.option("--batch", default=500, show_default=True, help="Lines per request.")
@click.option("--restart", is_flag=True, help="Ignore the progress file: send from the start.")
@click.option("--attempts", default=8, show_default=True,
              help="Tries per batch when the server is busy or unreachable.")
def ingest(file: Path, url: str, key: str, source: str | None, batch: int, restart: bool,
           attempts: int) -> None:
    """Push a JSONL or CSV conversation log to a server in batches, resumable."""
    lines = read_lines(file, source)
    progress_file = file.with_name(file.name + ".ingest-progress")
    start = 0 if restart or not progress_file.exists() else int(progress_file.read_text())
    if start:
        click.echo(f"resuming after line {start} of {len(lines)}", err=True)
    accepted = duplicates = 0
    for offset in range(start, len(lines), max(1, batch)):
        chunk = lines[offset:offset + batch]
        status, answer = _send(url, key, "\n".join(chunk).encode(), source, attempts)
        if status != 200:
            error = answer.get("error") or {}
            click.echo(f"lines {offset + 1}-{offset + len(chunk)} refused ({status} "
                       f"{error.get('code')}): {error.get('message')}", err=True)
            for detail in (error.get("details") or [])[:20]:
                line = detail.get("line")
                where = f"line {offset + line}" if isinstance(line, int) else detail.get("path")
                click.echo(f"  {where}: {detail.get('reason', '')} {detail.get('message')}",
                           err=True)
            click.echo(f"fix the file and run again to resume after line {offset}", err=True)
            sys.exit(1)
        accepted += int(answer.get("accepted", 0))
        duplicates += int(answer.get("duplicates", 0))
        progress_file.write_text(str(offset + len(chunk)))
        click.echo(f"{offset + len(chunk)}/{len(lines)} lines: {accepted} turns stored, "
                   f"{duplicates} already there", err=True)
    progress_file.unlink(missing_ok=True)
    click.echo(json.dumps({"lines": len(lines) - start, "accepted": accepted,
                           "duplicates": duplicates}))


def _send(url: str, key: str, body: bytes, source: str | None,
          attempts: int) -> tuple[int, dict[str, Any]]:
    for attempt in range(attempts):
        try:
            status, answer, retry_after = _post(url, key, body, source)
        except (urllib.error.URLError, OSError) as exc:
            status, answer, retry_after = 0, {"error": {"code": "UNREACHABLE",
                                                        "message": str(exc)}}, None
        if status not in (0, 429, 502, 503, 504) or attempt == attempts - 1:
            return status, answer
        time.sleep(float(retry_after) if retry_after else min(30.0, 0.5 * 2 ** attempt))
    raise AssertionError("unreachable")
