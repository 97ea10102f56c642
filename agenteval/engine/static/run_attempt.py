"""One attempt of one case: its messages in order over ONE conversation, then the rules.

A simulated case's turns are played instead (engine/static/simulated_talk.py), its user
audited and the dialog played again while the simulator deviates
(engine/static/checked_simulation.py).

A target error on a turn is recorded on that turn and ends the conversation
(later messages would make no sense); the case is then a FAILURE with
`error`, and its rules are not run. A rule that cannot run gives an error
result (`run_rule` never raises).
"""

from __future__ import annotations

from agenteval.channels import ChannelError, ChannelFactory, TargetSpec
from agenteval.domain.judging.cases import CaseSpec, Turn
from agenteval.domain.judging.judgement import first_turn_error, judge_case
from agenteval.domain.limits import bounded_raw
from agenteval.domain.static.run_records import FinishedAttempt
from agenteval.rules import ModelProvider
from agenteval.rules.case_rules import judge_rules
from agenteval.simulation.case_users import PlayCase, play_case


async def talk(channels: ChannelFactory, target: TargetSpec, case: CaseSpec) -> list[Turn]:
    """Send the case's messages in order on a fresh conversation; stop at the first error."""
    channel = channels.open(target)
    turns: list[Turn] = []
    if case.tool_results:
        channel.supply_tool_results(case.tool_results)
    try:
        for index, message in enumerate(case.messages):
            try:
                reply = await channel.send(message)
            except ChannelError as exc:
                turns.append(Turn(index, message, None, None, f"{exc.kind}: {exc.message}"))
                break
            turns.append(Turn(index, message, reply.text, reply.latency_ms,
                              raw=bounded_raw(reply.raw), tool_calls=reply.tool_calls,
                              sanitized=reply.sanitized))
    finally:
        await channel.aclose()
    return turns


async def run_attempt(channels: ChannelFactory, target: TargetSpec, models: ModelProvider,
                      position: int, case: CaseSpec, attempt: int,
                      users: PlayCase = play_case) -> FinishedAttempt:
    """Talk (or, for a simulated case, let `users` play the user), then judge."""
    simulation = None
    if case.simulated is None:
        turns = await talk(channels, target, case)
        error = first_turn_error(turns)
    else:
        # Imported here: the simulator's audit (its lexicons and patterns) is ~15 modules
        # a run without simulated cases, such as most CI gates, never uses.
        from agenteval.engine.static.checked_simulation import simulate_checked

        dialog = await simulate_checked(channels, target, case, users,
                                        models.get("SIMULATOR"), models.get("JUDGE"))
        turns, simulation = dialog.turns, dialog.record
        error = first_turn_error(turns) or dialog.error
    results = [] if error else await judge_rules(case, turns, models)
    return FinishedAttempt(position=position, case=case, attempt=attempt, turns=turns,
                           results=results, verdict=judge_case(case, results, error),
                           simulation=simulation)
