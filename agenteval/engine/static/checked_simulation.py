"""A simulated case's dialog, its user audited (issue 40): played again while the
SIMULATOR model deviates, up to the reruns allowed. A play is cut at the turn where its
simulator deviated (stop `simulator_deviated`): its later turns would be discarded anyway.

A replay's user is told how the discarded try deviated (its prompt names it): at the
default temperature 0 the same prompt would likely deviate the same way again.

Every dialog is audited without a model (domain/judging/simulator_audit). A dialog
whose model-written turn deviates is discarded and the case played again on a fresh
conversation with a fresh user; the first clean dialog is the attempt's (it counts
once). Still deviating after the reruns, the attempt is a **simulator error**: the
attempt's error (in `errorCount` and every denominator, as errors are), never a
failure of the bot. A deviation in the case's own opening or scripted follow-ups is a
scenario-authoring error: reported at the case, never rerun (a script says the same
again). When the first dialog is clean its `simulation` record is as before; otherwise
it says what happened:

    {..., "deviation": {turn, kind, reason, quote, author} | None,
     "deviations": [...every one of the kept dialog's...],
     "reruns": n, "rerun_deviations": [...the first deviation of each discarded dialog...],
     "deviation_error": "simulator" | "scenario" | None}
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from agenteval.channels import ChannelFactory, TargetSpec
from agenteval.domain.judging.cases import CaseSpec, Turn
from agenteval.domain.judging.simulated_cases import SimulatedSpec
from agenteval.domain.judging.simulator_audit import (
    audit_case_dialog,
    deviation_error,
    deviation_record,
    is_simulators,
)
from agenteval.domain.judging.simulator_audit.review_check import review_deviations
from agenteval.domain.turn_numbers import turn_number
from agenteval.engine.static.simulated_talk import SimulatedDialog, simulate
from agenteval.llm import ModelClient
from agenteval.simulation.case_users import HeedsDeviations, PlayCase, reruns_of, reviews
from agenteval.simulation.user_review import review_user


def cut_at_deviation(spec: SimulatedSpec) -> Callable[[Sequence[Turn]], bool]:
    """Whether the dialog so far has a turn the SIMULATOR wrote that deviated (a fact, role
    or meta-talk deviation is final once said; an early stop is known only at the end)."""
    def deviated(turns: Sequence[Turn]) -> bool:
        return any(is_simulators(d) for d in audit_case_dialog(spec, turns, None))
    return deviated


async def simulate_checked(channels: ChannelFactory, target: TargetSpec, case: CaseSpec,
                           users: PlayCase, simulator: ModelClient | None,
                           judge: ModelClient | None = None) -> SimulatedDialog:
    """Play the case, audit its user, play again while the simulator deviates. With
    `judge` (the JUDGE, when the review is on), a model-played dialog the audit found clean
    is also reviewed; a deviation it quotes from the transcript counts as one."""
    spec = case.simulated
    assert spec is not None, "simulate_checked is for simulated cases"
    allowed = reruns_of(users)
    reviewer = judge if reviews(users) else None
    discarded: list[dict[str, object]] = []
    while True:
        user = users(spec, simulator)
        if isinstance(user, HeedsDeviations):
            for earlier in discarded:  # the replay's prompt names what went wrong before
                user.heed(f"{earlier['reason']} (turn {turn_number(earlier['turn'])})")
        dialog = await simulate(channels, target, case, user, cut_at_deviation(spec))
        deviations = audit_case_dialog(spec, dialog.turns, dialog.record.get("stop"))
        review = None
        if not deviations and reviewer is not None and dialog.record.get("simulator") == "model" \
                and dialog.error is None and dialog.turns:
            review = await review_user(reviewer, spec, dialog.turns)
            deviations = review_deviations(review, dialog.turns)
        first = deviations[0] if deviations else None
        if first is None and not discarded:
            # Clean at the first try: the record is as it always was (plus the review).
            return dialog if review is None else replace(
                dialog, record={**dialog.record, "review": review})
        record = {**dialog.record, **({"review": review} if review is not None else {}),
                  "deviation": None if first is None else deviation_record(first),
                  "deviations": [deviation_record(d) for d in deviations],
                  "reruns": len(discarded), "rerun_deviations": list(discarded),
                  "deviation_error": None}
        if first is None or dialog.error is not None or any(t.error for t in dialog.turns):
            # Clean, or the simulator or the target failed anyway: that error stands.
            return replace(dialog, record=record)
        if is_simulators(first) and len(discarded) < allowed:
            discarded.append(deviation_record(first))
            continue
        record["deviation_error"] = "simulator" if is_simulators(first) else "scenario"
        return replace(dialog, record=record, error=deviation_error(first, len(discarded)))
