"""Where each built-in rule type is declared, read from the rule modules themselves.

A rule module declares its type once, `NAME = "keyword_match"` and
`@register_rule(name=NAME, …)`. The registry (`registry.RULES`) imports a built-in
rule's module the first time its type is looked up, so a gate whose scenario names three
rule types imports those three modules, not the 25 rules with their judges, QA operators
and lexicons. The index is read from the modules' source, never by importing them: some
modules of a group are tools with work of their own at import (the QA docs' examples
load the demo scorecard). Adding a rule needs no second list;
tests/rules/test_builtin_index.py checks the index names exactly the types that
importing every rule module registers.
"""

from __future__ import annotations

import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
# The one way a built-in module declares its rule type (every one is written so).
_DECLARED_NAME = re.compile(r'^NAME = "([a-z][a-z0-9_]*)"$', re.MULTILINE)
_REGISTERS_NAME = "@register_rule(name=NAME"


class UndeclaredRuleName(RuntimeError):
    """A rule module registers `NAME` without declaring it as the index reads it."""


def builtin_rule_modules() -> dict[str, str]:
    """Built-in rule type → the module that registers it (the groups' modules, ~2 ms)."""
    index: dict[str, str] = {}
    for path in sorted(HERE.glob("*/*.py")):
        source = path.read_text(encoding="utf-8")
        if _REGISTERS_NAME not in source:
            continue
        declared = _DECLARED_NAME.search(source)
        if declared is None:
            raise UndeclaredRuleName(f"{path}: registers a rule without a top-level "
                                     'NAME = "…" line')
        index[declared.group(1)] = f"agenteval.rules.{path.parent.name}.{path.stem}"
    return index
