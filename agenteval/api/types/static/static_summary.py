"""RunSummary and its IntentConfusionCells."""

from __future__ import annotations

import uuid

import strawberry

from agenteval.api.context import ResolverInfo
from agenteval.api.types.review import JudgeAgreement
from agenteval.api.types.static.simulator_types import SimulatorErrorRate
from agenteval.domain.static.run_summary import RunSummaryData
from agenteval.engine.review.reads import agreement_of


@strawberry.type
class IntentConfusionCell:
    expected: str
    predicted: str
    count: int


@strawberry.type
class RunSummary:
    total_cases: int
    passed_cases: int
    pass_rate: float
    success_rate: float
    success_count: int
    partial_count: int
    failure_count: int
    error_count: int
    intent_accuracy: float | None
    avg_completion: float | None
    pass_hat_k: float | None
    intent_confusion: list[IntentConfusionCell] | None
    latency_p50_ms: int | None
    latency_p95_ms: int | None
    flip_rate: float | None = strawberry.field(
        default=None, description="Share of cases whose attempts disagree on pass/fail "
                                  "(repeat > 1; null otherwise).")
    pass_hat_curve: list[float] | None = strawberry.field(
        default=None, description="pass^k for k = 1..repeat: the mean over cases of "
                                  "C(passes, k) / C(repeat, k) (τ-bench's unbiased estimator); "
                                  "its last value is passHatK. Null when repeat = 1.")
    simulator_error_count: int | None = strawberry.field(
        default=None, description="Attempts whose simulated user still deviated after its "
        "reruns: errors (in errorCount and every denominator), never the bot's failures. "
        "Null in summaries stored before simulated users were audited.")
    pass_rate_excluding_simulator_errors: float | None = strawberry.field(
        default=None, description="passRate with the simulator errors left out of the "
        "attempts (what the bot scored where its user behaved).")
    pass_hat_k_excluding_simulator_errors: float | None = strawberry.field(
        default=None, description="passHatK with each case's simulator errors left out of "
        "its attempts (null when repeat = 1).")
    pass_hat_curve_excluding_simulator_errors: list[float] | None = strawberry.field(
        default=None, description="passHatCurve with each case's simulator errors left out: "
        "a case with n attempts kept counts in pass^k for k ≤ n (null when repeat = 1).")
    simulators: list[SimulatorErrorRate] | None = strawberry.field(
        default=None, description="Per SIMULATOR model: the attempts its users played, "
        "reran and ended as simulator errors.")
    run_id: strawberry.Private[uuid.UUID | None] = None

    @strawberry.field(description="Reviewed attempts: the automatic success level against "
                                  "the reviewer's; null until one is reviewed.")
    async def human_agreement(self, info: ResolverInfo) -> JudgeAgreement | None:
        if self.run_id is None:
            return None
        rows = await info.context.loaders.reviews_by_owner.load(self.run_id)
        return JudgeAgreement.from_data(agreement_of(rows, "case:"))

    @classmethod
    def from_data(cls, data: RunSummaryData, run_id: uuid.UUID | None = None) -> RunSummary:
        confusion = None if data.intent_confusion is None else [
            IntentConfusionCell(expected=c.expected, predicted=c.predicted, count=c.count)
            for c in data.intent_confusion]
        return cls(total_cases=data.total_cases, passed_cases=data.passed_cases,
                   pass_rate=data.pass_rate, success_rate=data.success_rate,
                   success_count=data.success_count, partial_count=data.partial_count,
                   failure_count=data.failure_count, error_count=data.error_count,
                   intent_accuracy=data.intent_accuracy, avg_completion=data.avg_completion,
                   pass_hat_k=data.pass_hat_k, intent_confusion=confusion,
                   latency_p50_ms=data.latency_p50_ms, latency_p95_ms=data.latency_p95_ms,
                   flip_rate=data.flip_rate, pass_hat_curve=data.pass_hat_curve,
                   simulator_error_count=data.simulator_error_count,
                   pass_rate_excluding_simulator_errors=(
                       data.pass_rate_excluding_simulator_errors),
                   pass_hat_k_excluding_simulator_errors=(
                       data.pass_hat_k_excluding_simulator_errors),
                   pass_hat_curve_excluding_simulator_errors=(
                       data.pass_hat_curve_excluding_simulator_errors),
                   simulators=None if data.simulators is None else [
                       SimulatorErrorRate.from_data(rate) for rate in data.simulators],
                   run_id=run_id)
