"""The figures docs/trust.md gives for `semantic_similarity`'s offline methods.

    python -m agenteval.rules.similarity.calibration.report

ROC AUC of each method on the whole calibration set, its development and held-out
halves, and by kind of negative and language; the default thresholds with their
balanced accuracy and pass rates; the cost per pair (CPU time, after the model is
loaded).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from agenteval.rules.similarity.calibration import (
    LabelledPair,
    balanced_accuracy,
    best_threshold,
    development_half,
    labelled,
    load_pairs,
    roc_auc,
)
from agenteval.rules.similarity.contrast_similarity import contrast_aware_similarity
from agenteval.rules.similarity.embedded_model import embedded_similarity
from agenteval.rules.similarity.lexical_similarity import lexical_similarity
from agenteval.rules.similarity.semantic_similarity import LEXICAL_THRESHOLD, embedded_threshold

Measure = Callable[[str, str], float]
Chooser = Callable[[LabelledPair], bool]

METHODS: dict[str, Measure] = {
    "embedding+contrast": lambda a, b: contrast_aware_similarity(a, b, embedded_similarity)[0],
    "embedding": embedded_similarity,
    "lexical+contrast": lambda a, b: contrast_aware_similarity(a, b, lexical_similarity)[0],
    "lexical": lexical_similarity,
}
KINDS = ("paraphrase", "same_words_other_meaning", "unrelated")


def main() -> None:
    pairs = load_pairs()
    development = development_half(pairs)
    embedded_similarity("warm", "up")   # load the model outside the timing
    scores: dict[str, list[float]] = {}
    print("method               ms/pair  whole  dev    held   para-vs-hard  para-vs-unrel "
          "(en / zh)")
    for name, measure in METHODS.items():
        started = time.process_time()
        values = scores[name] = [measure(p.a, p.b) for p in pairs]
        cost = (time.process_time() - started) / len(pairs) * 1000
        hard = [_versus(values, pairs, "same_words_other_meaning", lang)
                for lang in (None, "en", "zh")]
        unrelated = [_versus(values, pairs, "unrelated", lang) for lang in (None, "en", "zh")]
        print(f"{name:20} {cost:7.2f}  {_auc(values, pairs, lambda p: True):.3f}  "
              f"{_auc(values, pairs, lambda p: p.a in development):.3f}  "
              f"{_auc(values, pairs, lambda p: p.a not in development):.3f}  "
              f"{hard[0]:.3f} ({hard[1]:.3f} / {hard[2]:.3f})  "
              f"{unrelated[0]:.3f} ({unrelated[1]:.3f} / {unrelated[2]:.3f})")
    print()
    _thresholds(pairs, development, scores)


def _auc(values: list[float], pairs: list[LabelledPair], chosen: Chooser) -> float:
    return roc_auc(*labelled(values, pairs, chosen))


def _versus(values: list[float], pairs: list[LabelledPair], kind: str, lang: str | None) -> float:
    """ROC AUC of paraphrases against one kind of negative, in one language or both."""
    return _auc(values, pairs,
                lambda p: p.kind in ("paraphrase", kind) and lang in (None, p.lang))


def _thresholds(pairs: list[LabelledPair], development: set[str],
                scores: dict[str, list[float]]) -> None:
    for name, default in (("embedding+contrast", None), ("lexical+contrast", LEXICAL_THRESHOLD)):
        for lang in ("en", "zh"):
            threshold = default if default is not None else embedded_threshold(
                next(p.a for p in pairs if p.lang == lang))

            def part(chosen: Chooser, values: list[float] = scores[name],
                     lang: str = lang) -> tuple[list[float], list[bool]]:
                return labelled(values, pairs, lambda pair: pair.lang == lang and chosen(pair))

            dev, held = part(lambda p: p.a in development), part(lambda p: p.a not in development)
            passing = {kind: _pass_rate(scores[name], pairs, lang, kind, threshold)
                       for kind in KINDS}
            print(f"{name} {lang}: default {threshold} (best on dev {best_threshold(*dev)}); "
                  f"balanced accuracy dev {balanced_accuracy(*dev, threshold):.3f} held "
                  f"{balanced_accuracy(*held, threshold):.3f}; passing: " + ", ".join(
                      f"{kind} {rate:.0%}" for kind, rate in passing.items()))


def _pass_rate(values: list[float], pairs: list[LabelledPair], lang: str, kind: str,
               threshold: float) -> float:
    chosen = [v >= threshold for v, p in zip(values, pairs, strict=True)
              if p.lang == lang and p.kind == kind]
    return sum(chosen) / len(chosen)


if __name__ == "__main__":
    main()
