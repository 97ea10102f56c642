"""docs/run-json.schema.json is generated from the run document's types, and what the
gate's `--json` writes and the API's report.json answers for the same run both
validate against it."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any, TypedDict

import httpx
import jsonschema
import pytest

from agenteval.app import create_app
from agenteval.cli.run_gate import run_command
from agenteval.config import Settings
from agenteval.engine.static.run_json_schema import main, run_json_schema, schema_of
from tests.support.graphql_client import ADMIN_KEY, running_app

ROOT = Path(__file__).resolve().parents[2]
COMMITTED = ROOT / "docs" / "run-json.schema.json"
BOOKING = str(ROOT / "examples" / "scenarios" / "booking.json")
DEMO = str(ROOT / "examples" / "targets" / "demo.json")


def test_the_committed_schema_is_the_generated_one(capsys: pytest.CaptureFixture[str]) -> None:
    main()
    generated = capsys.readouterr().out
    assert COMMITTED.read_text(encoding="utf-8") == generated, (
        "docs/run-json.schema.json is stale: run `python -m "
        "agenteval.engine.static.run_json_schema > docs/run-json.schema.json`")
    jsonschema.Draft202012Validator.check_schema(json.loads(generated))


def test_the_schema_is_closed_and_versioned() -> None:
    schema = run_json_schema()
    entry = schema["$defs"]["scenarioEntry"]
    assert entry["properties"]["formatVersion"] == {"const": 1}
    assert all(definition["additionalProperties"] is False
               for definition in schema["$defs"].values())
    # A key later versions added stays optional, so older files still validate.
    assert "turnIndex" not in schema["$defs"]["ruleResult"]["required"]
    assert schema["$defs"]["runInfo"]["properties"]["status"]["enum"] == [
        "QUEUED", "RUNNING", "COMPLETED", "CANCELLED", "FAILED"]


def test_a_type_the_generator_cannot_express_is_refused_not_guessed() -> None:
    class Odd(TypedDict):
        when: set[int]

    with pytest.raises(TypeError, match="cannot express set"):
        schema_of(Odd, {})
    with pytest.raises(TypeError, match="only"):
        schema_of(int | str | None, {})


def test_the_gates_json_and_the_apis_download_of_one_run_validate_and_agree(
        tmp_path: Path) -> None:
    database = f"sqlite://{tmp_path / 'gate.db'}"
    as_json = tmp_path / "run.json"
    assert run_command(BOOKING, DEMO, repeat=2, json_out=str(as_json),
                       database_url=database) == 1  # Mia fails some booking cases
    schema = json.loads(COMMITTED.read_text(encoding="utf-8"))
    gate_document = json.loads(as_json.read_text(encoding="utf-8"))
    jsonschema.validate(gate_document, schema)
    [gate_entry] = gate_document

    async def download() -> httpx.Response:  # the server, on the database the gate left
        app = create_app(Settings(database_url=database, admin_key=ADMIN_KEY,
                                  driver="none", demo=False))
        async with running_app(app) as http:
            return await http.get(f"/api/runs/{gate_entry['run']['id']}/report.json",
                                  headers={"X-API-Key": ADMIN_KEY})

    response = asyncio.run(download())
    assert response.status_code == 200
    api_entry: dict[str, Any] = response.json()
    jsonschema.validate([api_entry], schema)
    # The same run: only what the gate knows and the store does not (the file it read,
    # its wall-clock duration) differs.
    for entry in (gate_entry, api_entry):
        entry["scenario"].pop("file")
        entry["run"].pop("durationS")
    assert api_entry == gate_entry
    assert len(api_entry["outcomes"]) == 10
