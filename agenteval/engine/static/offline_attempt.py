"""The attempt of an offline run: the stored dialog IS the transcript; no channel is called.

An offline run's cases snapshot carries each logged dialog's replies (`logged`,
engine/catalog/offline_templates.py: the same for `agenteval judge` and the server). Its
attempt reads them as the turns — the logged latency (none when the log has none: latency
rules were then left out when the run was queued), the logged raw reply for `json_path`,
the logged tool calls for `tool_call` — and judges them with the same rules and judgement as a live
attempt (rules.case_rules.judge_rules), so the summary, report and compare are a live run's.
"""

from __future__ import annotations

from typing import Any

from agenteval.channels import ChannelFactory, TargetSpec
from agenteval.domain.judging.cases import CaseSpec, Turn
from agenteval.domain.judging.judgement import judge_case
from agenteval.domain.limits import bounded_raw, truncated_reply
from agenteval.domain.static.run_records import FinishedAttempt
from agenteval.engine.static.run_execution import AttemptRunner
from agenteval.rules import ModelProvider
from agenteval.rules.case_rules import judge_rules
from agenteval.simulation.case_users import PlayCase


def logged_turns(case: CaseSpec, logged: list[dict[str, Any]]) -> list[Turn]:
    return [Turn(index, message, truncated_reply(entry["reply"])[0], entry.get("latency_ms"),
                 raw=bounded_raw(entry.get("raw")), tool_calls=entry.get("tool_calls"))
            for index, (message, entry) in enumerate(zip(case.messages, logged, strict=True))]


def offline_attempts(stored_cases: list[dict[str, Any]]) -> AttemptRunner:
    """The attempt runner of an offline run whose cases snapshot is `stored_cases`."""
    logged = {document["id"]: document["logged"] for document in stored_cases}

    async def attempt(channels: ChannelFactory, target: TargetSpec, models: ModelProvider,
                      position: int, case: CaseSpec, number: int,
                      users: PlayCase) -> FinishedAttempt:
        del channels, target, users  # nothing is sent, nobody plays a user
        turns = logged_turns(case, logged[case.key])
        results = await judge_rules(case, turns, models)
        return FinishedAttempt(position=position, case=case, attempt=number, turns=turns,
                               results=results, verdict=judge_case(case, results, None))

    return attempt
