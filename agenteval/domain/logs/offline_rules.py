"""What a conversation log cannot be judged on: the one check of `agenteval judge` and of
`judgeConversations` (issue 26 item 2, issue 35 item 2).

A log holds what was said and, when it logs `latency_ms` on the bot's replies, how long
each took. Without latencies a rule or expectation about latency would judge a latency
nobody measured, so it is refused, naming the rule; with them it is judged. A simulated
case cannot judge a log at all: its user is played by a model, a log's user said what
they said.
"""

from __future__ import annotations

from typing import Any

from agenteval.errors import FieldError

NO_LATENCY = "the log holds no latency (give latency_ms on every reply, docs/judge.md)"
NOT_IN_A_LOG = {"response_time": NO_LATENCY}
EXPECTATIONS_NOT_IN_A_LOG = {"max_latency_ms": NO_LATENCY}
SIMULATED = ("a simulated case: its user is played by a model, while a log's user "
             "turns are fixed")


def log_refusals(checks: dict[str, Any], path: str = "",
                 has_latencies: bool = False) -> list[FieldError]:
    """The rules of a case (document format: `expectation`, `eval_rules`, message objects'
    `expect` / `eval_rules`) that need what the log lacks, each with its path and why."""
    if has_latencies:
        return []
    prefix = f"{path}." if path else ""
    refused = _refused(checks.get("expectation"), checks.get("eval_rules"), prefix)
    for index, message in enumerate(checks.get("messages") or []):
        if isinstance(message, dict):
            refused += _refused(message.get("expect"), message.get("eval_rules"),
                                f"{prefix}messages[{index}].", expect_key="expect")
    return refused


def why_not_judged(document: dict[str, Any], has_latencies: bool) -> str | None:
    """Why a scenario's case (document format) cannot judge a log; None when it can."""
    if str(document.get("type", "")).lower() == "simulated" or "messages" not in document:
        return SIMULATED
    refused = log_refusals(document, "", has_latencies)
    if refused:
        return "; ".join(f"{e['path']}: {e['message']}" for e in refused)
    return None


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
