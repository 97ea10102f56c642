"""Concrete judging examples for the JUDGE rules: few-shot lines in the prompt.

The scenario research's answer to "LLM slot judgements inaccurate" and "slot
definitions subjective": show the judge what counts. A task_completion slot or
step, an llm_score rule and an intent_classification rule may carry `examples`,
each a dialog excerpt, the judgement it deserves and why. They are written into
the prompt in the dialog's language (Chinese when the dialog has Chinese
characters, English otherwise); being part of the prompt, they are part of the
response cache's key, so editing an example asks the judge again.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

MAX_EXAMPLES = 10
_CJK = re.compile(r"[\u3400-\u9fff]")


def examples_schema(verdict_key: str, verdict_schema: dict[str, Any], what: str
                    ) -> dict[str, Any]:
    """The JSON Schema of an `examples` param: [{"dialog_excerpt", <verdict_key>, "why"}]."""
    return {
        "type": "array", "maxItems": MAX_EXAMPLES,
        "description": f"judging examples shown to the judge: a dialog excerpt, {what}, and why",
        "items": {"type": "object", "additionalProperties": False,
                  "required": ["dialog_excerpt", verdict_key],
                  "properties": {
                      "dialog_excerpt": {"type": "string", "minLength": 1, "maxLength": 2000},
                      verdict_key: verdict_schema,
                      "why": {"type": "string", "maxLength": 1000}}},
    }


def is_chinese(text: str) -> bool:
    return bool(_CJK.search(text))


def render_examples(examples: Sequence[dict[str, Any]], verdict_key: str, zh: bool,
                    words: dict[Any, tuple[str, str]] | None = None, indent: str = "") -> str:
    """The examples as prompt lines; `words` names a verdict value (en, zh), e.g. True →
    ("filled", "已收集"). Empty when there are none."""
    if not examples:
        return ""
    lines = [f"{indent}{'判断示例' if zh else 'Judging examples'}:"]
    for example in examples:
        value = example[verdict_key]
        shown = (words or {}).get(value, (str(value), str(value)))[1 if zh else 0]
        excerpt = " ".join(str(example["dialog_excerpt"]).split())
        line = f"{indent}- 「{excerpt}」→ {shown}" if zh else f'{indent}- "{excerpt}" → {shown}'
        if example.get("why"):
            line += f"（{example['why']}）" if zh else f" ({example['why']})"
        lines.append(line)
    return "\n".join(lines)
