"""Similarity that looks at what two texts do *not* share.

Bag-of-words measures (the embedded model averages word vectors; the lexical one
counts character n-grams) score "booking confirmed" against "booking cancelled"
above two different wordings of the same answer: the shared words swamp the one
that matters. So, with `overlap` the share of words two texts have in the same
order and the *edit* what is left on each side (see `contrast_cues`):

- if the edit flips or trades the meaning (a negation on one side only, an
  antonym pair, a content word that changed place), the similarity is cut by
  the squared overlap: whole × max(0, 1 − 2 × overlap²). A reworded reply
  (overlap near 0) with a stray "not" keeps nearly all its score; a copy of the
  reference with "not" inserted (overlap ≥ 0.71) drops to 0;
- otherwise the score weighs the whole texts by what differs and the edits by
  what is shared: (1 − overlap²) × whole + overlap² × similarity(edit_a, edit_b).
  A near-copy is judged by its changed words ("email shortly" / "letter by post
  in a few weeks"), a reworded reply by its whole meaning. The same text scores
  1; words only added or dropped, with no cue among them, leave the whole
  similarity.

Squaring spares reworded replies: Chinese paraphrases share many characters
(的, 了, 您) and so had overlaps of 0.1–0.5 and false cues from reordered
characters; with a linear weight (cut 1 − 1.5 × overlap) they fell below
unrelated replies. Both the factor (1.5, 2, 2.25, 3 tried) and the exponent (1,
1.5, 2) were chosen on the calibration set's development half; docs/trust.md
tells the order in which things were tried and how often the held-out half was
scored.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from agenteval.rules.similarity.contrast_cues import contrast_cues

CONTRAST_PENALTY = 2.0

Similarity = Callable[[str, str], float]


def contrast_aware_similarity(text_a: str, text_b: str,
                              similarity: Similarity) -> tuple[float, dict[str, Any]]:
    """(score in [0, 1], detail: the cues found and the overlap) for `similarity`'s measure."""
    whole = similarity(text_a, text_b)
    cues = contrast_cues(text_a, text_b)
    weight = cues.overlap ** 2
    if cues.names:
        score = whole * max(0.0, 1 - CONTRAST_PENALTY * weight)
    else:
        score = (1 - weight) * whole + weight * _edit_similarity(
            cues.edit_a, cues.edit_b, whole, similarity)
    return max(0.0, min(1.0, score)), {"contrast": cues.names, "overlap": round(cues.overlap, 4),
                                       "whole_similarity": round(whole, 4)}


def _edit_similarity(edit_a: str, edit_b: str, whole: float, similarity: Similarity) -> float:
    if not edit_a and not edit_b:
        return 1.0
    if not edit_a or not edit_b:
        # Words only added (or only dropped) and none of them a cue: nothing to compare
        # them with, so the whole texts' similarity stands ("your repair appointment is
        # booked" / "your repair is booked").
        return whole
    return similarity(edit_a, edit_b)
