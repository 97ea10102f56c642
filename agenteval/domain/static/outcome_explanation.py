"""Why a case attempt failed, in words: each failing rule's expected vs got, errors by kind.

Reads the `detail` wire formats of docs/design.md (and the implicit expectation
rules' details); an unknown shape falls back to its compact JSON, so a new
rule is still explained, only less nicely. Pure functions.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from agenteval.domain.static.run_views import OutcomeView, RuleResultView
from agenteval.domain.turn_numbers import turn_number

REASON_CHARS = 240
_TURN_ERROR = re.compile(r"^turn (\d+): (timeout|connection|http_status|bad_response): ")
_RULE_ERROR = re.compile(r"^rule (\S+) could not run: ")
_SIMULATOR_ERROR = re.compile(r"^(before|after) turn \d*:? ?simulator model failed")


def _quoted(values: Any) -> str:
    items = values if isinstance(values, list) else [values]
    return ", ".join(json.dumps(item, ensure_ascii=False) for item in items)


def _params(detail: dict[str, Any]) -> dict[str, Any]:
    rule = detail.get("rule")
    params = rule.get("params") if isinstance(rule, dict) else None
    return params if isinstance(params, dict) else {}


def _contains(d: dict[str, Any]) -> str | None:
    if "missing" not in d or "mode" in d:
        return None
    return f"expected the last reply to contain {_quoted(d['missing'])}; it does not"


def _not_contains(d: dict[str, Any]) -> str | None:
    return f"expected the last reply not to contain {_quoted(d['found'])}; it does" \
        if d.get("found") else None


def _keywords(d: dict[str, Any]) -> str | None:
    if "missing" not in d or "mode" not in d:
        return None
    wanted = "all of" if d["mode"] == "all" else "any of"
    keywords = _params(d).get("keywords") or [*d.get("matched", []), *d["missing"]]
    return (f"expected {wanted} {_quoted(keywords)}; matched {_quoted(d.get('matched') or [])}"
            f"{'' if d.get('matched') else ' (none)'}, missing {_quoted(d['missing'])}")


def _latency(d: dict[str, Any]) -> str | None:
    if "latency_ms" not in d or "max_ms" not in d:
        return None
    return f"expected a reply within {d['max_ms']} ms; got {d['latency_ms']} ms"


def _intent(d: dict[str, Any]) -> str | None:
    if "predicted" not in d:
        return None
    return (f"expected intent {d.get('expected')}; got {d.get('predicted')} "
            f"(understanding {d.get('understanding')})")


def _completion(d: dict[str, Any]) -> str | None:
    if "completion_rate" not in d:
        return None
    missing = [str(s.get("name")) for s in d.get("slots") or [] if not s.get("filled")]
    missing += [str(s.get("name")) for s in d.get("steps") or [] if not s.get("done")]
    return (f"task completion {d['completion_rate']:.2f}"
            + (f"; not done: {', '.join(missing)}" if missing else ""))


def _llm_score(d: dict[str, Any]) -> str | None:
    if "raw_score" not in d:
        return None
    wanted = _params(d).get("min_score")
    expected = f"expected a judge score ≥ {wanted}/10; " if wanted is not None else ""
    return f"{expected}got {d['raw_score']}/10: {d.get('rationale', '')}"


def _similarity(d: dict[str, Any]) -> str | None:
    if "similarity" not in d:
        return None
    wanted = d.get("min_similarity")
    expected = f"expected similarity ≥ {wanted}; " if wanted is not None else ""
    return f"{expected}got {d['similarity']:.2f} ({d.get('method')})"


def _json(d: dict[str, Any]) -> str | None:
    if "violations" not in d:
        return None
    if not d.get("found"):
        return "expected JSON in the reply; found none"
    problems = "; ".join(f"{v.get('path')}: {v.get('message')}" for v in d["violations"][:3])
    return f"expected JSON matching the schema; got: {problems}"


def _safety(d: dict[str, Any]) -> str | None:
    flagged = d.get("flagged_categories")
    return f"expected a safe reply; flagged: {', '.join(map(str, flagged))}" if flagged else None


def _tool_call(d: dict[str, Any]) -> str | None:
    if "calls" not in d or "times" not in d:
        return None
    made = ", ".join(f"{c.get('name')}@turn {c.get('turn_index', 0) + 1}" for c in d["calls"])
    problems = "; ".join(map(str, d.get("problems") or [])) or "ok"
    return f"{problems} (calls: {made or 'none'})"


def _regex(d: dict[str, Any]) -> str | None:
    if not d.get("unmatched") or "patterns" not in d:
        return None
    return f"expected the reply to match {_quoted(d['unmatched'])}; it does not"


def _json_path(d: dict[str, Any]) -> str | None:
    if "path" not in d or "op" not in d or "found" not in d:
        return None
    wanted = {"exists": "to give a value", "not_exists": "to give nothing",
              "length": f"to have length {_quoted(d.get('expected'))}",
              "matches": f"to match {_quoted(d.get('expected'))}"}.get(
        d["op"], f"to {d['op'].rstrip('s')} {_quoted(d.get('expected'))}")
    return (f"expected {d['path']} ({d.get('source', 'raw')} JSON) {wanted}; "
            f"got {json.dumps(d['found'], ensure_ascii=False)}")


_METRIC_EVIDENCE = ("lapses", "out_of_role", "irrelevant", "intentions")


def _conversation_metric(d: dict[str, Any]) -> str | None:
    """A conversation metric: its score, then each cited turn with its quote and why."""
    if "judged_turns" not in d or "score" not in d:
        return None
    key = next((k for k in _METRIC_EVIDENCE if k in d), "")
    cited = [e for e in d.get(key) or [] if key != "intentions" or not e.get("met")]
    parts = [f"expected a score ≥ {d.get('min_score')}; got {d['score']:.2f}"]
    for item in cited[:3]:
        unverified = "" if item.get("verified", True) else " (quote not in the transcript)"
        what = f"{item['intention']}: " if item.get("intention") else ""
        parts.append(f"turn {turn_number(item.get('turn_index'))}: {what}"
                     f"{json.dumps(item.get('quote'), ensure_ascii=False)}{unverified}"
                     f" — {item.get('reason') or ''}")
    return "; ".join(parts)


def _scorecard(d: dict[str, Any]) -> str | None:
    """A scorecard: total and grade, then the vetoes and the items that cost points, each at
    its first evidence turn (the whole result is in the detail; this is the line a person reads)."""
    if "scorecard" not in d or "items" not in d:
        return None
    parts = [f"{d['scorecard']}: total {d.get('total', 0):g} ({d.get('grade', '')})"]
    vetoes = set(d.get("vetoes") or [])
    costly = [i for i in d["items"]
              if i.get("item") in vetoes or (i.get("status") == "hit" and i.get("points", 0) < 0)]
    for item in sorted(costly, key=lambda i: (i.get("item") not in vetoes, i.get("points", 0)))[:3]:
        what = "veto" if item.get("item") in vetoes else f"{item.get('points', 0):g}"
        evidence = (item.get("evidence") or [{}])[0]
        at = "" if evidence.get("turn_index") is None else \
            f" at turn {turn_number(evidence['turn_index'])}"
        quote = f" {json.dumps(evidence['quote'], ensure_ascii=False)}" \
            if evidence.get("quote") else ""
        parts.append(f"{item.get('item')} ({what}){at}{quote}")
    if d.get("errors"):
        parts.append(f"could not judge: {', '.join(map(str, d['errors']))}")
    return "; ".join(parts)


def _reason(d: dict[str, Any]) -> str | None:
    return str(d["reason"]) if d.get("reason") else None


_EXPLAINERS: tuple[Callable[[dict[str, Any]], str | None], ...] = (
    _json_path, _tool_call, _intent, _completion, _llm_score, _similarity, _json, _safety,
    _latency, _keywords, _contains, _not_contains, _regex, _conversation_metric, _scorecard,
    _reason)


def rule_reason(result: RuleResultView) -> str:
    """One line: what the rule expected and what it got (or why it could not run)."""
    if result["error"]:
        return shorten(f"could not run: {result['error']}", REASON_CHARS)
    detail = result["detail"] or {}
    for explain in _EXPLAINERS:
        text = explain(detail)
        if text:
            if judged_turn(result) is not None:  # a per-turn check judged its own turn's reply
                text = text.replace("the last reply", "the reply")
            return shorten(" ".join(text.split()), REASON_CHARS)
    rest = {k: v for k, v in detail.items() if k != "rule"}
    return shorten(json.dumps(rest, ensure_ascii=False, sort_keys=True, default=str),
                   REASON_CHARS)


def failing_rules(outcome: OutcomeView) -> list[RuleResultView]:
    return [result for result in outcome["results"] if not result["passed"]]


def last_reply(outcome: OutcomeView) -> str | None:
    """The bot's last reply in the attempt (None when it never replied)."""
    for turn in reversed(outcome["turns"]):
        reply: str | None = turn["reply"]
        if reply is not None:
            return reply
    return None


@dataclass(frozen=True)
class ErrorGroup:
    """Attempts that failed for one kind of reason, with one sample cause."""

    kind: str
    count: int
    sample: str
    cases: list[str]


def error_kind(error: str) -> str:
    """`connection`, `timeout`, `http_status`, `bad_response` (target), `rule <type>` or
    `simulator model` (a simulated case's SIMULATOR failed), `simulated user deviated`
    (still after its reruns: a simulator error) or `scenario's scripted user deviates`."""
    turn = _TURN_ERROR.match(error)
    if turn:
        return f"target {turn.group(2)}"
    rule = _RULE_ERROR.match(error)
    if rule:
        return f"rule {rule.group(1)}"
    if _SIMULATOR_ERROR.match(error):
        return "simulator model"
    if error.startswith("simulator error:"):
        return "simulated user deviated"
    if error.startswith("scenario-authoring error:"):
        return "scenario's scripted user deviates"
    return "other"


def group_errors(outcomes: Sequence[OutcomeView]) -> list[ErrorGroup]:
    """Errored attempts grouped by kind, the largest group first."""
    groups: dict[str, list[OutcomeView]] = {}
    for outcome in outcomes:
        if outcome["error"]:
            groups.setdefault(error_kind(outcome["error"]), []).append(outcome)
    ordered = sorted(groups.items(), key=lambda item: (-len(item[1]), item[0]))
    return [ErrorGroup(kind, len(members), members[0]["error"] or "",
                       sorted({m["case_key"] for m in members})) for kind, members in ordered]


def shorten(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def judged_turn(result: RuleResultView) -> int | None:
    """The 0-based turn a per-turn check judged (`detail.turn_index`), else None."""
    index = (result["detail"] or {}).get("turn_index")
    return index if isinstance(index, int) and not isinstance(index, bool) else None


def turn_label(index: int) -> str:
    """A turn as people count it: the API's 0-based turnIndex 0 is "turn 1"."""
    return f"turn {index + 1}"


def reply_at(outcome: OutcomeView, index: int) -> str | None:
    for turn in outcome["turns"]:
        if turn["index"] == index:
            return turn["reply"]
    return None


def located_reason(outcome: OutcomeView, result: RuleResultView,
                   reply_chars: int = 120) -> str:
    """`rule_reason`, prefixed for a per-turn check with its turn and the reply it judged."""
    reason = rule_reason(result)
    index = judged_turn(result)
    if index is None:
        return reason
    reply = reply_at(outcome, index)
    quoted = "(no reply)" if reply is None else json.dumps(
        shorten(" ".join(reply.split()), reply_chars), ensure_ascii=False)
    return f"at {turn_label(index)}, reply {quoted}: {reason}"
