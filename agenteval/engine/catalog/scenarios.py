"""Creating, importing, updating and deleting scenarios; cases stored as JSON documents.

A scenario's `cases` column holds each case in the document format
(`case_to_document`), already validated: `case_from_document`
(domain/static/scenario_document.py) reads it back without validating again.
"""

from __future__ import annotations

import uuid
from typing import Any

from agenteval.domain.field_errors import FieldErrors
from agenteval.domain.limits import MAX_NAME, check_text
from agenteval.domain.static.scenario_document import (
    case_to_document,
    parse_scenario_document,
    validate_case_inputs,
)
from agenteval.engine.catalog.configured_models import judge_configured, simulator_configured
from agenteval.errors import Conflict, NotFound
from agenteval.rules import RULE_CATALOG
from agenteval.store.catalog import scenarios as stored
from agenteval.store.catalog.scenarios import Scenario


async def get_scenario(scenario_id: uuid.UUID) -> Scenario:
    scenario = await stored.find(scenario_id)
    if scenario is None:
        raise NotFound(f"scenario {scenario_id} does not exist")
    return scenario


def _check_header(name: str | None, description: str | None, name_required: bool) -> None:
    errors = FieldErrors()
    check_text(errors, "input.name", name, max_length=MAX_NAME, required=name_required)
    if name is not None and not name_required and not name.strip():
        errors.add("input.name", "must not be blank")
    check_text(errors, "input.description", description)
    errors.raise_if_any()


async def create_scenario(name: str, description: str | None,
                          cases: list[dict[str, Any]]) -> Scenario:
    """Validate everything first (header, then every case); store nothing on error."""
    _check_header(name, description, name_required=True)
    specs = validate_case_inputs(cases, RULE_CATALOG, await judge_configured(),
                                 "input.cases", simulator_configured=await simulator_configured())
    return await stored.create(name.strip(), description,
                               [case_to_document(spec) for spec in specs])


async def import_scenario(document: str) -> Scenario:
    """A scenario from the JSON / YAML file format; errors carry document paths."""
    parsed = parse_scenario_document(document, RULE_CATALOG, await judge_configured(),
                                     simulator_configured=await simulator_configured())
    return await stored.create(parsed.name.strip(), parsed.description,
                               [case_to_document(spec) for spec in parsed.cases])


async def update_scenario(scenario_id: uuid.UUID, name: str | None, description: str | None,
                          cases: list[dict[str, Any]] | None) -> Scenario:
    """Change the given fields; `cases` replaces all cases. Runs keep their own snapshot."""
    scenario = await get_scenario(scenario_id)
    _check_header(name, description, name_required=False)
    specs = None
    if cases is not None:
        specs = validate_case_inputs(cases, RULE_CATALOG, await judge_configured(),
                                     "input.cases",
                                     simulator_configured=await simulator_configured())
    if name is not None:
        scenario.name = name.strip()
    if description is not None:
        scenario.description = description
    if specs is not None:
        scenario.cases = [case_to_document(spec) for spec in specs]
    await stored.write(scenario)
    return scenario


async def delete_scenario(scenario_id: uuid.UUID) -> str:
    scenario = await get_scenario(scenario_id)
    if not await stored.delete_unless_used(scenario):
        raise Conflict(f"scenario {scenario.name!r} is used by a campaign; delete that first",
                       {"usedBy": ["a campaign"]})
    return str(scenario.id)
