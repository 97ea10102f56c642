"""Shared machinery of the JUDGE rules: prompt, JSON answer, n-sample vote, cache, audit detail.

A JUDGE rule builds its messages (the prompt must say "JSON"), a JSON Schema
for the answer and a `verdict_of(answer) -> dict` that keeps only what
decides the verdict. `ask_judge` then asks the JUDGE model `samples` times
(each sample with its own `sample_index`, so each has its own cache entry),
votes on the verdicts (ties go to the first sample) and returns the winning
answer plus `detail.judge`:

    {"model", "prompt_version", "revision"?, "samples": [verdict, …], "agreement",
     "cached", "raw_output", "usage"?}

`revision` is the label of the judge revision (an overlay of judging examples learnt
from reviewers, domain/alignment/revisions.py) whose examples were in the prompt.

`cached` is true when every sample came from the response cache; `usage`
(tokens spent by this evaluation) is present only when something was not.
The client checks the answer against the schema and sends one corrective
follow-up; what is still invalid after that is a `ModelCallError`, which
`judge_error` turns into an error result (passed false, score 0) — never a
pass or a fail.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from agenteval.domain.alignment.examples import merged_examples
from agenteval.domain.alignment.revisions import RevisionOverlay
from agenteval.domain.judging.cases import RuleResult, Turn
from agenteval.llm.cache import ResponseCache
from agenteval.llm.client import USAGE_KEYS, ChatResult, ModelClient
from agenteval.llm.errors import ModelCallError
from agenteval.llm.vote import sample_votes
from agenteval.rules.base import ModelProvider, RuleScope, last_reply_or_failure
from agenteval.rules.dialog_format import DialogText, format_dialog, render_turn
from agenteval.rules.judged.judging_examples import MAX_EXAMPLES, is_chinese

logger = logging.getLogger(__name__)
JUDGE_ROLE = "JUDGE"

SYSTEM_PROMPT = (
    "You are a careful, impartial evaluator of conversations between a user and an AI "
    "agent (a customer-service bot or assistant). Judge only from the dialog you are "
    "given; do not assume anything that is not in it. Turns are numbered "
    "`[turn i]`; when you cite a turn use that number. A line like `[… turns 3–17 "
    "elided …]` stands for turns left out for length. Answer with a single JSON object "
    "exactly as asked, with no other text."
)

VerdictOf = Callable[[dict[str, Any]], dict[str, Any]]


@dataclass(frozen=True)
class JudgeAnswer:
    """The winning sample's JSON answer and the audit record for `detail.judge`."""

    data: dict[str, Any]
    judge: dict[str, Any]


def judge_client(models: ModelProvider) -> ModelClient | None:
    return models.get(JUDGE_ROLE)


def response_cache_of(models: ModelProvider) -> ResponseCache | None:
    """The response cache the provider offers (`models.response_cache`), if any."""
    return getattr(models, "response_cache", None)


def dialog_for(dialog: Sequence[Turn], scope: RuleScope, max_chars: int,
               keep_keywords: Sequence[str] = ()) -> DialogText:
    """What the judge reads: the whole dialog (shortened if long, keeping the turns that
    mention `keep_keywords`) or only the last turn."""
    if scope == "last_turn" and dialog:
        return DialogText(render_turn(dialog[-1]))
    return format_dialog(dialog, max_chars, keep_keywords)


def nothing_to_judge(rule_type: str, dialog: Sequence[Turn], scope: RuleScope
                     ) -> RuleResult | None:
    """A failing verdict when there is no reply to judge (no turns, or last turn failed)."""
    if not dialog or scope == "last_turn":
        reply = last_reply_or_failure(rule_type, dialog)
        return reply if isinstance(reply, RuleResult) else None
    return None


def verdict_key(verdict: dict[str, Any]) -> str:
    return json.dumps(verdict, sort_keys=True, ensure_ascii=False)


async def ask_judge(client: ModelClient, *, messages: list[dict[str, Any]],
                    schema: dict[str, Any], prompt_version: str, samples: int,
                    cache: ResponseCache | None, verdict_of: VerdictOf,
                    revision: str | None = None) -> JudgeAnswer:
    """Ask `samples` times, vote on `verdict_of(answer)`; raises ModelCallError."""

    def call(index: int) -> Awaitable[ChatResult]:
        return client.chat(messages, json_schema=schema, cache=cache, sample_index=index,
                           schema_name=prompt_version.split("/")[0], cache_scope=revision)

    vote = await sample_votes(samples, call, key=lambda r: verdict_key(_verdict(r, verdict_of)))
    winner = vote.winner
    judge: dict[str, Any] = {
        "model": client.model,
        "prompt_version": prompt_version,
        **({"revision": revision} if revision else {}),
        "samples": [_verdict(result, verdict_of) for result in vote.samples],
        "agreement": round(vote.agreement, 4),
        "cached": all(result.cached for result in vote.samples),
        "raw_output": winner.text,
    }
    fresh = [result for result in vote.samples if not result.cached]
    if fresh:
        judge["usage"] = {key: sum(r.usage.get(key, 0) for r in fresh) for key in USAGE_KEYS}
    assert winner.data is not None  # a schema was given, so the client validated the object
    return JudgeAnswer(winner.data, judge)


@dataclass(frozen=True)
class JudgedDialog:
    """What the judge answered about a dialog, and the dialog text it read."""

    answer: JudgeAnswer
    text: DialogText

    @property
    def extra(self) -> dict[str, Any]:
        return common_detail(self.text)


async def judge_dialog(rule_type: str, dialog: Sequence[Turn], models: ModelProvider, *,
                       scope: RuleScope, samples: int, cache: bool, prompt_version: str,
                       messages: Callable[[str], list[dict[str, Any]]], schema: dict[str, Any],
                       verdict_of: VerdictOf,
                       error_detail: dict[str, Any] | None = None,
                       keep_keywords: Sequence[str] = (),
                       revisable: RevisableExamples | None = None) -> JudgedDialog | RuleResult:
    """The steps every JUDGE rule shares; a RuleResult when the dialog cannot be judged.

    No reply to judge → a failing verdict; no JUDGE model → an error result; the
    model failing after its retries → a MODEL_ERROR result with `error_detail`.
    With `revisable`, the active judge revision's examples (if any) join the rule's own
    and its label is recorded and keys the cache.
    """
    nothing = nothing_to_judge(rule_type, dialog, scope)
    if nothing is not None:
        return nothing
    client = judge_client(models)
    if client is None:
        return RuleResult.failed_to_run(rule_type, f"{rule_type} needs a JUDGE model")
    text = dialog_for(dialog, scope, client.endpoint.max_dialog_chars, keep_keywords)
    prompt, revision = messages(text.text), None
    if revisable is not None:
        prompt, revision = revised_prompt(models, rule_type, client.model, text.text, revisable)
    try:
        answer = await ask_judge(client, messages=prompt, schema=schema,
                                 prompt_version=prompt_version, samples=samples,
                                 cache=response_cache_of(models) if cache else None,
                                 verdict_of=verdict_of, revision=revision)
    except ModelCallError as error:
        return judge_error(rule_type, error, client, prompt_version,
                           {**(error_detail or {}), **common_detail(text)})
    return JudgedDialog(answer, text)


def _any_example(example: Mapping[str, Any]) -> bool:
    return True


@dataclass(frozen=True)
class RevisableExamples:
    """A rule whose `examples` a judge revision may add to: its own examples, how its
    prompt is written with a given list of them, and which of a revision's examples fit
    this rule (an intent in its taxonomy, its dimension, one of its slots)."""

    own: Sequence[dict[str, Any]]
    messages: Callable[[str, list[dict[str, Any]]], list[dict[str, Any]]]
    fits: Callable[[Mapping[str, Any]], bool] = _any_example


def revised_prompt(models: ModelProvider, rule_type: str, model: str, dialog_text: str,
                   revisable: RevisableExamples) -> tuple[list[dict[str, Any]], str | None]:
    """The prompt with the active revision's examples for the dialog's language, and the
    revision's label (None, and the rule's own examples only, when none is active)."""
    overlay: RevisionOverlay | None = getattr(models, "judge_revisions", None)
    language = "zh" if is_chinese(dialog_text) else "en"
    active = overlay.lookup(rule_type, language, model) if overlay is not None else None
    if active is None or not active.examples:
        return revisable.messages(dialog_text, list(revisable.own)), None
    fitting = [dict(e) for e in active.examples if revisable.fits(e)]
    examples = merged_examples(revisable.own, fitting, MAX_EXAMPLES)
    if len(examples) == len(revisable.own):  # the rule's own fill the cap: nothing added
        return revisable.messages(dialog_text, examples), None
    return revisable.messages(dialog_text, examples), active.label


def _verdict(result: ChatResult, verdict_of: VerdictOf) -> dict[str, Any]:
    return verdict_of(result.data or {})


def judge_error(rule_type: str, error: ModelCallError, client: ModelClient,
                prompt_version: str, detail: dict[str, Any] | None = None) -> RuleResult:
    """The MODEL_ERROR result of a judge call that failed after its retries."""
    return RuleResult.failed_to_run(rule_type, error.message, detail={
        **(detail or {}),
        "judge": {"model": client.model, "prompt_version": prompt_version,
                  "error_kind": error.kind, "status": error.status},
    })


def common_detail(text: DialogText) -> dict[str, Any]:
    """`dialog_truncated` when the dialog was shortened for the prompt."""
    return {"dialog_truncated": text.truncation} if text.truncation else {}


async def cached_model_call(cache: ResponseCache | None, key: str,
                            call: Callable[[], Awaitable[dict[str, Any]]]
                            ) -> tuple[dict[str, Any], bool]:
    """`call()`'s JSON-able answer, from `cache` under `key` when stored; (answer, cached).

    For EMBEDDING and MODERATION calls, which the client does not cache itself.
    A broken cache never fails the call.
    """
    if cache is not None:
        try:
            hit = await cache.get(key)
        except Exception:
            logger.exception("response cache read failed; asking the model")
            hit = None
        if hit is not None:
            return hit, True
    answer = await call()
    if cache is not None:
        try:
            await cache.set(key, answer)
        except Exception:  # the answer is still good; only the next run pays again
            logger.exception("response cache write failed")
    return answer, False
