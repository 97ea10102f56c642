"""Which language a dialog is in, to pick the judge prompt: zh or en.

The user's messages decide (they are what the agent should answer in): a
dialog is Chinese when its user messages hold at least as many CJK characters
as Latin words — one Chinese character carries about as much as one English
word, so a Chinese message quoting an order number or a product name in
Latin letters stays Chinese.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Literal

from agenteval.domain.judging.cases import Turn

DialogLanguage = Literal["zh", "en"]
LanguageParam = Literal["auto", "zh", "en"]

_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_LATIN_WORD = re.compile(r"[A-Za-z]+")


def dialog_language(dialog: Sequence[Turn]) -> DialogLanguage:
    """zh or en from the user messages (replies when the user wrote no letters at all)."""
    for texts in ([t.sent_message for t in dialog], [t.reply or "" for t in dialog]):
        text = "\n".join(texts)
        cjk, latin = len(_CJK.findall(text)), len(_LATIN_WORD.findall(text))
        if cjk or latin:
            return "zh" if cjk >= latin else "en"
    return "en"


def chosen_language(setting: LanguageParam, dialog: Sequence[Turn]) -> DialogLanguage:
    return dialog_language(dialog) if setting == "auto" else setting
