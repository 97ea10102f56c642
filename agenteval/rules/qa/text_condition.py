"""A text condition on one utterance: phrases matched exactly, as keywords, by regex or by
the calibrated offline similarity — compiled once, one regex search per utterance.

- `keywords` (default): the phrases, normalised like the text (NFKC, case-folded), as
  substrings; ASCII phrases match whole words only (`hi` is not in "this") unless
  `whole_words: false`; `mode: all` needs every phrase in the same utterance;
- `exact`: the phrase as written (NFKC, whitespace collapsed; case kept);
- `regex`: regular expressions (Python syntax, run on RE2 in linear time: no lookaround,
  no backreferences — see rules/user_patterns.py) searched in the normalised text;
- `similarity`: a sentence of the utterance is at least `threshold` similar to a phrase,
  by semantic_similarity's offline measure (the embedded model, else the lexical one)
  with its contrast check, so "已为您取消预约" does not pass for "已为您预约".

`ignore_spacing` matches against the compact form (spaces and separators removed) and
`unless` lists phrases that veto a match in the same utterance (negations: 无法保证,
"cannot guarantee").
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from typing import Any, Literal

from agenteval.rules import user_patterns
from agenteval.rules.qa.dialog import Utterance, compact, normalise
from agenteval.rules.qa.literal_prefilter import Prefiltered

MatchMethod = Literal["keywords", "exact", "regex", "similarity"]
MATCH_METHODS: tuple[MatchMethod, ...] = ("keywords", "exact", "regex", "similarity")
_SENTENCES = re.compile(r"[。！？!?\n;；]+|(?<=[a-z0-9])\.\s")
_ASCII_WORD = re.compile(r"^[\x00-\x7f]+$")


def condition_properties() -> dict[str, Any]:
    """The JSON Schema properties of a text condition (shared by the QA operators)."""
    return {
        "match": {"enum": list(MATCH_METHODS), "default": "keywords",
                  "title": "Match method", "description":
                      "keywords: substrings (normalised); exact: as written; regex; "
                      "similarity: offline semantic similarity with the contrast check",
                  "x-i18n": {"zh": {"title": "匹配方式", "description":
                      "keywords：关键词（归一化后）；exact：原文精确匹配；regex：正则；"
                      "similarity：离线语义相似度（含反义/否定检查）"}}},
        "phrases": {"type": "array", "items": {"type": "string", "minLength": 1},
                    "minItems": 1, "title": "Phrases", "description":
                        "the words, phrases, patterns or reference sentences",
                    "x-i18n": {"zh": {"title": "话术/关键词",
                                      "description": "关键词、短语、正则或参考话术"}}},
        "mode": {"enum": ["any", "all"], "default": "any", "title": "Mode",
                 "description": "any: one phrase is enough; all: every phrase in one utterance",
                 "x-i18n": {"zh": {"title": "命中方式",
                                   "description": "any：任一即可；all：同一句内全部出现"}}},
        "whole_words": {"type": "boolean", "default": True, "title": "Whole words",
                        "description": "ASCII phrases match whole words only",
                        "x-i18n": {"zh": {"title": "整词匹配",
                                          "description": "英文短语只按整词匹配"}}},
        "ignore_spacing": {"type": "boolean", "default": False,
                           "title": "Ignore spacing", "description":
                               "match with spaces and separators (. - _ * · /) removed",
                           "x-i18n": {"zh": {"title": "忽略空格与分隔符", "description":
                               "去掉空格和分隔符（. - _ * · /）后再匹配，防止“退 款”式规避"}}},
        "unless": {"type": "array", "items": {"type": "string", "minLength": 1},
                   "title": "Unless", "description":
                       "phrases (keywords) that cancel a match in the same utterance",
                   "x-i18n": {"zh": {"title": "排除词",
                                     "description": "同一句中出现这些词（如否定）则不算命中"}}},
        "threshold": {"type": "number", "minimum": 0, "maximum": 1,
                      "title": "Similarity threshold", "description":
                          "similarity only; default: the calibrated threshold of the method",
                      "x-i18n": {"zh": {"title": "相似度阈值",
                                        "description": "仅 similarity；默认取该方法的校准阈值"}}},
    }


CONDITION_FIELDS = tuple(condition_properties())


def condition_schema(**extra: Any) -> dict[str, Any]:
    """A nested condition object (anchors, `then`), with `role` and any `extra` fields."""
    return {"type": "object", "additionalProperties": False, "required": ["phrases"],
            "properties": {"role": role_property(), **condition_properties(), **extra}}


def role_property(default: str = "bot") -> dict[str, Any]:
    return {"enum": ["bot", "user", "both"], "default": default, "title": "Who says it",
            "description": "bot, user or both: the user saying a phrase is not the bot saying it",
            "x-i18n": {"zh": {"title": "角色", "description":
                              "bot（坐席/机器人）、user（客户）或 both：客户说的不算机器人说的"}}}


def regex_problems(params: dict[str, Any], path: str = "") -> list[tuple[str, str]]:
    """Patterns that do not compile or that RE2 cannot run, for `check_params`."""
    if params.get("match") != "regex":
        return []
    problems = []
    for index, pattern in enumerate(params.get("phrases") or []):
        problem = user_patterns.pattern_problem(pattern)
        if problem is not None:
            problems.append((f"{path}phrases[{index}]", problem))
    return problems


class TextCondition:
    """A compiled text condition; `find` answers the matched phrase or None."""

    def __init__(self, phrases: Sequence[str], match: MatchMethod = "keywords",
                 mode: Literal["any", "all"] = "any", whole_words: bool = True,
                 ignore_spacing: bool = False, unless: Sequence[str] = (),
                 threshold: float | None = None) -> None:
        self.phrases = tuple(phrases)
        self.match = match
        self.mode = mode
        self.whole_words = whole_words
        self.ignore_spacing = ignore_spacing
        self.threshold = threshold
        # One alternation for `any` (a single search per utterance), one pattern per
        # phrase for `all`; `unless` as keywords.
        patterns = [self._pattern(p) for p in self.phrases]
        # Regexes search the case-folded text: their own capitals must not miss (HC\d{10}).
        # Each regex phrase carries its required literals (literal_prefilter.py): a reply
        # without any of them is not scanned.
        # The author's regexes run on RE2 (linear); keywords and exact phrases are escaped
        # literals with our own word-boundary lookarounds, linear on `re` already.
        regex = match == "regex"
        flags = re.IGNORECASE if regex else 0
        self._any = Prefiltered("|".join(f"(?:{p})" for p in patterns), flags, linear=regex)
        self._each = [Prefiltered(p, flags, linear=regex) for p in patterns]
        vetoes = "|".join(re.escape(self._form(normalise(u))) for u in unless)
        self._unless = re.compile(vetoes) if vetoes else None

    @classmethod
    def of(cls, params: dict[str, Any]) -> TextCondition:
        return cls(params["phrases"], params.get("match", "keywords"),
                   params.get("mode", "any"), params.get("whole_words", True),
                   params.get("ignore_spacing", False), params.get("unless") or (),
                   params.get("threshold"))

    def _form(self, norm: str) -> str:
        return compact(norm) if self.ignore_spacing else norm

    def _pattern(self, phrase: str) -> str:
        if self.match == "regex":
            return phrase
        text = self._form(normalise(phrase))
        escaped = re.escape(text)
        if self.whole_words and _ASCII_WORD.match(text) and not self.ignore_spacing:
            return rf"(?<![a-z0-9]){escaped}(?![a-z0-9])"
        return escaped

    def find(self, utterance: Utterance) -> str | None:
        """The phrase (as matched) this utterance satisfies the condition with, or None."""
        if self.match == "exact":
            return self._find_exact(utterance)
        if self.match == "similarity":
            return self._find_similar(utterance)
        text = utterance.compact if self.ignore_spacing else utterance.norm
        if self._unless is not None and self._unless.search(text):
            return None
        if self.mode == "all":
            found = [p.search(text) for p in self._each]
            return "+".join(m.group(0) for m in found if m) if all(found) else None
        if self.match == "regex":  # one search per phrase: each keeps its own prefilter
            hit = next((m for p in self._each if (m := p.search(text)) is not None), None)
        else:
            hit = self._any.search(text)
        return hit.group(0) if hit else None

    def _find_exact(self, utterance: Utterance) -> str | None:
        text = " ".join(unicodedata.normalize("NFKC", utterance.text).split())
        found = [p for p in self.phrases if " ".join(unicodedata.normalize("NFKC", p).split())
                 in text]
        if self.mode == "all":
            return "+".join(found) if len(found) == len(self.phrases) else None
        return found[0] if found else None

    def _find_similar(self, utterance: Utterance) -> str | None:
        best = best_similarity(utterance.text, self.phrases)
        if best is None:
            return None
        phrase, score, threshold = best
        return phrase if score >= (self.threshold if self.threshold is not None
                                   else threshold) else None


def best_similarity(text: str, phrases: Sequence[str]) -> tuple[str, float, float] | None:
    """(phrase, best score over the text's sentences, the method's default threshold)."""
    from agenteval.rules.similarity.contrast_similarity import contrast_aware_similarity
    from agenteval.rules.similarity.embedded_model import (
        EmbeddedModelMissing,
        embedded_similarity,
    )
    from agenteval.rules.similarity.lexical_similarity import lexical_similarity
    from agenteval.rules.similarity.semantic_similarity import (
        LEXICAL_THRESHOLD,
        embedded_threshold,
    )

    sentences = [s.strip() for s in _SENTENCES.split(text) if s and s.strip()] or [text]
    if not text.strip():
        return None
    best: tuple[str, float, float] | None = None
    for phrase in phrases:
        for sentence in sentences:
            try:
                score, _ = contrast_aware_similarity(phrase, sentence, embedded_similarity)
                threshold = embedded_threshold(phrase)
            except EmbeddedModelMissing:
                score, _ = contrast_aware_similarity(phrase, sentence, lexical_similarity)
                threshold = LEXICAL_THRESHOLD
            if best is None or score > best[1]:
                best = (phrase, score, threshold)
    return best
