"""The QA operators' example specs and detail shapes for docs/rules.md (`agenteval docs-rules`)."""

from __future__ import annotations

from typing import Any

from agenteval.rules.qa.demo_scorecard import DEMO_SCORECARD_REF, load_demo_scorecard

# The `scorecard` example names the demo's scorecard: loaded here so that it validates.
load_demo_scorecard()

QA_EXAMPLES: dict[str, dict[str, Any]] = {
    "qa_phrase": {"type": "qa_phrase", "params": {
        "role": "bot", "position": "first", "count": 1, "expect": "present",
        "phrases": ["您好", "欢迎", "hello", "welcome"]}},
    "qa_anchored": {"type": "qa_anchored", "params": {
        "anchor": {"role": "user", "phrases": ["退款", "refund"]}, "direction": "after",
        "window": 3, "then": {"phrases": ["7天内", "原路退回", "within 7 days"]}}},
    "qa_repetition": {"type": "qa_repetition", "params": {
        "check": "reasked_info", "slots": ["phone", "order_number", "name", "address"],
        "order_pattern": r"\bhc\d{10}\b"}},
    "qa_word_library": {"type": "qa_word_library", "params": {
        "words": ["退款保证", "全网最低", "money-back guarantee"], "role": "bot"}},
    "qa_entity": {"type": "qa_entity", "params": {
        "entity": "phone", "locale": "zh", "must": "not_contain", "allowed": ["400-820-5588"]}},
    "qa_reply": {"type": "qa_reply", "params": {"check": "latency", "max_ms": 3000}},
    "scorecard": {"type": "scorecard", "params": {"scorecard": DEMO_SCORECARD_REF}},
    "qa_llm_dimension": {"type": "qa_llm_dimension", "params": {
        "dimension": "坐席是否在客户表达不满后先致歉再解决问题？",
        "examples": [{"dialog_excerpt": "user: 师傅迟到了三个小时！ agent: 非常抱歉，我马上为您加急处理",
                      "verdict": "yes", "why": "先致歉，再给出处理"}]}},
}

_CHECK = ('{"outcome": "pass" | "fail" | "not_applicable", "evidence": [{"turn_index": 3, '
          '"role": "bot", "quote": "...", "match": "..."}]')
QA_DETAILS: dict[str, str] = {
    "qa_phrase": _CHECK + ', "checked": 1, "missing": ["您好"] (present, failed)}',
    "qa_anchored": _CHECK + ' (the anchor\'s turn has "anchor": true), "anchors": 1}',
    "qa_repetition": _CHECK + ' (pairs: the turn that gave it, "given": true, and the one that '
                              'asked again, "asked": true, with "slot"), "repeats": 1}',
    "qa_word_library": _CHECK + ' (each with "word"), "checked": 6, "words": 10000, '
                                '"library": "forbidden@3"}',
    "qa_entity": _CHECK + ' (each with "entity" or "missing"), "checked": 2, "must": "not_contain"}',
    "qa_reply": _CHECK + ' (each with "empty", "unanswered" or "latency_ms"), "bot_turns": 5}',
    "scorecard": '{"scorecard": "mia-qa@1", "content_hash": "sha256:…", "total": 85, '
                 '"raw_total": 85, "grade": "良", "passed": true, "vetoed": false, "vetoes": [], '
                 '"errors": [], "items": [{"item": "missing_greeting", "status": "hit" | '
                 '"no_hit" | "not_applicable" | "not_judged" | "error", "points": -5, '
                 '"occurrences": 1, "evidence": [{"turn_index": 0, "role": "bot", "quote": '
                 '"..."}], "critical"?: true}]}',
    "qa_llm_dimension": '{"outcome": "pass" | "fail" | "not_applicable" | "not_judged", '
                        '"evidence": [{"turn_index": 1, "quote": "...", "reason": "...", '
                        '"verified": true, "role": "bot"}], "dimension": "...", "language": '
                        '"zh", "verdict": "yes" | "no" | "not_applicable", "rationale": "...", '
                        '"unverified_quotes"?: [{"turn_index", "quote"}], "flag"?: '
                        '"unverified_evidence", "judge": {...}}',
}
