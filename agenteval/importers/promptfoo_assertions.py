"""promptfoo assertions → AgentEval expectations and rules (or a reason they are dropped).

promptfoo's `contains` is case-sensitive; AgentEval's `contains` is not, which the
mapping table says. `javascript` and `python` assertions run code from the test file:
AgentEval never executes imported code, so they are refused with that reason.
"""

from __future__ import annotations

from typing import Any

from agenteval.importers.checks import Checks, any_of, exactly
from agenteval.importers.mapping import ImportResult

CODE_ASSERTIONS = ("javascript", "python", "webhook", "ruby")
# promptfoo's default threshold for `similar` (cosine similarity).
SIMILAR_DEFAULT = 0.75


def _texts(value: Any) -> list[str] | None:
    if isinstance(value, str) and value:
        return [value]
    if isinstance(value, list) and value and all(isinstance(v, str) and v for v in value):
        return list(value)
    return None


def map_assertion(assertion: Any, checks: Checks, result: ImportResult, case: str) -> None:
    """Add what `assertion` checks to `checks`, recording the mapping either way."""
    if not isinstance(assertion, dict) or not isinstance(assertion.get("type"), str):
        result.dropped(case, "assert", f"not an assertion object: {assertion!r:.60}")
        return
    kind, value = assertion["type"], assertion.get("value")
    item = f"assert {kind}"
    if kind in CODE_ASSERTIONS or kind.startswith(("not-javascript", "not-python")):
        result.dropped(case, item, "runs code from the test file; AgentEval does not "
                       "execute imported code (rewrite it as a rule)")
        return
    if isinstance(value, str) and value.startswith("file://"):
        result.dropped(case, item, f"its value is a file reference ({value}); inline it")
        return
    texts = _texts(value)
    if kind in ("contains", "icontains", "contains-all", "icontains-all") and texts:
        checks.add_texts("contains", texts)
        note = "" if kind.startswith("i") else " (AgentEval's contains ignores case)"
        result.mapped(case, item, f"expect.contains {texts}{note}")
    elif kind in ("not-contains", "not-icontains") and texts:
        checks.add_texts("not_contains", texts)
        result.mapped(case, item, f"expect.not_contains {texts}")
    elif kind in ("contains-any", "icontains-any") and texts:
        checks.add_regex(any_of(texts))
        result.mapped(case, item, "expect.regex (any of the texts, ignoring case)")
    elif kind == "regex" and texts and len(texts) == 1:
        checks.add_regex(texts[0])
        result.mapped(case, item, f"expect.regex {texts[0]!r}")
    elif kind == "equals" and isinstance(value, str):
        checks.add_regex(exactly(value))
        result.mapped(case, item, "expect.regex anchored on the whole reply")
    elif kind in ("is-json", "contains-json"):
        _json(kind, value, checks, result, case)
    elif kind == "llm-rubric" and isinstance(value, str) and value.strip():
        params: dict[str, Any] = {"criteria": value}
        threshold = assertion.get("threshold")
        if isinstance(threshold, int | float) and 0 <= threshold <= 1:
            params["min_score"] = round(threshold * 10, 2)
        checks.rules.append({"type": "llm_score", "params": params})
        result.mapped(case, item, "llm_score (needs a JUDGE model)")
    elif kind == "similar" and texts and len(texts) == 1:
        threshold = assertion.get("threshold", SIMILAR_DEFAULT)
        checks.rules.append({"type": "semantic_similarity",
                             "params": {"reference": texts[0], "min_similarity": threshold}})
        result.mapped(case, item, f"semantic_similarity min_similarity {threshold}")
    elif kind == "latency" and isinstance(assertion.get("threshold"), int | float):
        checks.rules.append({"type": "response_time",
                             "params": {"max_ms": assertion["threshold"]}})
        result.mapped(case, item, f"response_time max_ms {assertion['threshold']}")
    else:
        result.dropped(case, item, "no AgentEval equivalent for this assertion"
                       + ("" if value is None or texts else " with this value"))


def _json(kind: str, value: Any, checks: Checks, result: ImportResult, case: str) -> None:
    item = f"assert {kind}"
    if value is None:
        checks.expect["json"] = True
        note = " (AgentEval also accepts JSON inside a longer reply)" if kind == "is-json" else ""
        result.mapped(case, item, f"expect.json true{note}")
    elif isinstance(value, dict):
        checks.rules.append({"type": "json_schema", "params": {"schema": value}})
        result.mapped(case, item, "json_schema with the assertion's schema")
    else:
        result.dropped(case, item, "the schema is not an inline object")
