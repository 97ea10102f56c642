"""Scenario documents: the JSON/YAML file format of the seed, parsed, validated, exported.

```json
{"name": "...", "description": "...", "tags": ["..."],
 "cases": [{"id": "case-001", "type": "multi_turn", "messages": ["...", "..."],
            "expectation": {"contains": "..."},
            "eval_rules": [{"type": "keyword_match", "params": {...}, "weight": 1.0}],
            "rule_logic": "weighted", "rule_pass_threshold": 0.7,
            "success_threshold": 0.8, "partial_threshold": 0.5, "tags": ["..."]}]}
```

Pure: text in, `ScenarioDocument` out, or `ValidationFailed` listing every
bad field by its path in the document (`cases[3].eval_rules[1].params.min_score`).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from agenteval.domain import limits
from agenteval.domain.field_errors import FieldErrors
from agenteval.domain.judging.case_origin import origin_from_document
from agenteval.domain.judging.cases import CaseSpec
from agenteval.domain.judging.rule_catalog import RuleCatalog
from agenteval.domain.judging.simulated_cases import (
    SIMULATOR_MISSING,
    simulated_document,
    simulated_from_document,
)
from agenteval.domain.static.scenario_case_validation import (
    DOCUMENT_FIELDS,
    INPUT_FIELDS,
    JUDGE_MISSING,
    validate_cases,
)
from agenteval.domain.static.turn_checks import (
    checks_from_documents,
    message_documents,
    rule_document,
    rule_from_document,
)
from agenteval.errors import ValidationFailed
from agenteval.yaml_loader import YamlError, load_yaml

MAX_DOCUMENT_BYTES = 5 * 1024 * 1024
MAX_NAME_LENGTH = 200
DOCUMENT_FIELD_NAMES = ("name", "description", "tags", "cases")


@dataclass(frozen=True)
class ScenarioDocument:
    name: str
    description: str | None
    cases: list[CaseSpec]


def load_document(text: str) -> Any:
    """The document's data from JSON, else YAML; ValidationFailed at `document` otherwise."""
    size = len(text.encode("utf-8"))
    if size > MAX_DOCUMENT_BYTES:
        raise ValidationFailed.one("document", f"is too large ({size / 1_048_576:.1f} MB; "
                                               f"the limit is {MAX_DOCUMENT_BYTES // 1_048_576} MB)")
    try:
        return json.loads(text)
    except (json.JSONDecodeError, RecursionError) as json_error:
        json_problem = str(json_error)
    try:
        return load_yaml(text, max_bytes=MAX_DOCUMENT_BYTES)
    except YamlError as yaml_error:
        looks_like_json = text.lstrip().startswith(("{", "["))
        problem = json_problem if looks_like_json else str(yaml_error)
        raise ValidationFailed.one("document", f"is neither valid JSON nor YAML: {problem}") from None


def parse_scenario_document(text: str, catalog: RuleCatalog,
                            judge_configured: bool = True, *,
                            simulator_configured: bool = False) -> ScenarioDocument:
    """Parse and validate a scenario document; raises ValidationFailed with every problem.

    `catalog` holds the rule types the cases may use (the engine passes the registry);
    `simulator_configured` says whether simulated cases may need the SIMULATOR model.
    """
    data = load_document(text)
    if not isinstance(data, dict):
        raise ValidationFailed.one("document", "must be an object with name and cases")
    errors = FieldErrors()
    for unknown in (key for key in data if key not in DOCUMENT_FIELD_NAMES):
        errors.add(str(unknown), "is not a scenario field (known: "
                   + ", ".join(DOCUMENT_FIELD_NAMES) + ")")
    name = data.get("name")
    if name is None:
        errors.add("name", "is required")
    elif not isinstance(name, str) or not name.strip():
        errors.add("name", "must be a non-empty string")
    elif len(name) > MAX_NAME_LENGTH:
        errors.add("name", f"must be at most {MAX_NAME_LENGTH} characters")
    description = data.get("description")
    if description is not None and not isinstance(description, str):
        errors.add("description", "must be a string")
    tags = _scenario_tags(data.get("tags"), errors)
    if "cases" not in data:
        errors.add("cases", "is required")
        cases: list[CaseSpec] = []
    else:
        cases = validate_cases(data["cases"], "cases", DOCUMENT_FIELDS, catalog,
                               judge_configured, errors, tags,
                               simulator_configured=simulator_configured)
    errors.raise_if_any()
    assert isinstance(name, str)  # a missing or non-string name was reported above
    return ScenarioDocument(name=name, description=description, cases=cases)


def _scenario_tags(value: Any, errors: FieldErrors) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(t, str) and t.strip() for t in value):
        errors.add("tags", "must be a list of non-empty strings")
        return []
    limits.check_tags(errors, "tags", value)
    return value


def validate_case_inputs(cases: list[dict[str, Any]], catalog: RuleCatalog,
                         judge_configured: bool, path: str = "input.cases", *,
                         simulator_configured: bool = False) -> list[CaseSpec]:
    """CaseSpecs from GraphQL `CaseInput`s (camelCase dicts); ValidationFailed lists every problem.

    Enum fields may be strings or Enum members; snake_case keys are accepted too.
    """
    errors = FieldErrors()
    specs = validate_cases(cases, path, INPUT_FIELDS, catalog, judge_configured, errors,
                           simulator_configured=simulator_configured)
    errors.raise_if_any()
    return specs


def revalidate_cases(stored: Iterable[dict[str, Any]], catalog: RuleCatalog,
                     judge_configured: bool, path: str = "scenario.cases", *,
                     simulator_configured: bool = True) -> None:
    """Re-check stored cases (documents, as `case_to_document` stores them) against today's
    rules and models, e.g. at campaign creation.

    Raises ValidationFailed when, say, the JUDGE model config was removed since import.
    Only the rules are looked at: the rest of a stored case was validated at import and
    nothing since can make it wrong, while a rule type can be gone, its params schema
    changed or its model unconfigured (a 2,000-case scenario is re-checked in ~1/10 of
    a full validation).
    """
    errors = FieldErrors()
    for index, case in enumerate(stored):
        if case.get("simulator") == "model" and not simulator_configured:
            errors.add(f"{path}[{index}].simulator",
                       f"simulated case {case['id']!r} {SIMULATOR_MISSING}")
        for rule_path, rule in _stored_rules(case, f"{path}[{index}]"):
            rule_type, params = rule["type"], rule.get("params") or {}
            registered = catalog.get_rule(rule_type)
            if registered is None:
                errors.add(f"{rule_path}.type", catalog.unknown_rule_type_message(rule_type))
            elif registered.model_required and not judge_configured:
                errors.add(f"{rule_path}.type", f"rule {rule_type!r} {JUDGE_MISSING}")
            else:
                errors.add_all(catalog.validate_params(rule_type, params,
                                                       f"{rule_path}.params"))
    errors.raise_if_any()


def _stored_rules(case: dict[str, Any], path: str) -> Iterable[tuple[str, dict[str, Any]]]:
    """Every rule of a stored case with its path: the case's, then each message's."""
    for position, rule in enumerate(case.get("eval_rules", [])):
        yield f"{path}.eval_rules[{position}]", rule
    for index, message in enumerate(case.get("messages", [])):
        if isinstance(message, dict):
            for position, rule in enumerate(message.get("eval_rules", [])):
                yield f"{path}.messages[{index}].eval_rules[{position}]", rule


def case_to_document(case: CaseSpec) -> dict[str, Any]:
    """A case in the document format (parses back to an equal CaseSpec); a case without
    per-turn checks or rule scopes has exactly the shape it had before they existed."""
    document: dict[str, Any] = {"id": case.key, "type": case.type.lower()}
    if case.simulated is None:
        document["messages"] = message_documents(case)
    else:
        document.update(simulated_document(case.simulated))
    if case.expectation is not None:
        document["expectation"] = case.expectation
    document["eval_rules"] = [rule_document(rule) for rule in case.eval_rules]
    document.update({
        "rule_logic": case.rule_logic.lower(),
        "rule_pass_threshold": case.rule_pass_threshold,
        "success_threshold": case.success_threshold,
        "partial_threshold": case.partial_threshold,
        "tags": list(case.tags),
    })
    if case.tool_results is not None:
        document["tool_results"] = case.tool_results
    if case.origin is not None:
        document["origin"] = case.origin.as_document()
    return document


def case_from_document(document: dict[str, Any]) -> CaseSpec:
    """A stored (already validated) case document as a CaseSpec: `case_to_document`'s
    inverse, which does not validate again."""
    messages, turn_checks = checks_from_documents(document.get("messages", []))
    return CaseSpec(
        key=document["id"],
        messages=messages,
        turn_checks=turn_checks,
        type=document["type"].upper(),
        expectation=document.get("expectation"),
        eval_rules=[rule_from_document(rule) for rule in document.get("eval_rules", [])],
        rule_logic=document["rule_logic"].upper(),
        rule_pass_threshold=document["rule_pass_threshold"],
        success_threshold=document["success_threshold"],
        partial_threshold=document["partial_threshold"],
        tags=list(document.get("tags", [])),
        tool_results=document.get("tool_results"),
        simulated=simulated_from_document(document) if document["type"] == "simulated"
        else None,
        origin=origin_from_document(document.get("origin")),
    )


def cases_of(stored: list[dict[str, Any]]) -> list[CaseSpec]:
    """A stored snapshot (a scenario's or a run's cases) as CaseSpecs."""
    return [case_from_document(document) for document in stored]


def scenario_to_document(name: str, description: str | None,
                         cases: Iterable[CaseSpec]) -> dict[str, Any]:
    """A whole scenario in the document format, for export (`json.dumps` it)."""
    document: dict[str, Any] = {"name": name}
    if description is not None:
        document["description"] = description
    document["cases"] = [case_to_document(case) for case in cases]
    return document
