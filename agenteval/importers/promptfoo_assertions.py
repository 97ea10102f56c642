"""promptfoo assertions → AgentEval expectations and rules (or a reason they are dropped).

Meanings kept: promptfoo's `contains`, `contains-any`, `starts-with`, `regex` and
`equals` are case-sensitive, so they become case-sensitive `expect.regex` checks (the
`i…` kinds ignore case, as AgentEval's `contains` does). A test without a threshold
passes when every assertion passes: assertions become expectations and rules under
`rule_logic: ALL`. A test with a `threshold` passes on the weighted mean of its
assertion scores: every assertion becomes a weighted rule (`keyword_match`,
`json_schema`, …) under `rule_logic: WEIGHTED` with the threshold as
`rule_pass_threshold`; an assertion with no rule form is refused. A weight of 0
(report only) is kept as a rule of weight 0 under a threshold and refused without
one (AgentEval would gate on it). `transform`s that are a JSON path
(`output.a.b[0]`, `JSON.parse(output).a`) become `json_path` rules; other transforms
run code and are refused. Code assertions (`javascript`, `python`, …) are refused:
AgentEval never executes imported code.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from agenteval.importers.checks import Checks, any_of, exactly
from agenteval.importers.mapping import ImportResult
from agenteval.importers.promptfoo_files import ConfigFolder, FileRefused
from agenteval.importers.promptfoo_templates import TemplateRefused, render_value

CODE_ASSERTIONS = ("javascript", "python", "webhook", "ruby")
SIMILAR_DEFAULT = 0.75  # promptfoo's default threshold for `similar` (cosine similarity)
RELEVANCE_DEFAULT = 0.5  # promptfoo's default threshold for model-graded assertions
KEPT_KEYS = ("type", "value", "threshold", "weight", "transform", "metric")
RELEVANCE = ("Every reply of the assistant is relevant to what the user said in the "
             "conversation so far.")
_PROPERTY = r"(?:\.[A-Za-z_$][\w$]*|\[\d+\]|\[(?:'[^']*'|\"[^\"]*\")\])"
_JSON_PATH = re.compile(rf"^\s*(output|JSON\.parse\(\s*output\s*\))((?:{_PROPERTY})+)\s*;?\s*$")


@dataclass(frozen=True)
class AssertionContext:
    """What one test's assertions are read with."""

    variables: dict[str, Any]
    folder: ConfigFolder
    config: dict[str, Any] = field(default_factory=dict)  # for `$ref`
    weighted: bool = False  # the test has a threshold
    simulated: bool = False  # the output is the whole simulated conversation
    transform: str | None = None  # the test's (or defaultTest's) options.transform


def json_path(transform: str) -> tuple[str, str] | None:
    """(JMESPath, source) for a transform that only reads a JSON path, else None."""
    match = _JSON_PATH.match(transform)
    if match is None:
        return None
    source = "raw" if match.group(1) == "output" else "reply"
    parts = re.findall(_PROPERTY, match.group(2))
    path = ""
    for part in parts:
        if part.startswith("."):
            path += part if path else part[1:]
        elif part[1:-1].isdigit():
            path += part
        else:
            path += ("." if path else "") + '"' + part[2:-2].replace('"', '\\"') + '"'
    return path, source


def _texts(value: Any) -> list[str] | None:
    if isinstance(value, str) and value:
        return [value]
    if isinstance(value, list) and value and all(isinstance(v, str) and v for v in value):
        return list(value)
    return None


def _notes(assertion: dict[str, Any]) -> str:
    notes = []
    if assertion.get("metric"):
        notes.append(f"metric {assertion['metric']!r} not kept (AgentEval reports each "
                     "rule by its type)")
    for key in assertion:
        if key not in KEPT_KEYS:
            reason = ("the grader is AgentEval's JUDGE model config" if key == "provider"
                      else "no AgentEval equivalent")
            notes.append(f"{key} not kept: {reason}")
    return "".join(f"; {note}" for note in notes)


def _resolve_ref(assertion: dict[str, Any], context: AssertionContext, result: ImportResult,
                 case: str) -> dict[str, Any] | None:
    reference = assertion["$ref"]
    target: Any = context.config
    if isinstance(reference, str) and reference.startswith("#/"):
        for part in reference[2:].split("/"):
            target = target.get(part) if isinstance(target, dict) else None
    if not isinstance(target, dict) or not isinstance(target.get("type"), str):
        result.dropped(case, "assert $ref", f"{reference!r} names no assertion template in "
                       "this config")
        return None
    result.mapped(case, "assert $ref", f"{reference} → the template's {target['type']} "
                  "assertion (next row)")
    return {**target, **{k: v for k, v in assertion.items() if k != "$ref"}}


def map_assertion(assertion: Any, checks: Checks, result: ImportResult, case: str,
                  context: AssertionContext) -> None:
    """Add what `assertion` checks to `checks`, recording the mapping either way."""
    if isinstance(assertion, dict) and "$ref" in assertion:
        assertion = _resolve_ref(assertion, context, result, case)
        if assertion is None:
            return
    if not isinstance(assertion, dict) or not isinstance(assertion.get("type"), str):
        result.dropped(case, "assert", f"not an assertion object: {assertion!r:.60}")
        return
    kind = assertion["type"]
    item = f"assert {kind}"
    if kind in CODE_ASSERTIONS or kind.startswith(tuple(f"not-{c}" for c in CODE_ASSERTIONS)):
        result.dropped(case, item, "runs code from the test file; AgentEval does not "
                       "execute imported code (rewrite it as a rule)")
        return
    value = assertion.get("value")
    try:
        if isinstance(value, str) and value.startswith("file://"):
            value = context.folder.load(value)
        value = render_value(value, context.variables)
    except (FileRefused, TemplateRefused) as refused:
        result.dropped(case, item, f"its value is not imported: {refused}")
        return
    weight = assertion.get("weight", 1)
    if not isinstance(weight, int | float) or weight < 0:
        result.dropped(case, item, f"weight {weight!r} is not a number ≥ 0")
        return
    if weight == 0 and not context.weighted:
        result.dropped(case, item, "weight 0: report only in promptfoo; without a test "
                       "threshold AgentEval would fail the case on it")
        return
    mapper = _Mapper(assertion, kind, value, float(weight), checks, context)
    transform = assertion.get("transform") or context.transform
    if transform is not None:
        outcome = mapper.transformed(str(transform))
    elif context.simulated:
        outcome = mapper.simulated()
    else:
        outcome = mapper.plain()
    kept, detail = outcome
    notes = _notes(assertion)
    if kept:
        result.mapped(case, item, detail + notes)
    else:
        result.dropped(case, item, detail + notes)


@dataclass
class _Mapper:
    assertion: dict[str, Any]
    kind: str
    value: Any
    weight: float
    checks: Checks
    context: AssertionContext

    def rule(self, rule_type: str, params: dict[str, Any]) -> None:
        entry: dict[str, Any] = {"type": rule_type, "params": params}
        if self.weight != 1:
            entry["weight"] = self.weight
        self.checks.rules.append(entry)

    def keywords(self, patterns: list[str], mode: str, case_sensitive: bool) -> str:
        self.rule("keyword_match", {"keywords": patterns, "mode": mode,
                                    "case_sensitive": case_sensitive, "regex": True})
        return f"keyword_match ({mode} of {len(patterns)}, weighted under the test threshold)"

    def threshold(self, default: float) -> float:
        threshold = self.assertion.get("threshold")
        return float(threshold) if isinstance(threshold, int | float) else default

    def model_graded(self) -> tuple[bool, str] | None:
        """Rules that mean the same with or without a test threshold; None for others."""
        kind, value, texts = self.kind, self.value, _texts(self.value)
        scope = {"scope": "full_dialog"} if self.context.simulated else {}
        if kind == "llm-rubric" and isinstance(value, str) and value.strip():
            params: dict[str, Any] = {"criteria": value, **scope}
            threshold = self.assertion.get("threshold")
            if isinstance(threshold, int | float) and 0 <= threshold <= 1:
                params["min_score"] = round(threshold * 10, 2)
            self.rule("llm_score", params)
            where = " over the whole dialog" if scope else ""
            return True, (f"llm_score{where}"
                          + (f" min_score {params['min_score']}" if "min_score" in params
                             else "") + " (needs a JUDGE model)")
        if kind == "conversation-relevance":
            self.rule("llm_score", {"criteria": RELEVANCE, "scope": "full_dialog",
                                    "min_score": round(self.threshold(RELEVANCE_DEFAULT) * 10,
                                                       2)})
            return True, "llm_score over the whole dialog: every reply relevant to the user"
        if self.context.simulated:
            return None
        if kind == "similar" and texts and len(texts) == 1:
            threshold = self.threshold(SIMILAR_DEFAULT)
            self.rule("semantic_similarity", {"reference": texts[0],
                                              "min_similarity": threshold})
            return True, f"semantic_similarity min_similarity {threshold}"
        if kind == "latency" and isinstance(self.assertion.get("threshold"), int | float):
            self.rule("response_time", {"max_ms": self.assertion["threshold"]})
            return True, f"response_time max_ms {self.assertion['threshold']}"
        if kind in ("is-json", "contains-json") and isinstance(value, dict):
            self.rule("json_schema", {"schema": value})
            return True, "json_schema with the assertion's schema"
        return None

    def simulated(self) -> tuple[bool, str]:
        graded = self.model_graded()
        if graded is not None:
            return graded
        return False, ("on a simulated-user test promptfoo checks the whole transcript; "
                       "AgentEval's checks read the last reply: write it as an llm-rubric")

    def plain(self) -> tuple[bool, str]:
        graded = self.model_graded()
        if graded is not None:
            return graded
        if self.context.weighted:
            return self.weighted_text()
        return self.expectation()

    def expectation(self) -> tuple[bool, str]:
        kind, value, texts, checks = self.kind, self.value, _texts(self.value), self.checks
        if kind in ("icontains", "icontains-all") and texts:
            checks.add_texts("contains", texts)
            return True, f"expect.contains {texts}"
        if kind in ("contains", "contains-all") and texts:
            for text in texts:
                checks.add_regex(re.escape(text))
            return True, "expect.regex (case-sensitive, as promptfoo's contains)"
        if kind in ("not-contains", "not-icontains") and texts:
            checks.add_texts("not_contains", texts)
            return True, (f"expect.not_contains {texts}" + (
                "" if kind == "not-icontains" else " (ignores case: also fails on "
                "another casing, stricter than promptfoo)"))
        if kind in ("contains-any", "icontains-any") and texts:
            checks.add_regex(any_of(texts, ignore_case=kind.startswith("i")))
            return True, "expect.regex (any of the texts" + (
                ", ignoring case)" if kind.startswith("i") else ", case-sensitive)")
        if kind == "starts-with" and texts and len(texts) == 1:
            checks.add_regex(r"^\s*" + re.escape(texts[0]))
            return True, "expect.regex anchored at the start"
        if kind == "regex" and texts and len(texts) == 1:
            checks.add_regex(texts[0])
            return True, f"expect.regex {texts[0]!r}"
        if kind == "equals" and isinstance(value, str):
            checks.add_regex(exactly(value))
            return True, "expect.regex anchored on the whole reply"
        if kind in ("is-json", "contains-json") and value in (None, ""):
            checks.expect["json"] = True
            return True, "expect.json true" + (
                " (AgentEval also accepts JSON inside a longer reply)" if kind == "is-json"
                else "")
        return False, self.no_equivalent()

    def weighted_text(self) -> tuple[bool, str]:
        kind, value, texts = self.kind, self.value, _texts(self.value)
        if kind in ("contains", "icontains", "contains-all", "icontains-all") and texts:
            return True, self.keywords([re.escape(t) for t in texts], "all",
                                       not kind.startswith("i"))
        if kind in ("contains-any", "icontains-any") and texts:
            return True, self.keywords([re.escape(t) for t in texts], "any",
                                       not kind.startswith("i"))
        if kind == "starts-with" and texts and len(texts) == 1:
            return True, self.keywords([r"^\s*" + re.escape(texts[0])], "all", True)
        if kind == "regex" and texts and len(texts) == 1:
            return True, self.keywords(texts, "all", True)
        if kind == "equals" and isinstance(value, str):
            return True, self.keywords([exactly(value)], "all", True)
        if kind in ("is-json", "contains-json") and value in (None, ""):
            self.rule("json_schema", {"schema": True})
            return True, "json_schema (any JSON), weighted under the test threshold"
        if kind.startswith("not-"):
            return False, ("under a test threshold it counts toward a score; AgentEval has "
                           "no weighted rule for a text that must be absent")
        return False, self.no_equivalent()

    def transformed(self, transform: str) -> tuple[bool, str]:
        found = json_path(transform)
        if found is None:
            return False, (f"its transform {transform!r:.50} is JavaScript; AgentEval does "
                           "not execute imported code (a transform that only reads a JSON "
                           "path, like output.answer, is mapped)")
        if self.context.simulated:
            return False, "a transform on a simulated-user transcript has no AgentEval form"
        path, source = found
        kind, value = self.kind, self.value
        params: dict[str, Any] = {"path": path, "source": source}
        if kind == "equals" and value is not None:
            params |= {"op": "equals", "value": value}
        elif kind == "contains" and isinstance(value, str):
            params |= {"op": "contains", "value": value}
        elif kind == "icontains" and isinstance(value, str):
            params |= {"op": "matches", "value": "(?i)" + re.escape(value)}
        elif kind == "regex" and isinstance(value, str):
            params |= {"op": "matches", "value": value}
        elif kind in ("is-json", "contains-json") and value in (None, ""):
            params |= {"op": "exists"}
        else:
            return False, f"{kind} after a JSON-path transform has no json_path form"
        self.rule("json_path", params)
        where = ("the target's raw JSON response" if source == "raw"
                 else "the JSON in the reply text")
        return True, f"json_path {path!r} op {params['op']} over {where}"

    def no_equivalent(self) -> str:
        if self.kind in ("factuality", "model-graded-factuality", "model-graded-closedqa",
                         "g-eval", "answer-relevance"):
            return ("a model-graded check with its own prompt; write its criterion as an "
                    "llm-rubric to have it judged")
        return "no AgentEval equivalent for this assertion" + (
            "" if self.value is None or _texts(self.value) else " with this value")
