"""The provenance of a plan, the sessions and a report in words (the report's Method section).

    "model `smollm2`"
    "the script: model `smollm2` gave an invalid answer (…)"
    "model `smollm2` for 3 of 5 calls, the script for 2 (timeout)"
    "the script (no model configured)"

In the report's language: the English words are templates looked up in report_words.py.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from agenteval.domain.eval_language import Language
from agenteval.domain.report_words import words

REASONS = {
    "timeout": "timed out",
    "connection": "could not be reached",
    "http_status": "answered an HTTP error",
    "bad_response": "answered something that is not an OpenAI chat completion",
    "invalid_output": "gave an invalid answer",
    "cut": "was cut at max_tokens",
    "invalid_plan": "gave a plan that failed validation twice",
    "invalid_verdict": "gave a verdict that failed validation",
}


def _code(text: Any) -> str:
    return "`" + str(text).replace("`", "'").replace("\n", " ") + "`"


def _reason_words(reason: str | None, detail: str | None, lang: Language) -> str:
    known = REASONS.get(str(reason))
    text = words(lang, known) if known else str(reason or words(lang, "failed"))
    if detail:
        short = " ".join(str(detail).split())
        text += f" ({short[:160]}{'…' if len(short) > 160 else ''})"
    return text


def describe_provenance(provenance: dict[str, Any] | None, lang: Language = "en") -> str:
    """One trail (or a merged one) in words; empty when there is none."""
    if not provenance:
        return ""
    model = provenance.get("model")
    calls = provenance.get("calls") or {}
    by_model, by_script = int(calls.get("model") or 0), int(calls.get("script") or 0)
    source = provenance.get("source")
    reason, detail = provenance.get("reason"), provenance.get("detail")
    if model is None or reason == "not_configured" and not by_model:
        return words(lang, "the script (no model configured)")
    if source == "model":
        return words(lang, "model {model}", model=_code(model))
    if source == "mixed":
        return words(lang, "model {model} for {by_model} of {total} calls, the script for "
                           "{by_script} (the model {reason})", model=_code(model),
                     by_model=by_model, total=by_model + by_script, by_script=by_script,
                     reason=_reason_words(reason, None, lang))
    return words(lang, "the script: model {model} {reason}", model=_code(model),
                 reason=_reason_words(reason, detail, lang))


def merged(trails: Iterable[dict[str, Any] | None]) -> dict[str, Any] | None:
    """Many trails of one kind (every session's verdict) as one: calls summed, the most
    frequent fallback reason kept."""
    present = [t for t in trails if t]
    if not present:
        return None
    by_model = sum(int((t.get("calls") or {}).get("model") or 0) for t in present)
    by_script = sum(int((t.get("calls") or {}).get("script") or 0) for t in present)
    reasons = Counter(str(t["reason"]) for t in present if t.get("reason"))
    models = [t.get("model") for t in present if t.get("model")]
    details = [t.get("detail") for t in present if t.get("detail")]
    if by_model and by_script:
        source = "mixed"
    else:
        source = "model" if by_model else "script"
    return {"source": source, "model": models[0] if models else None,
            "reason": reasons.most_common(1)[0][0] if reasons else None,
            "detail": details[0] if details else None,
            "calls": {"model": by_model, "script": by_script}}
