"""A scorecard checked and compiled once, then run on conversation after conversation.

`load_scorecard(data)` = the domain's document checks + each item's check validated as a
registered rule (type known, params valid) + anchors naming existing items without a
cycle; its word libraries are registered. `compile_scorecard` builds every item's
evaluator once. `score_conversation` judges one conversation: QA operators through their
synchronous core on a `QaDialog` normalised once; any other rule (an LLM dimension,
`task_completion`, …) through `run_rule` on the dialog's turns. A model-judged item that
was not sampled is "not judged", never "not hit".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from agenteval.domain.field_errors import FieldErrors
from agenteval.domain.judging.cases import CaseSpec, RuleResult, RuleSpec, Turn
from agenteval.domain.scorecards.document import Scorecard, ScorecardItem, parse_scorecard
from agenteval.domain.scorecards.scoring import (
    CheckResult,
    ScorecardResult,
    item_outcome,
    result_of,
)
from agenteval.rules.base import NO_MODELS, ModelProvider
from agenteval.rules.qa.dialog import QaDialog, from_turns
from agenteval.rules.qa.operator import QaOperator
from agenteval.rules.qa.word_libraries import known_library, register_library
from agenteval.rules.registry import get_rule, run_rule, validate_rule_params

# Decides whether a model-judged item is judged on this conversation (a monitor's budget).
Sampler = Callable[[ScorecardItem, str], bool]
SCORECARD_CASE = CaseSpec(key="scorecard", messages=[])


def load_scorecard(data: Any, path: str = "scorecard") -> Scorecard:
    """The validated scorecard (its libraries registered), or ValidationFailed."""
    scorecard = parse_scorecard(data, path)
    errors = FieldErrors()
    for index, library in enumerate(scorecard.libraries):
        # A version is immutable: another content under a loaded ref would rescore silently.
        loaded = known_library(library.ref)
        if loaded is not None and loaded.content_hash != library.content_hash:
            errors.add(f"{path}.libraries[{index}]", f"{library.ref} is already loaded with other "
                       f"words: give the edited library version {library.version + 1}")
    errors.raise_if_any()
    for library in scorecard.libraries:
        register_library(library)
    ids = [item.id for item in scorecard.items]
    for index, item in enumerate(scorecard.items):
        where = f"{path}.items[{index}].check"
        # The message names the item by its id too: a path's index is hard to find in a
        # long document ("item refund_promise: phrases[0] uses what RE2 does not support…").
        errors.add_all({**problem, "message": f"item {item.id}: {problem['message']}"}
                       for problem in validate_rule_params(item.check_type, item.check_params,
                                                           f"{where}.params"))
        anchor_item = _anchor_item(item)
        if anchor_item is not None and (anchor_item not in ids
                                        or ids.index(anchor_item) >= index):
            errors.add(f"{where}.params.anchor.item",
                       "must name an item listed before this one")
    errors.raise_if_any()
    return scorecard


def _anchor_item(item: ScorecardItem) -> str | None:
    anchor = item.check_params.get("anchor")
    return anchor.get("item") if isinstance(anchor, dict) else None


@dataclass(frozen=True)
class CompiledItem:
    item: ScorecardItem
    core: QaOperator | None  # the QA operator's synchronous core; None: run as a rule
    spec: RuleSpec
    model_judged: bool


@dataclass(frozen=True)
class CompiledScorecard:
    scorecard: Scorecard
    items: tuple[CompiledItem, ...]
    # Items another item's anchor refers to: only their results are kept as context.
    referenced: frozenset[str] = frozenset()

    @property
    def model_free(self) -> bool:
        return all(c.core is not None for c in self.items)


def compile_scorecard(scorecard: Scorecard) -> CompiledScorecard:
    """Every item's evaluator built once (items are in an order anchors can follow)."""
    compiled = []
    for item in scorecard.items:
        rule = get_rule(item.check_type)
        assert rule is not None  # load_scorecard checked it
        built = rule.build(item.check_params)
        owner = getattr(built, "__self__", None)
        core = owner if owner is not None and hasattr(owner, "judge") else None
        compiled.append(CompiledItem(item, core, RuleSpec(item.check_type, item.check_params),
                                     rule.info.model_required))
    referenced = frozenset(ref for item in scorecard.items
                           if (ref := _anchor_item(item)) is not None)
    return CompiledScorecard(scorecard, tuple(compiled), referenced)


def score_qa_dialog(compiled: CompiledScorecard, dialog: QaDialog) -> ScorecardResult:
    """A model-free scorecard on one conversation, synchronously (the fast path)."""
    checks: dict[str, CheckResult] = {}
    outcomes = []
    for entry in compiled.items:
        if entry.core is None:
            check = CheckResult("not_judged", detail={"reason": "needs the dialog's turns"})
        else:
            check = _judged(entry.core, dialog, checks)
        outcome = item_outcome(entry.item, check)
        if entry.item.id in compiled.referenced:
            checks[entry.item.id] = _as_context(outcome.status, check)
        outcomes.append(outcome)
    return result_of(compiled.scorecard, outcomes)


async def score_conversation(compiled: CompiledScorecard, turns: Sequence[Turn],
                             models: ModelProvider = NO_MODELS, *,
                             conversation_id: str = "", sampler: Sampler | None = None,
                             dialog: QaDialog | None = None) -> ScorecardResult:
    """Any scorecard on one conversation's turns (QA cores and other rules alike)."""
    qa = dialog if dialog is not None else from_turns(turns)
    checks: dict[str, CheckResult] = {}
    outcomes = []
    for entry in compiled.items:
        if entry.core is not None:
            check = _judged(entry.core, qa, checks)
        elif entry.model_judged and sampler is not None \
                and not sampler(entry.item, conversation_id):
            check = CheckResult("not_judged", detail={"reason": "not sampled"})
        else:
            check = check_of(await run_rule(entry.spec, SCORECARD_CASE, turns, models))
        outcome = item_outcome(entry.item, check)
        if entry.item.id in compiled.referenced:
            checks[entry.item.id] = _as_context(outcome.status, check)
        outcomes.append(outcome)
    return result_of(compiled.scorecard, outcomes)


def _judged(core: QaOperator, dialog: QaDialog, context: dict[str, CheckResult]) -> CheckResult:
    try:
        return core.judge(dialog, context)
    except Exception as exc:  # a broken check is its item's error, never a silent "not hit"
        return CheckResult("error", error=f"{type(exc).__name__}: {exc}")


def _as_context(status: str, check: CheckResult) -> CheckResult:
    """What a later anchor reads of an item: `fail` = the item was hit (evidence kept)."""
    if status in ("error", "not_judged"):
        return check
    return CheckResult("fail" if status == "hit" else "pass", check.evidence)


def check_of(result: RuleResult) -> CheckResult:
    """Any rule's verdict as a check: QA operators' `detail.outcome` kept, evidence from
    `detail.evidence` or the red-team rules' `findings`."""
    detail = dict(result.detail)
    evidence = tuple(detail.pop("evidence", None) or detail.get("findings") or ())
    outcome = detail.pop("outcome", None)
    if result.error is not None and outcome != "not_judged":
        return CheckResult("error", evidence, detail, result.error)
    if outcome in ("not_applicable", "not_judged"):
        return CheckResult(outcome, evidence, detail)
    return CheckResult("pass" if result.passed else "fail", evidence, detail)
