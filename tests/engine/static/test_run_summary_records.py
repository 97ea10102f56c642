"""A run summarised from its execution's records equals one summarised from its stored rows."""

from __future__ import annotations

from agenteval.domain.judging.cases import CaseSpec, RuleResult, Turn
from agenteval.domain.judging.judgement import INTENT_RULE, CaseVerdict
from agenteval.domain.static.run_records import Counters, FinishedAttempt, outcome_record
from agenteval.domain.static.run_summary import summarise
from agenteval.engine.static.run_reports import compute_summary
from agenteval.store.models import Run
from agenteval.store.runs.run_store import save_attempts
from tests.store.test_run_rows import new_run


def intent(expected: object, predicted: object) -> RuleResult:
    return RuleResult(INTENT_RULE, expected == predicted, 1.0 if expected == predicted else 0.0,
                      detail={"expected": expected, "predicted": predicted})


def varied_attempts() -> list[FinishedAttempt]:
    def case(key: str) -> CaseSpec:
        return CaseSpec(key=key, messages=["a", "b"])

    success = CaseVerdict("SUCCESS", True, 1.0, True, True, 1.0)
    failure = CaseVerdict("FAILURE", False, 0.0, False, False, 0.25)
    error = CaseVerdict("FAILURE", False, 0.0, False, None, None, "TIMEOUT: slow")
    return [
        FinishedAttempt(2, case("k2"), 1, [Turn(0, "a", "x", 40), Turn(1, "b", "y", 90)],
                        [intent("refund", "refund")], success),
        FinishedAttempt(0, case("k0"), 0, [Turn(0, "a", "x", 15)],
                        [intent("refund", "order"), intent("other", "other")], failure),
        FinishedAttempt(1, case("k1"), 0, [Turn(0, "a", None, None, "TIMEOUT: slow")], [],
                        error),
        FinishedAttempt(2, case("k2"), 0, [Turn(0, "a", "x", 7)], [intent("refund", 3)],
                        success),
    ]


async def test_records_of_saved_attempts_summarise_like_the_stored_rows(db: str) -> None:
    run = await new_run()
    attempts = varied_attempts()
    await save_attempts(run.id, run.version, attempts, Counters(4, 2, 1, 1))
    stored = await Run.get(id=run.id)
    in_order = sorted(attempts, key=lambda a: (a.position, a.attempt))

    from_records = summarise([outcome_record(a) for a in in_order], 2, expected_total=6)

    stored.repeat, stored.total = 2, 6
    assert from_records == await compute_summary(stored)
    assert from_records.intent_confusion is not None
