"""Where two texts differ, and whether the difference flips or trades their meaning.

The two texts are split into words (English words, Chinese words from the
lexicon or else single characters), personal pronouns replaced by their person,
and aligned in order (difflib's longest matching blocks). What is left outside
the matching blocks on each side is the *edit* that turns one text into the
other. Three cues say the edit changes the meaning, NegEx-style, looking at the
edit only, so a negation both texts share cancels out:

- `negation`: one side's edit has a negation or failed-outcome word, the other's none;
- `antonym`: a word of one side's edit and a word of the other's are antonyms;
- `moved`: a content word sits in both edits, i.e. it changed place — roles traded
  ("the warranty covers parts but not labour" / "... labour but not parts",
  "we will call you" / "please call us").

`overlap` is the share of words inside the matching blocks (difflib's ratio): 1.0
for the same words in the same order, near 0 for a reworded reply.

Chinese outside the lexicon is read one character at a time, so a reordered
compound (空调维修 / 维修空调) counts as moved words too: a known false cue,
kept because leaving single characters out lost more on the development half
(role swaps such as 您的包裹放在邻居家 / 邻居的包裹放到您家) than it gained.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from difflib import SequenceMatcher

from agenteval.rules.similarity.contrast_lexicon import (
    ANTONYMS_EN,
    ANTONYMS_ZH,
    CHINESE_WORDS,
    CONTRACTION_TAILS,
    FUNCTION_WORDS,
    NEGATING_PREFIXES,
    NEGATIONS_EN,
    NEGATIONS_ZH,
    NOT_CONTRACTION_STEMS,
    PERSONS,
)

_LATIN_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
_CHINESE_RUN = re.compile(r"[\u4e00-\u9fff]+")
_LONGEST_CHINESE_WORD = max(map(len, CHINESE_WORDS))
_NEGATIONS = NEGATIONS_EN | NEGATIONS_ZH
_ANTONYMS: dict[str, set[str]] = {}
for _first, _second in ANTONYMS_EN + ANTONYMS_ZH:
    _ANTONYMS.setdefault(_first, set()).add(_second)
    _ANTONYMS.setdefault(_second, set()).add(_first)


@dataclass(frozen=True)
class ContrastCues:
    negation: bool
    antonym: bool
    moved: bool
    overlap: float
    edit_a: str   # the words of the first text outside the matching blocks
    edit_b: str

    @property
    def names(self) -> list[str]:
        return [name for name in ("negation", "antonym", "moved") if getattr(self, name)]


def words(text: str) -> list[str]:
    """Lower-cased words; English contractions expanded, Chinese segmented longest first.

    English words come before Chinese ones: a mixed text's alignment is coarser, and
    the calibration set has none.
    """
    text = unicodedata.normalize("NFKC", text).casefold().replace("’", "'")
    found: list[str] = []
    for word in _LATIN_WORD.findall(text):
        found += _expand_contraction(word)
    for run in _CHINESE_RUN.findall(text):
        found += _segment_chinese(run)
    return found


def _expand_contraction(word: str) -> list[str]:
    if word.endswith("n't"):
        stem = word[:-3]
        return [NOT_CONTRACTION_STEMS.get(stem, stem), "not"]
    stem, apostrophe, tail = word.partition("'")
    if apostrophe and tail in CONTRACTION_TAILS:
        return [stem, CONTRACTION_TAILS[tail]]
    if apostrophe and tail == "s":
        return [stem, "'s"]
    if word == "cannot":
        return ["can", "not"]
    return [word]


def _segment_chinese(run: str) -> list[str]:
    found, start = [], 0
    while start < len(run):
        for size in range(min(_LONGEST_CHINESE_WORD, len(run) - start), 0, -1):
            piece = run[start:start + size]
            if size == 1 or piece in CHINESE_WORDS:
                found.append(piece)
                start += size
                break
    return found


def _join(tokens: list[str]) -> str:
    """Words back into text: Chinese characters run together, everything else spaced."""
    text = ""
    for token in tokens:
        if text and not (_CHINESE_RUN.match(token) and _CHINESE_RUN.match(text[-1])):
            text += " "
        text += token
    return text


def contrast_cues(text_a: str, text_b: str) -> ContrastCues:
    words_a, words_b = words(text_a), words(text_b)
    seq_a = [PERSONS.get(w, w) for w in words_a]
    seq_b = [PERSONS.get(w, w) for w in words_b]
    edited_a: list[str] = []
    edited_b: list[str] = []
    spans_a: list[str] = []
    spans_b: list[str] = []
    matched = 0
    for tag, a1, a2, b1, b2 in SequenceMatcher(None, seq_a, seq_b, autojunk=False).get_opcodes():
        if tag == "equal":
            matched += a2 - a1
            continue
        edited_a += seq_a[a1:a2]
        edited_b += seq_b[b1:b2]
        spans_a.append(_join(words_a[a1:a2]))
        spans_b.append(_join(words_b[b1:b2]))
    total = len(seq_a) + len(seq_b)
    # No words on either side (emoji, punctuation): nothing aligns, nothing to say.
    overlap = 2 * matched / total if total else 0.0
    return ContrastCues(
        negation=_has_negation(edited_a) != _has_negation(edited_b),
        antonym=_has_antonym(edited_a, edited_b),
        moved=any(w not in FUNCTION_WORDS for w in set(edited_a) & set(edited_b)),
        overlap=overlap,
        edit_a=" ".join(span for span in spans_a if span),
        edit_b=" ".join(span for span in spans_b if span))


def _has_negation(edit: list[str]) -> bool:
    return any(word in _NEGATIONS for word in edit)


def _has_antonym(edit_a: list[str], edit_b: list[str]) -> bool:
    if any(other in edit_b for word in edit_a for other in _ANTONYMS.get(word, ())):
        return True
    if any(_prefixed(a, b) or _prefixed(b, a) for a in edit_a for b in edit_b):
        return True
    # Chinese antonyms inside longer words (升级 / 降到): look in each side's characters,
    # counting a pair only when each word is on its own side alone.
    chinese_a = "".join(w for w in edit_a if _CHINESE_RUN.match(w))
    chinese_b = "".join(w for w in edit_b if _CHINESE_RUN.match(w))
    return any(_one_each_side(x, y, chinese_a, chinese_b) or _one_each_side(y, x, chinese_a,
                                                                            chinese_b)
               for x, y in ANTONYMS_ZH)


def _prefixed(word: str, other: str) -> bool:
    return any(word == prefix + other for prefix in NEGATING_PREFIXES)


def _one_each_side(x: str, y: str, side_a: str, side_b: str) -> bool:
    return x in side_a and y in side_b and x not in side_b and y not in side_a
