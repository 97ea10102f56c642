"""`qa_word_library`: no utterance of the role contains a word of a library (sensitive words).

The library is referred to as `name@version` (a scorecard's own `libraries`, or one the
server stores) or given inline as `words`. Matching is by Aho-Corasick over the compact
text (full-width, case, spaces and separators normalised away): substring matches, so a
negation does not excuse a forbidden word ("没有退款保证" contains 退款保证). Each word
found is one evidence entry (one occurrence).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from agenteval.domain.scorecards.document import WordLibrary
from agenteval.domain.scorecards.scoring import CheckResult
from agenteval.rules.qa.dialog import QaDialog, RoleScope
from agenteval.rules.qa.operator import (
    IF_NOT_APPLICABLE,
    Position,
    RuleShell,
    helped,
    position_properties,
    range_problem,
    select,
)
from agenteval.rules.qa.text_condition import role_property
from agenteval.rules.qa.word_libraries import WordAutomaton, automaton_for, known_library
from agenteval.rules.registry import register_rule

NAME = "qa_word_library"

PARAMS_SCHEMA: dict[str, Any] = {
    "properties": {
        "library": helped("Word library", "name@version of a stored (or the scorecard's) library",
                          "词库", "词库的 名称@版本（已保存的或评分卡自带的）",
                          type="string", pattern=r"^.+@\d+$"),
        "words": helped("Words", "inline words, when no library is named", "词条",
                        "不引用词库时直接给出的词", type="array",
                        items={"type": "string", "minLength": 1}, minItems=1),
        "role": role_property(),
        **position_properties(),
        "if_not_applicable": IF_NOT_APPLICABLE,
    },
}


def check(params: dict[str, Any]) -> list[tuple[str, str]]:
    problems = range_problem(params)
    if ("library" in params) == ("words" in params):
        problems.append(("", "give either library (name@version) or words"))
    elif "library" in params and known_library(params["library"]) is None:
        problems.append(("library", f"no word library {params['library']!r} is loaded"))
    return problems


@register_rule(name=NAME, description=(
    "QA: no utterance of the role contains a word of a named, versioned word library "
    "(Aho-Corasick; full-width, case and spacing normalised). 质检：敏感词/禁用词库（全半角、空格归一化）。"),
    scope="full_dialog", params_schema=PARAMS_SCHEMA, check_params=check)
@dataclass(frozen=True)
class QaWordLibrary(RuleShell):
    NAME = NAME
    library: str | None = None
    words: list[str] | None = None
    role: RoleScope = "bot"
    position: Position = "all"
    count: int = 1
    range: list[int] | None = None
    if_not_applicable: str = "fail"

    @cached_property
    def automaton(self) -> WordAutomaton:
        if self.words is not None:
            return automaton_for(WordLibrary("inline", 1, tuple(self.words)))
        library = known_library(self.library or "")
        if library is None:
            raise LookupError(f"no word library {self.library!r} is loaded")
        return automaton_for(library)

    def judge(self, dialog: QaDialog, context: Mapping[str, CheckResult]) -> CheckResult:
        chosen = select(dialog.of(self.role), self.position, self.count, self.range)
        if not chosen:
            return CheckResult("not_applicable",
                               detail={"reason": f"no {self.role} utterance at that position"})
        automaton = self.automaton
        evidence = []
        for utterance in chosen:
            for word, _ in automaton.find(utterance.compact):
                evidence.append(utterance.evidence(None, word=word))
        detail: dict[str, Any] = {"checked": len(chosen), "words": automaton.size}
        if self.library:
            detail["library"] = self.library
        return CheckResult("fail" if evidence else "pass", tuple(evidence), detail)
