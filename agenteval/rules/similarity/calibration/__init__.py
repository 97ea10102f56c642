"""The labelled pairs `semantic_similarity`'s default thresholds were chosen on, and the
measures used to choose them (ROC AUC, balanced accuracy).

`semantic_similarity_pairs.jsonl`: 242 pairs written for this project, half
English, half Chinese, in customer-service language. Each line is
{"a", "b", "same_meaning", "lang", "kind"} where kind is
- "paraphrase": different words, same meaning (same_meaning true);
- "same_words_other_meaning": mostly the same words, another meaning (a
  negation, swapped roles or times) — the hard negatives;
- "unrelated": a reply about something else from the same domain.

Every reference sentence (`a`) has one paraphrase and one hard negative (22 also
an unrelated reply). `development_half` splits the set by reference sentence, so
both pairs of a sentence fall on the same side: the contrast lexicon and every
setting of `contrast_similarity` were chosen looking at the development half
only; the other half is held out to measure them.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

PAIRS_FILE = Path(__file__).parent / "semantic_similarity_pairs.jsonl"


@dataclass(frozen=True)
class LabelledPair:
    a: str
    b: str
    same_meaning: bool
    lang: str
    kind: str


def load_pairs(path: Path = PAIRS_FILE) -> list[LabelledPair]:
    with path.open(encoding="utf-8") as lines:
        return [LabelledPair(**json.loads(line)) for line in lines if line.strip()]


def development_half(pairs: Sequence[LabelledPair]) -> set[str]:
    """The reference sentences of the development half: the first half of them in the
    order of their SHA-256 (deterministic, blind to labels and scores)."""
    references = sorted({p.a for p in pairs},
                        key=lambda a: hashlib.sha256(a.encode("utf-8")).hexdigest())
    return set(references[:len(references) // 2])


def labelled(scores: Sequence[float], pairs: Sequence[LabelledPair],
             chosen: Callable[[LabelledPair], bool]) -> tuple[list[float], list[bool]]:
    """The scores of the chosen pairs (`scores[i]` is `pairs[i]`'s) and their labels."""
    kept = [(s, p.same_meaning) for s, p in zip(scores, pairs, strict=True) if chosen(p)]
    return [s for s, _ in kept], [label for _, label in kept]


def roc_auc(scores: Sequence[float], labels: Sequence[bool]) -> float:
    """Probability that a random positive scores above a random negative (ties count ½)."""
    positives = [s for s, label in zip(scores, labels, strict=True) if label]
    negatives = [s for s, label in zip(scores, labels, strict=True) if not label]
    wins = sum((p > n) + 0.5 * (p == n) for p in positives for n in negatives)
    return wins / (len(positives) * len(negatives))


def balanced_accuracy(scores: Sequence[float], labels: Sequence[bool], threshold: float) -> float:
    """Mean of the true-positive and true-negative rates when `score ≥ threshold` passes."""
    positives = [s >= threshold for s, label in zip(scores, labels, strict=True) if label]
    negatives = [s < threshold for s, label in zip(scores, labels, strict=True) if not label]
    return (sum(positives) / len(positives) + sum(negatives) / len(negatives)) / 2


def best_threshold(scores: Sequence[float], labels: Sequence[bool]) -> float:
    """The threshold on a 0.05 grid with the highest balanced accuracy (the lowest on ties)."""
    grid = [round(step * 0.05, 2) for step in range(1, 20)]
    return max(grid, key=lambda t: (balanced_accuracy(scores, labels, t), -t))
