"""The "align" action: learn judging examples from reviewers' corrections, adopt them only
when they raise κ on reviews the judge has not seen (docs/judge-alignment.md).

1. The reviewed judgements of (rule type, language) judged by the judge model come from
   `source` (per-item reviews, or case-level reviews of single-JUDGE-rule cases).
2. A stratified, seeded split: train and held-out. Fewer than 40 held-out → REFUSED.
3. Candidate examples: corrections in train, chosen by the strategy (at most 10).
4. The held-out items are judged again with the same judge model, with the current
   revision (before) and with the candidate (after); κ and agreement against reviewers.
5. ADOPTED (a new active revision) only when the paired-bootstrap 95 % interval of Δκ has
   its lower bound above 0; REJECTED otherwise. Every attempt is recorded.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

from agenteval.domain.alignment.examples import alignable, alignable_rule_types, example_of
from agenteval.domain.alignment.gate import GateResult, HeldOutVerdict, measure, refusal_reason
from agenteval.domain.alignment.reviewed import ReviewedJudgement
from agenteval.domain.alignment.revisions import LANGUAGES, ActiveRevision, RevisionOverlay
from agenteval.domain.alignment.split import stratified_split
from agenteval.domain.alignment.strategy import Strategy, choose
from agenteval.domain.statistics import BOOTSTRAP_RESAMPLES, BOOTSTRAP_SEED
from agenteval.engine.alignment.rejudge import rejudge
from agenteval.errors import FieldError, ValidationFailed
from agenteval.llm import ModelRegistry, ResponseCache
from agenteval.rules.judged.judging_examples import MAX_EXAMPLES
from agenteval.store.judge_revisions import alignments
from agenteval.store.judge_revisions.alignments import Outcome
from agenteval.store.judge_revisions.revisions import active_of, active_revision
from agenteval.store.judge_revisions.rows import AlignmentRow

DEFAULT_SEED = 39
ADOPTED, REJECTED, REFUSED, FAILED = "ADOPTED", "REJECTED", "REFUSED", "FAILED"

# (rule type, language) → the reviewed judgements of that rule in that language.
ReviewSource = Callable[[str, str], Awaitable[list[ReviewedJudgement]]]


@dataclass(frozen=True)
class AlignRequest:
    rule_type: str
    language: str
    judge_model: str | None = None
    strategy: Strategy = Strategy.MOST_RECENT
    seed: int = DEFAULT_SEED
    created_by: str | None = None


def request_fields(request: AlignRequest, model: str) -> dict[str, Any]:
    return {"rule_type": request.rule_type, "language": request.language,
            "judge_model": model, "strategy": request.strategy.value, "seed": request.seed,
            "created_by": request.created_by}


def check_request(request: AlignRequest, registry: ModelRegistry) -> str:
    """The judge model to align (VALIDATION_FAILED when it cannot be)."""
    errors: list[FieldError] = []
    if not alignable(request.rule_type):
        errors.append(FieldError("ruleType", f"{request.rule_type!r} cannot be aligned: its "
                                 "judging examples (if it has any) cannot carry a reviewer's "
                                 "pass/fail; alignable: " + ", ".join(alignable_rule_types())))
    if request.language not in LANGUAGES:
        errors.append(FieldError("language", f"expected one of {', '.join(LANGUAGES)}"))
    client = registry.get("JUDGE")
    if client is None:
        errors.append(FieldError("judgeModel", "no JUDGE model is configured"))
    elif request.judge_model is not None and request.judge_model != client.model:
        errors.append(FieldError("judgeModel", f"the configured JUDGE model is {client.model!r}:"
                                 " the held-out items must be judged by the same model"))
    if errors or client is None:
        raise ValidationFailed(errors)
    return str(client.model)


async def align(request: AlignRequest, source: ReviewSource, registry: ModelRegistry,
                cache: ResponseCache | None) -> AlignmentRow:
    """Run one alignment attempt and record it (see the module docstring)."""
    return await alignments.write(await evaluate(request, source, registry, cache))


async def evaluate(request: AlignRequest, source: ReviewSource, registry: ModelRegistry,
                   cache: ResponseCache | None) -> Outcome:
    """The attempt's outcome, nothing written yet (the caller records it, fenced when it
    runs in the background)."""
    model = check_request(request, registry)
    items = [i for i in await source(request.rule_type, request.language)
             if i.rule_type == request.rule_type and i.language == request.language
             and (i.judge_model is None or i.judge_model == model)]
    split = stratified_split(items, request.seed)
    current = await active_revision(request.rule_type, request.language, model)
    base: dict[str, Any] = {
        **request_fields(request, model), "reviewed": len(items),
        "corrections": sum(i.corrected for i in items), "held_out": len(split.held_out),
        "split": split.as_json(), "base_revision": current.number if current else None}
    refused = refusal_reason(request.rule_type, request.language, len(split.held_out))
    if refused is not None:
        return Outcome({**base, "decision": REFUSED, "reason": refused})
    by_id = {i.item_id: i for i in items}
    train = [by_id[k] for k in split.train]
    corrected = [i for i in train if i.corrected]
    # Only corrections the rule's example can state (domain/alignment/example_shapes.py).
    expressible = {i.item_id: e for i in corrected if (e := example_of(i)) is not None}
    chosen = choose([i for i in corrected if i.item_id in expressible], request.strategy,
                    MAX_EXAMPLES)
    examples = [expressible[i.item_id] for i in chosen]
    base["candidate_examples"] = [{**e, "itemId": i.item_id} for e, i in zip(examples, chosen,
                                                                            strict=True)]
    if not examples:
        return Outcome({**base, "decision": REJECTED,
                        "reason": _nothing_to_learn(request.rule_type, len(corrected))})
    held_out = [by_id[k] for k in split.held_out]
    before_overlay = RevisionOverlay([active_of(current)] if current else [])
    candidate = ActiveRevision(request.rule_type, request.language, model,
                               (current.number if current else 0) + 1, tuple(examples))
    errors: dict[str, str] = {}
    before = await rejudge(held_out, registry, cache, before_overlay, errors)
    after = await rejudge(held_out, registry, cache, RevisionOverlay([candidate]), errors)
    verdicts = [HeldOutVerdict(i.item_id, b, a, i.human_passed) for i in held_out
                if (b := before.get(i.item_id)) is not None
                and (a := after.get(i.item_id)) is not None]
    unjudged = len(held_out) - len(verdicts)
    refused = refusal_reason(request.rule_type, request.language, len(verdicts))
    if refused is not None:
        # The judge model failing is no verdict on the reviews: FAILED, with its error.
        first = next(iter(errors.values()), "")
        return Outcome({**base, "decision": FAILED, "reason": (
            f"the judge could not judge {unjudged} of {len(held_out)} held-out items again "
            f"(first error: {first}): {refused}; nothing adopted")})
    result = measure(verdicts)
    return Outcome({**base, "decision": ADOPTED if result.adopt else REJECTED,
                    "reason": _reason(result), "measurement": _measurement(result, unjudged)},
                   examples if result.adopt else None)


def _nothing_to_learn(rule_type: str, corrections: int) -> str:
    if corrections == 0:
        return "no reviewer corrections in the train part: nothing to learn from"
    return (f"none of the {corrections} corrections in the train part can be written as a "
            f"{rule_type} judging example (its example cannot state that reviewer verdict): "
            "nothing to learn from")


def _reason(result: GateResult) -> str:
    verdict = ("adopted: the lower bound of Δκ's 95 % interval is above 0" if result.adopt
               else "not adopted: the 95 % interval of Δκ does not exclude 0 or less")
    return (f"{verdict} (κ {_f(result.before.kappa)} → {_f(result.after.kappa)}, "
            f"Δκ {result.delta_kappa:+.3f} [{result.delta_ci.low:+.3f}, "
            f"{result.delta_ci.high:+.3f}]; agreement {result.before.agreement:.1%} → "
            f"{result.after.agreement:.1%} on {result.before.reviewed} held-out reviews)")


def _f(kappa: float | None) -> str:
    return "undefined" if kappa is None else f"{kappa:.3f}"


def _side(agreement: Any, low: float, high: float) -> dict[str, Any]:
    return {"reviewed": agreement.reviewed, "agreed": agreement.agreed,
            "agreement": agreement.agreement, "kappa": agreement.kappa,
            "kappaLow": low, "kappaHigh": high}


def _measurement(result: GateResult, unjudged: int) -> dict[str, Any]:
    return {"before": _side(result.before, result.kappa_before_ci.low,
                            result.kappa_before_ci.high),
            "after": _side(result.after, result.kappa_after_ci.low, result.kappa_after_ci.high),
            "deltaKappa": result.delta_kappa, "deltaLow": result.delta_ci.low,
            "deltaHigh": result.delta_ci.high, "unjudged": unjudged,
            "method": "paired bootstrap over held-out items, 95 % percentile interval",
            "resamples": BOOTSTRAP_RESAMPLES, "bootstrapSeed": BOOTSTRAP_SEED}


def held_out_items(row: AlignmentRow, items: Sequence[ReviewedJudgement]
                   ) -> list[ReviewedJudgement]:
    """The items of a recorded attempt's held-out part (to re-measure or to show them)."""
    held = set((row.split or {}).get("heldOut") or [])
    return [i for i in items if i.item_id in held]
