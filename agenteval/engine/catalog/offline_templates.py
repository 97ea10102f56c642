"""The checks an offline run applies to every logged dialog, and each dialog as a case.

One code path for `agenteval judge` and `judgeConversations`: both make a template of
checks from a rules file (`template_from_rules`) or a scenario's cases
(`template_from_scenario`), turn each logged dialog into a case with `dialog_case`, and
judge it with engine/static/offline_attempt.py. A scenario case that cannot judge a log
(a simulated case; a latency rule when the log has no latencies) is skipped with its
reason; only when no case is left is the whole refused, naming each case and why.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from agenteval.domain.field_errors import FieldErrors
from agenteval.domain.logs.offline_rules import log_refusals, why_not_judged
from agenteval.domain.static.scenario_case_validation import DOCUMENT_FIELDS, validate_cases
from agenteval.domain.static.scenario_document import case_to_document, revalidate_cases
from agenteval.errors import FieldError, ValidationFailed
from agenteval.rules import RULE_CATALOG

RULE_FIELDS = ("expectation", "eval_rules", "rule_logic", "rule_pass_threshold",
               "success_threshold", "partial_threshold", "tags", "turn_checks")
CHECK_FIELDS = ("expectation", "eval_rules", "rule_logic", "rule_pass_threshold",
                "success_threshold", "partial_threshold")


@dataclass(frozen=True)
class OfflineTemplate:
    """One case's checks for every dialog, and the scenario's cases left out, with why."""

    checks: dict[str, Any]
    skipped: list[dict[str, str]] = field(default_factory=list)  # [{"caseKey", "reason"}]


def template_from_rules(rules: Any, judge: bool, has_latencies: bool) -> OfflineTemplate:
    """The rules (the `agenteval judge` rules file, as JSON) validated as one case's checks;
    `turn_checks: [{turn_index, expect?, eval_rules?}]` checks a logged turn by its index."""
    if not isinstance(rules, dict):
        raise ValidationFailed.one("rules", "must be an object with " + ", ".join(RULE_FIELDS))
    errors = FieldErrors()
    for unknown in (k for k in rules if k not in RULE_FIELDS):
        errors.add(f"rules.{unknown}", "is not a rules field (known: "
                   + ", ".join(RULE_FIELDS) + ")")
    if not rules.get("eval_rules") and not rules.get("expectation") \
            and not rules.get("turn_checks"):
        errors.add("rules", "give eval_rules, expectation or turn_checks: without them "
                   "nothing is judged")
    messages: list[Any] = []
    where: dict[str, str] = {}  # "rules.messages[2]" → "rules.turn_checks[0]": the client's names
    for index, check in enumerate(rules.get("turn_checks") or []):
        at = check.get("turn_index") if isinstance(check, dict) else None
        if not isinstance(at, int) or not 0 <= at < 1000:
            errors.add(f"rules.turn_checks[{index}].turn_index", "must be 0 to 999")
            continue
        for unknown in (k for k in check if k not in ("turn_index", "expect", "eval_rules")):
            errors.add(f"rules.turn_checks[{index}].{unknown}",
                       "is not a turn check field (known: turn_index, expect, eval_rules)")
        messages += ["(logged)"] * (at + 1 - len(messages))
        messages[at] = {"user": "(logged)", **{k: v for k, v in check.items()
                                                 if k in ("expect", "eval_rules")}}
        where[f"rules.messages[{at}]"] = f"rules.turn_checks[{index}]"
    errors.raise_if_any()
    case = {k: v for k, v in rules.items() if k in CHECK_FIELDS or k == "tags"}
    case.update(id="rules", type="multi_turn", messages=messages or ["(logged)"])
    errors.add_all(log_refusals(case, "rules", has_latencies))
    specs = validate_cases([case], "rules", DOCUMENT_FIELDS, RULE_CATALOG, judge, errors)
    for error in errors:  # the paths of one case: "rules.eval_rules[0]", not "rules[0]…"
        if error["path"].startswith("rules[0]"):
            error["path"] = "rules" + error["path"][len("rules[0]"):]
        for ours, theirs in where.items():
            if error["path"].startswith(ours):
                error["path"] = theirs + error["path"][len(ours):]
    errors.raise_if_any()
    return OfflineTemplate(case_to_document(specs[0]))


def template_from_scenario(cases: list[dict[str, Any]], has_latencies: bool,
                           path: str = "scenarioId.cases") -> OfflineTemplate:
    """One case's checks out of a scenario's cases (document format) that can judge a log:
    the first such case's logic and thresholds, their eval rules (once each), the first
    expectation, and the per-turn checks by index (the first case's check wins)."""
    usable, skipped = [], []
    for document in cases:
        reason = why_not_judged(document, has_latencies)
        if reason is None:
            usable.append(document)
        else:
            skipped.append({"caseKey": str(document.get("id")), "reason": reason})
    if not usable:
        errors = FieldErrors()
        for index, document in enumerate(cases):
            refused = log_refusals(document, f"{path}[{index}]", has_latencies)
            errors.add_all(refused or [FieldError(f"{path}[{index}]", "cannot judge a log: "
                                                  + str(why_not_judged(document, has_latencies)))])
        errors.add(path.rsplit(".", 1)[0], "no case of the scenario can judge this log")
        errors.raise_if_any()
    first = usable[0]
    template = {k: first[k] for k in CHECK_FIELDS if k in first}
    seen, rules = set(), []
    for document in usable:
        for rule in document.get("eval_rules", []):
            if (key := json.dumps(rule, sort_keys=True)) not in seen:
                seen.add(key)
                rules.append(rule)
    template["eval_rules"] = rules
    expectations = [d["expectation"] for d in usable if "expectation" in d]
    if expectations:  # the first case's that has one
        template["expectation"] = expectations[0]
    checks: dict[int, dict[str, Any]] = {}
    for document in usable:
        for at, message in enumerate(document["messages"]):
            if isinstance(message, dict):
                checks.setdefault(at, message)
    template["messages"] = [checks.get(at, "(logged)") for at in range(max(checks, default=-1) + 1)]
    template["tags"] = []
    return OfflineTemplate(template, skipped)


def revalidate_judged(cases: list[dict[str, Any]], template: OfflineTemplate, judge: bool,
                      path: str = "scenarioId.cases") -> None:
    """The rules of the cases that will judge the log checked against today's models (a
    skipped case's rules are never run, so they need no model)."""
    skipped = {entry["caseKey"] for entry in template.skipped}
    revalidate_cases([{"id": c.get("id")} if str(c.get("id")) in skipped else c for c in cases],
                     RULE_CATALOG, judge, path=path)


def dialog_case(dialog: dict[str, Any], template: dict[str, Any]) -> dict[str, Any]:
    """A logged dialog (`Dialog.document()`) as a case with the template's checks;
    `logged` holds what the log says of each reply (text, raw, tool calls, latency)."""
    checks = template.get("messages") or []
    messages: list[Any] = []
    for at, turn in enumerate(dialog["turns"]):
        check = checks[at] if at < len(checks) else None
        messages.append({**check, "user": turn["user"]} if isinstance(check, dict)
                        else turn["user"])
    case = {k: template[k] for k in CHECK_FIELDS if k in template}
    case.update(id=dialog["id"], type="single_turn" if len(messages) == 1 else "multi_turn",
                messages=messages, tags=["offline", *template.get("tags", [])],
                logged=[{k: t[k] for k in ("reply", "raw", "tool_calls", "latency_ms")
                         if k in t} for t in dialog["turns"]])
    return case


def logs_latencies(dialogs: list[dict[str, Any]]) -> bool:
    """Whether every logged reply of the dialogs (documents) has its latency."""
    return all("latency_ms" in turn for dialog in dialogs for turn in dialog["turns"])
