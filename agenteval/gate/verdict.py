"""The gate's verdict: one exit code and the last line that says why.

Exit codes: 0 passed, 1 a scenario's pass rate is under the bar (or a case
regressed against the baseline with --fail-on-regression), 2 bad input
(decided before any run), 3 errors the runs could not judge. The bar is 100 %
unless --fail-under lowers it: as in pytest and promptfoo, a failing case fails
the build by default (a PARTIAL case passes, as `passed` says; with --repeat K
each attempt counts, as in the pass rate). Errors win over a low pass rate: a
rate that counts unjudged cases as failures is not a verdict on the target.
With several scenarios each must clear the bar on its own, so a strong scenario
cannot hide a weak one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from agenteval.engine.static.run_document import ScenarioResult

EXIT_OK, EXIT_BELOW_BAR, EXIT_BAD_INPUT, EXIT_ERRORS = 0, 1, 2, 3
EVERY_CASE = 1.0  # the bar without --fail-under


@dataclass(frozen=True)
class Verdict:
    code: int
    line: str  # "PASS", "FAIL: …" or "ERROR: …"


def decide(results: Sequence[ScenarioResult], fail_under: float | None,
           regressions: int = 0, fail_on_regression: bool = False) -> Verdict:
    """The exit code and verdict line of a whole gate invocation."""
    several = len(results) > 1
    errors = [_error_reason(r, several) for r in results if _has_errors(r)]
    if errors:
        return Verdict(EXIT_ERRORS, "ERROR: " + "; ".join(errors))
    reasons = [_below_bar(r, several, fail_under) for r in results
               if r.summary.pass_rate < (EVERY_CASE if fail_under is None else fail_under)]
    if fail_on_regression and regressions:
        reasons.append(f"{regressions} case(s) regressed against the baseline "
                       "(--fail-on-regression)")
    if reasons:
        return Verdict(EXIT_BELOW_BAR, "FAIL: " + "; ".join(reasons))
    return Verdict(EXIT_OK, "PASS")


def _below_bar(result: ScenarioResult, several: bool, fail_under: float | None) -> str:
    rate = result.summary.pass_rate
    if fail_under is not None:
        return f"{_prefix(result, several)}pass rate {rate:.1%} < {fail_under:.1%} (--fail-under)"
    failed = result.summary.total_cases - result.summary.passed_cases
    return (f"{_prefix(result, several)}{failed} of {result.summary.total_cases} case attempts "
            f"failed (pass rate {rate:.1%}; every case must pass unless --fail-under RATE)")


def _has_errors(result: ScenarioResult) -> bool:
    return result.status != "COMPLETED" or result.summary.error_count > 0


def _error_reason(result: ScenarioResult, several: bool) -> str:
    if result.status != "COMPLETED":
        why = f": {result.error}" if result.error else ""
        return f"{_prefix(result, several)}the run ended {result.status}{why}"
    count = result.summary.error_count
    return (f"{_prefix(result, several)}{count} of {result.summary.total_cases} case attempts "
            "could not be judged (see Errors above)")


def _prefix(result: ScenarioResult, several: bool) -> str:
    return f"{result.scenario_name}: " if several else ""
