"""Botium convo lines → AgentEval checks: bot texts, asserters, and what is dropped.

Botium's default matching mode (`wildcardIgnoreCase`, botium-core Defaults.js) passes
when the expected text appears in the reply, ignoring case, `*` matching anything:
a text without `*` is AgentEval's `contains` (which ignores case too), one with `*`
a case-insensitive regex. `!` in front negates a text or an asserter.
"""

from __future__ import annotations

import re

from agenteval.importers.checks import Checks, any_of, exactly
from agenteval.importers.mapping import ImportResult

# Botium's asserters, logic hooks and user inputs (botium-core LogicHookConsts.js).
RICH_CONTENT = {"BUTTONS", "BUTTONS_COUNT", "BUTTONS_COUNT_REC", "MEDIA", "MEDIA_COUNT",
                "MEDIA_COUNT_REC", "CARDS", "CARDS_COUNT", "CARDS_COUNT_REC", "FORMS"}
NLU = {"ENTITIES", "ENTITY_VALUES", "ENTITY_CONTENT", "INTENT", "INTENT_UNIQUE",
       "INTENT_CONFIDENCE"}
RUNNER = {"PAUSE_ASSERTER", "PAUSE", "WAITFORBOT", "SET_SCRIPTING_MEMORY",
          "CLEAR_SCRIPTING_MEMORY", "ASSIGN_SCRIPTING_MEMORY", "UPDATE_CUSTOM",
          "SKIP_BOT_UNCONSUMED", "CONDITIONAL_STEP_TIME_BASED",
          "CONDITIONAL_STEP_BUSINESS_HOURS", "CONDITIONAL_STEP_CAPABILITY_VALUE_BASED",
          "CONDITIONAL_STEP_JSON_PATH_BASED", "CONVO_STEP_PARAMETERS", "BOT_CONSUMED",
          "BOT_UNCONSUMED_COUNT", "INCLUDE", "SET_TEXT_FROM_HOOK"}
USER_INPUTS = {"BUTTON", "MEDIA", "FORM", "ORDERED_LIST_TO_BUTTON"}
TEXT_ASSERTERS = {f"TEXT_{kind}_{how}{ic}" for kind in ("CONTAINS", "WILDCARD",
                  "WILDCARDEXACT", "REGEXP") for how in ("ANY", "ALL") for ic in ("", "_IC")}
TEXT_ASSERTERS |= {"TEXT_EQUALS", "TEXT_EQUALS_IC", "TEXT", "TEXT_IC"}
OTHER = {"JSON_PATH", "JSON_PATH_COUNT", "RESPONSE_LENGTH", "TEXT_WER"}
KNOWN = RICH_CONTENT | NLU | RUNNER | USER_INPUTS | TEXT_ASSERTERS | OTHER
# An unknown all-caps name with an underscore is a custom asserter or hook (registered
# in the Botium project's config, not in the convo file).
CUSTOM_NAME = re.compile(r"^[A-Z][A-Z0-9]*_[A-Z0-9_]+$")
# `$name` is a scripting-memory variable Botium fills at run time (`$5.00` is a price).
SCRIPTING_MEMORY = re.compile(r"\$[A-Za-z_]")


def hook_name(line: str) -> str | None:
    """The asserter / logic hook a line names, or None when the line is text."""
    token = line.lstrip("!").split(" ", 1)[0]
    if token in KNOWN or CUSTOM_NAME.match(token) or token in ("CUSTOMASSERTER", "DUMMY"):
        return token
    return None


def wildcard(text: str, exact: bool = False) -> str:
    """A case-insensitive regex for a Botium wildcard text (`*` matches anything)."""
    body = ".*".join(re.escape(part) for part in text.split("*"))
    return f"(?is)^{body}$" if exact else f"(?is){body}"


def map_bot_text(text: str, checks: Checks, result: ImportResult, case: str) -> None:
    negated, text = text.startswith("!"), text.removeprefix("!")
    if SCRIPTING_MEMORY.search(text):
        result.dropped(case, "#bot text", f"{text!r:.40} uses scripting memory ($variables), "
                       "filled by Botium at run time")
    elif negated and "*" in text.strip("*"):
        result.dropped(case, "#bot !text", "a negated wildcard has no AgentEval form")
    elif negated:
        checks.add_texts("not_contains", [text.strip("*")])
        result.mapped(case, "#bot !text", "expect.not_contains")
    elif "*" in text:
        checks.add_regex(wildcard(text))
        result.mapped(case, "#bot text", "expect.regex (Botium wildcard, ignoring case)")
    else:
        checks.add_texts("contains", [text])
        result.mapped(case, "#bot text", "expect.contains (Botium's default matching)")


def map_asserter(line: str, checks: Checks, result: ImportResult, case: str) -> None:
    negated = line.startswith("!")
    name, _, rest = line.lstrip("!").partition(" ")
    args = [a for a in rest.split("|") if a] if rest else []
    item = f"{'!' if negated else ''}{name}"
    if name in TEXT_ASSERTERS and args:
        _text_asserter(name, negated, args, checks, result, case, item)
    elif name in RICH_CONTENT:
        result.dropped(case, item, "buttons, media, cards and forms are not in a text reply")
    elif name in NLU:
        result.dropped(case, item, "the bot's NLU intents and entities are not visible to "
                       "AgentEval (only its reply)")
    elif name in RUNNER or name in USER_INPUTS:
        result.dropped(case, item, "Botium runner behaviour (pauses, memory, conditions, "
                       "button clicks), not a check")
    elif name in OTHER:
        result.dropped(case, item, "JSONPath / length / word-error-rate over Botium's "
                       "message object has no AgentEval equivalent")
    else:
        result.dropped(case, item, "a custom asserter or hook of the Botium project (its "
                       "code is not in the convo file)")


def _text_asserter(name: str, negated: bool, args: list[str], checks: Checks,
                   result: ImportResult, case: str, item: str) -> None:
    ignore_case = name.endswith("_IC")
    if name.startswith("TEXT_CONTAINS"):
        if negated and "_ANY" in name:
            checks.add_texts("not_contains", args)
        elif negated:
            result.dropped(case, item, "'not all of' has no AgentEval form")
            return
        elif "_ALL" in name:
            checks.add_texts("contains", args)
        else:
            checks.add_regex(any_of(args, ignore_case=True))
        result.mapped(case, item, "expect." + ("not_contains" if negated else "contains"
                      if "_ALL" in name else "regex (any of)")
                      + ("" if ignore_case else " (AgentEval ignores case)"))
        return
    if negated:
        result.dropped(case, item, "a negated pattern has no AgentEval form")
        return
    if name.startswith("TEXT_REGEXP"):
        flags = "(?i)" if ignore_case else ""
        patterns = [flags + a for a in args]
        if "_ALL" in name:
            for pattern in patterns:
                checks.add_regex(pattern)
        else:
            checks.add_regex(flags + "|".join(f"(?:{a})" for a in args))
    elif name.startswith("TEXT_WILDCARD"):
        exact = "EXACT" in name
        if "_ALL" in name:
            for arg in args:
                checks.add_regex(wildcard(arg, exact))
        else:
            checks.add_regex("(?is)" + "|".join(f"(?:{wildcard(a, exact)[5:]})" for a in args))
    else:  # TEXT, TEXT_EQUALS: the reply is one of the texts
        checks.add_regex(("(?is)" if ignore_case else "(?s)")
                         + "|".join(f"(?:{exactly(a)[4:]})" for a in args))
    result.mapped(case, item, "expect.regex")
