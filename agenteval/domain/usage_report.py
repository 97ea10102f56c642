"""The "Model usage" section of run and eval reports, and the CLI's one-line usage."""

from __future__ import annotations

from agenteval.domain.eval_language import Language
from agenteval.domain.model_costs import UsageTotals
from agenteval.domain.report_words import words


def format_cost(totals: UsageTotals, lang: Language = "en") -> str:
    """`0.0042 CNY`, `0` when nothing was spent, `unknown` when a model has no price."""
    if totals.estimated_cost is None:
        return words(lang, "unknown (a model used has no price in AGENTEVAL_MODEL_PRICES)")
    if not totals.estimated_cost:
        return "0"
    return f"{totals.estimated_cost:.6g} {totals.currency or ''}".rstrip()


def cache_note(totals: UsageTotals, lang: Language = "en") -> str:
    if not totals.cached_calls:
        return ""
    return words(lang, "{calls} answers from the response cache ({tokens} tokens) were not "
                       "calls and cost nothing.",
                 calls=totals.cached_calls, tokens=totals.cached_tokens)


def usage_section(totals: UsageTotals, lang: Language = "en") -> str:
    """Markdown: calls, tokens and estimated cost, then what the response cache saved."""
    lines = [words(lang, "## Model usage"), ""]
    if not totals.model_calls and not totals.cached_calls:
        lines.append(words(lang, "No model calls."))
    else:
        lines += [words(lang, "| Model calls | Prompt tokens | Completion tokens | "
                              "Estimated cost |"),
                  "|---|---|---|---|",
                  f"| {totals.model_calls} | {totals.prompt_tokens} | "
                  f"{totals.completion_tokens} | {format_cost(totals, lang)} |"]
        if totals.cached_calls:
            lines += ["", cache_note(totals, lang)]
    return "\n".join(lines) + "\n"


def usage_line(totals: UsageTotals) -> str:
    """One line for the CLI summary."""
    line = (f"{totals.model_calls} calls, {totals.prompt_tokens} + {totals.completion_tokens} "
            f"tokens, cost {format_cost(totals)}")
    if totals.cached_calls:
        line += f", {totals.cached_calls} cached"
    return line
