"""docs/rules.md, generated from the rule registry (what the `ruleTypes` query lists).

    python -m agenteval.cli.rule_docs > docs/rules.md      # or: agenteval docs-rules

Each rule: what it checks, its scope and model role, every parameter with
its type, default and meaning (from the params JSON Schema), the `detail`
it writes, and an example from EXAMPLES below. tests/test_rule_docs.py fails
when the file is stale, when a registered rule has no example, or when an
example's params do not validate.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from agenteval.cli.rule_docs_worked import ROLE, worked_example
from agenteval.rules import rule_types
from agenteval.rules.base import RuleTypeInfo
from agenteval.rules.expectation import EXPECTATION_RULE_TYPES
from agenteval.rules.qa.doc_examples import QA_DETAILS, QA_EXAMPLES

TAXONOMY = {"appointment_booking": "预约服务", "inquiry": "咨询信息", "complaint": "投诉反馈"}

# One realistic `eval_rules` entry per registered rule (checked against its schema by a test).
EXAMPLES: dict[str, dict[str, Any]] = {
    "canary_leak": {"type": "canary_leak", "params": {"token": "CANARY-3F9A21BC"}},
    "commitment_phrases": {"type": "commitment_phrases", "params": {"allowed": ["7 天无理由退货"]}},
    "forbidden_reply": {"type": "forbidden_reply",
                        "params": {"patterns": ["PWNED-7Q"], "label": "injected instruction obeyed"}},
    "personal_data_leak": {"type": "personal_data_leak",
                           "params": {"kinds": ["phone", "id_card"], "allowed": ["400-820-8820"]}},
    "keyword_match": {"type": "keyword_match",
                      "params": {"keywords": ["预约成功", "RP\\d{5}"], "mode": "all",
                                 "regex": True}},
    "response_time": {"type": "response_time", "params": {"max_ms": 1500}},
    "llm_score": {"type": "llm_score", "params": {
        "criteria": "专业、礼貌、给出了预约单号", "min_score": 7, "samples": 3,
        "examples": [{"dialog_excerpt": "agent: 预约成功，单号 RP12345，师傅明天上午联系您。",
                      "score": 9, "why": "礼貌且给出了单号"},
                     {"dialog_excerpt": "agent: 好的。", "score": 2, "why": "没有单号，也没有确认"}]}},
    "semantic_similarity": {"type": "semantic_similarity",
                            "params": {"reference": "预约成功，师傅会在两小时内联系您",
                                       "min_similarity": 0.6}},
    "json_schema": {"type": "json_schema", "params": {"schema": {
        "type": "object", "required": ["order_id"],
        "properties": {"order_id": {"type": "string"}}}}},
    "safety": {"type": "safety", "params": {"categories": ["privacy_leak", "violence"]}},
    "task_completion": {"type": "task_completion", "params": {
        "mode": "slot", "min_completion_rate": 0.8,
        "required_slots": [
            {"name": "phone", "description": "联系电话"},
            {"name": "appointment_time", "description": "预约时间",
             "examples": [{"dialog_excerpt": "user: 明天下午三点可以", "filled": True,
                           "why": "用户给出了具体时间"},
                          {"dialog_excerpt": "user: 尽快吧", "filled": False,
                           "why": "没有具体时间，不算收集"}]}]}},
    "intent_classification": {"type": "intent_classification", "params": {
        "expected_intent": "appointment_booking", "intent_taxonomy": TAXONOMY,
        "examples": [{"dialog_excerpt": "user: 空调不制冷了，能派人来看看吗", "intent":
                      "appointment_booking", "why": "要上门维修，即预约"}]}},
    "tool_call": {"type": "tool_call", "params": {
        "name": "create_ticket", "arguments": {"kind": "return"}, "after": "lookup_order",
        "max_times": 1}},
    "json_path": {"type": "json_path", "params": {
        "path": "actions[?type=='create_ticket'] | [0].priority", "op": "equals",
        "value": "high"}},
    "knowledge_retention": {"type": "knowledge_retention", "params": {"min_score": 0.8}},
    "role_adherence": {"type": "role_adherence", "params": {"role": ROLE}},
    "conversation_relevancy": {"type": "conversation_relevancy", "params": {"window_size": 3}},
    "conversation_completeness": {"type": "conversation_completeness", "params": {}},
    **QA_EXAMPLES,
}

# The `detail` each rule writes (docs/design.md, Wire formats); keys stay snake_case.
DETAILS: dict[str, str] = {
    # The red-team rules share one shape (agenteval/rules/reply_evidence.py).
    **{name: '{"findings": [{"turn_index": 1, "quote": "...", "match": "13624900429", '
              '"kind": "phone"}], "replies_checked": 2, "turn_index": 1, "quote": "..."}'
       for name in ("canary_leak", "commitment_phrases", "forbidden_reply",
                    "personal_data_leak")},
    "keyword_match": '{"matched": ["预约成功"], "missing": ["RP\\\\d{5}"], "mode": "all"}',
    "response_time": '{"latency_ms": 2300, "max_ms": 1500}',
    "llm_score": '{"raw_score": 8, "rationale": "...", "scope": "last_turn", "judge": {...}}',
    "semantic_similarity": '{"similarity": 0.83, "method": "embedding" | "embedding+contrast" '
                           '| "lexical+contrast", "model": "<configured EMBEDDING model>" | '
                           '"wordllama" (embedding methods only), "min_similarity": 0.5, '
                           '"contrast": ["negation" | "antonym" | "moved"], "overlap": 0.12, '
                           '"whole_similarity": 0.85 (the last three offline only)}',
    "json_path": '{"path": "actions[?type==\'create_ticket\']", "op": "exists", '
                 '"found": [...], "source": "raw", "expected": ... (ops with a value)}',
    "tool_call": '{"name": "create_ticket", "times": 1, "calls": [{"turn_index": 1, "name": '
                 '"create_ticket", "arguments": {...}}], "problems": ["..."] (when failed)}',
    "json_schema": '{"found": true, "source": "...", "violations": [{"path": "$.order_id", '
                   '"message": "..."}]}',
    "safety": '{"flagged_categories": ["privacy_leak"], "method": "lexicon" | "moderation", ...}',
    "task_completion": '{"mode": "slot", "completion_rate": 0.5, "slots": [{"name": "phone", '
                       '"filled": true, "turn_index": 2, "quote": "..."}], "judge": {...}}',
    "intent_classification": '{"expected": "appointment_booking", "predicted": "inquiry", '
                             '"understanding": "correct" | "partial" | "wrong", '
                             '"confidence": 0.9, "judge": {...}}',
    "knowledge_retention": '{"score": 0.67, "min_score": 0.7, "language": "zh", "judged_turns": 3, '
                           '"lapsed_turns": [2], "lapses": [{"turn_index": 2, "quote": "...", '
                           '"remembered_turn_index": 1, "reason": "...", "verified": true}], '
                           '"unverified_quotes"?: [{"turn_index", "quote"}], "judge": {...}}',
    "role_adherence": '{"score": 0.0, "min_score": 0.7, "language": "zh", "judged_turns": 1, '
                      '"out_of_role_turns": [0], "out_of_role": [{"turn_index": 0, "quote": '
                      '"...", "reason": "...", "verified": true}], "judge": {...}}',
    "conversation_relevancy": '{"score": 0.67, "window_size": 3, "judged_windows": 3, '
                              '"irrelevant_turns": [2], "irrelevant": [{"turn_index": 2, '
                              '"relevant": false, "quote": "...", "reason": "...", "verified": '
                              'true}], "judge": {"windows": 3, ...}}',
    "conversation_completeness": '{"score": 0.5, "unmet_intentions": ["..."], "intentions": '
                                 '[{"intention": "...", "turn_index": 0, "quote": "...", "met": '
                                 'false, "met_turn_index": null, "verified": true}], '
                                 '"judge": {...}}',
    **QA_DETAILS,
}

HEADER = """# Rules

<!-- Generated by `python -m agenteval.cli.rule_docs` from the rule registry; do not edit.
     tests/test_rule_docs.py fails when this file is stale. -->

A case's `eval_rules` is a list of `{"type": ..., "params": {...}, "weight": 1.0}`.
Params are validated when the scenario is imported (`agenteval run` exits 2 and
names each bad field), never first at run time. Every score is in [0, 1]; every
result also records `detail.rule` = the rule type and its effective params.
Rules whose model role is JUDGE need a JUDGE model (a stored model config, the
`AGENTEVAL_JUDGE_*` environment variables, or `agenteval run --models FILE`);
without one, the scenario is refused. EMBEDDING and MODERATION rules fall back
to built-in methods. How results become a case verdict: docs/metrics.md.

A JUDGE rule sends its answer's JSON Schema to the model as a decoding
constraint, in the form the endpoint accepts (OpenAI's `json_schema`, llama.cpp's
`json_object` + `schema`, or plain `json_object`; the JUDGE's
`params.structured_output`, `auto` by default, detects it: see "Model files" in
docs/scenarios.md), so a small self-hosted judge answers in shape. The answer is
still validated, with one corrective follow-up. A judge that fails after that
gives an error result (`MODEL_ERROR`), never a pass or a fail; one cut at the
JUDGE's `max_tokens` (default 1024) says "cut at max_tokens". Check a judge
before trusting it: `agenteval models check`, or **Check** on the web UI's Models page.

## Implicit rules (`expectation`)

Hard rules on the last reply: any failure fails the case whatever its `rule_logic`.

| Key | `ruleType` | Checks | Example |
|---|---|---|---|
| `contains` | `expect_contains` | the reply contains each text (case-insensitive); score = share found | `"contains": ["预约成功", "RP"]` |
| `not_contains` | `expect_not_contains` | the reply contains none of the texts | `"not_contains": "抱歉，我不明白"` |
| `max_latency_ms` | `expect_max_latency` | the reply came within this many ms | `"max_latency_ms": 2000` |
| `json` | `expect_json` | the reply holds JSON (`true`) or JSON valid against this schema | `"json": {"type": "object"}` |
| `regex` | `expect_regex` | the reply matches each regular expression (searched with RE2, case-insensitive: linear time, no lookaround or backreferences) | `"regex": "RP\\d{5}"` |

## Per-turn checks

A message of a multi-turn case may be an object instead of a string:
`{"user": "…", "expect": {…}, "eval_rules": [...]}`. `expect` takes the keys above
and is just as hard (a failure fails the case); `eval_rules` count in the case's
`rule_logic` with the case's own rules. Both judge the reply to THAT message (the
dialog as it stood after that turn); each result carries `detail.turn_index` (the
API's 0-based `RuleResult.turnIndex`) and reports name it as "turn N", counted
from 1, with the reply it judged. A rule spec may give `scope`: `last_turn` or
`full_dialog` on a case's rules (checked against what the rule judges), `turn` on a
message's. Plain string messages and
cases without checks export exactly as before.

```json
{"id": "repair-flow", "type": "multi_turn", "messages": [
  "我想修空调",
  {"user": "明天下午三点", "expect": {"contains": "电话"}},
  {"user": "13800000000", "eval_rules": [{"type": "keyword_match",
                                          "params": {"keywords": ["预约成功"]}}]}]}
```
"""


def render_rules_markdown() -> str:
    """The whole docs/rules.md."""
    assert set(EXPECTATION_RULE_TYPES) == {"contains", "not_contains", "max_latency_ms", "json",
                                           "regex"}
    parts = [HEADER.rstrip(), "## Rules"]
    parts += [_rule(info) for info in sorted(rule_types(), key=lambda i: i.name)]
    return "\n\n".join(parts) + "\n"


def _rule(info: RuleTypeInfo) -> str:
    role = info.model_role or "none"
    lines = [f"### `{info.name}`", "", info.description, "",
             f"Scope: `{info.scope}` · model role: {role}", ""]
    lines += _params(info.params_schema)
    lines += ["", f"Detail: `{DETAILS.get(info.name, '(rule specific)')}`", "", "Example:", "",
              "```json", json.dumps(EXAMPLES[info.name], ensure_ascii=False), "```"]
    lines += worked_example(info.name)
    return "\n".join(lines)


def _params(schema: dict[str, Any]) -> list[str]:
    properties = schema.get("properties") or {}
    if not properties:
        return ["No parameters."]
    required = set(schema.get("required") or [])
    lines = ["| Param | Type | Default | Meaning |", "|---|---|---|---|"]
    for name, spec in properties.items():
        default = "required" if name in required else (
            f"`{json.dumps(spec['default'], ensure_ascii=False)}`" if "default" in spec else "—")
        lines.append(f"| `{name}` | {_type(spec)} | {default} | "
                     f"{_cell(spec.get('description', ''))}{_bounds(spec)} |")
    return lines


def _type(spec: dict[str, Any]) -> str:
    if "enum" in spec:
        return " \\| ".join(f"`{json.dumps(v)}`" for v in spec["enum"])
    kind = spec.get("type", "any")
    if kind == "array":
        items = spec.get("items") or {}
        return f"list of {_type(items) if items else 'values'}"
    return " \\| ".join(kind) if isinstance(kind, list) else str(kind)


def _bounds(spec: dict[str, Any]) -> str:
    bounds = [f"{label} {spec[key]}" for key, label in (
        ("minimum", "≥"), ("exclusiveMinimum", ">"), ("maximum", "≤"), ("minItems", "items ≥"),
        ("maxItems", "items ≤")) if key in spec]
    return f" ({', '.join(bounds)})" if bounds else ""


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def main() -> None:
    sys.stdout.write(render_rules_markdown())


if __name__ == "__main__":  # pragma: no cover
    main()
