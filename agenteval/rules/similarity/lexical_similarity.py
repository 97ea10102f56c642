"""Built-in text similarity without a model: character n-gram (1–3) TF-IDF cosine.

Characters rather than words, so Chinese (no spaces) and English both work.
IDF is computed over the two texts being compared (smoothed as in
scikit-learn), which down-weights nothing they share and up-weights n-grams
only one of them has — the cosine then rewards shared content.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections import Counter

NGRAM_SIZES = (1, 2, 3)
_NOT_WORD = re.compile(r"[\W_]+", re.UNICODE)


def normalise(text: str) -> str:
    """Case-folded, NFKC (full-width → half-width), punctuation and spacing collapsed."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    return _NOT_WORD.sub(" ", folded).strip()


def char_ngrams(text: str) -> Counter[str]:
    """Counts of every 1-, 2- and 3-character run that does not cross a space."""
    counts: Counter[str] = Counter()
    for size in NGRAM_SIZES:
        for start in range(len(text) - size + 1):
            gram = text[start:start + size]
            if " " not in gram:
                counts[gram] += 1
    return counts


def lexical_similarity(first: str, second: str) -> float:
    """Cosine of the two texts' TF-IDF vectors, in [0, 1]; 0.0 when either is empty."""
    grams_a, grams_b = char_ngrams(normalise(first)), char_ngrams(normalise(second))
    if not grams_a or not grams_b:
        return 0.0
    documents = 2

    def idf(gram: str) -> float:
        frequency = (gram in grams_a) + (gram in grams_b)
        return math.log((1 + documents) / (1 + frequency)) + 1
    vector_a = {gram: count * idf(gram) for gram, count in grams_a.items()}
    vector_b = {gram: count * idf(gram) for gram, count in grams_b.items()}
    dot = sum(weight * vector_b[gram] for gram, weight in vector_a.items() if gram in vector_b)
    norm = math.sqrt(sum(w * w for w in vector_a.values())) * math.sqrt(
        sum(w * w for w in vector_b.values()))
    return max(0.0, min(1.0, dot / norm))
