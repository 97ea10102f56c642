"""What a conversation log cannot be judged on: the one check of `agenteval judge` and of
`judgeConversations` (issue 26 item 2).

A log holds what was said, not how long it took: a rule or expectation about latency
would judge the 0 ms an offline turn records, so it is refused, naming the rule.
"""

from __future__ import annotations

from typing import Any

from agenteval.errors import FieldError

NOT_IN_A_LOG = {"response_time": "a log holds no latency"}
EXPECTATIONS_NOT_IN_A_LOG = {"max_latency_ms": "a log holds no latency"}


def log_refusals(checks: dict[str, Any], path: str = "") -> list[FieldError]:
    """The rules of a case (document format: `expectation`, `eval_rules`, message objects'
    `expect` / `eval_rules`) that need what a log lacks, each with its path and why."""
    prefix = f"{path}." if path else ""
    refused = _refused(checks.get("expectation"), checks.get("eval_rules"), prefix)
    for index, message in enumerate(checks.get("messages") or []):
        if isinstance(message, dict):
            refused += _refused(message.get("expect"), message.get("eval_rules"),
                                f"{prefix}messages[{index}].", expect_key="expect")
    return refused


def _refused(expectation: Any, rules: Any, prefix: str,
             expect_key: str = "expectation") -> list[FieldError]:
    refused = []
    if isinstance(expectation, dict):
        refused += [FieldError(f"{prefix}{expect_key}.{key}", f"cannot judge a log: {why}")
                    for key, why in EXPECTATIONS_NOT_IN_A_LOG.items() if key in expectation]
    for index, rule in enumerate(rules if isinstance(rules, list) else []):
        kind = rule.get("type") if isinstance(rule, dict) else None
        if kind in NOT_IN_A_LOG:
            refused.append(FieldError(f"{prefix}eval_rules[{index}]",
                                      f"{kind} cannot judge a log: {NOT_IN_A_LOG[kind]}"))
    return refused
