"""A scripted JUDGE for the conversation metrics on Mia's dialogs (for gate and server tests).

It answers by the prompt's metric and reads the dialog in the prompt with
fixed cues of Mia's known flaws, so its verdicts follow the transcript it was
sent (a dialog without the flaw gets a clean answer). It is not a model: it
stands in for one where tests need a deterministic judge.
"""

from __future__ import annotations

import json
import re
from typing import Any

_TURN = re.compile(r"^\[turn (\d+)\] (user|agent): (.*)$", re.MULTILINE)
FALLBACKS = ("我没太明白您的意思", "I didn't quite get that")
APOLOGIES = ("抱歉", "对不起", "歉", "sorry", "apolog")


def turns_of(prompt: str) -> dict[int, dict[str, str]]:
    dialog: dict[int, dict[str, str]] = {}
    for index, who, text in _TURN.findall(prompt):
        dialog.setdefault(int(index), {})[who] = text
    return dialog


def _answer(**fields: Any) -> str:
    return json.dumps({**fields, "rationale": "scripted"}, ensure_ascii=False)


def metric_judge(body: Any) -> str:
    prompt = str(body["messages"][1]["content"])
    dialog = turns_of(prompt)
    if "RETAINS" in prompt or "记住" in prompt:
        return _answer(lapses=[
            {"turn_index": i, "quote": phrase, "remembered_turn_index": i - 1,
             "reason": "the user's message only makes sense after the previous turn; the "
                       "agent answered as if the conversation had just begun"}
            for i, t in sorted(dialog.items()) if i > 0
            for phrase in FALLBACKS if phrase in t.get("agent", "")])
    if "<role>" in prompt:
        role = prompt.split("<role>")[1].split("</role>")[0]
        needs_apology = "道歉" in role or "apolog" in role.lower()
        return _answer(out_of_role=[
            {"turn_index": i, "quote": t["agent"][:12], "reason": "complaint recorded without "
             "the apology the role requires"}
            for i, t in sorted(dialog.items())
            if needs_apology and ("投诉" in t.get("agent", "") or "complaint" in t.get("agent", ""))
            and not any(a in t["agent"] for a in APOLOGIES)])
    if "RELEVANT" in prompt or "相关" in prompt:
        last = max(dialog)
        user, agent = dialog[last].get("user", ""), dialog[last].get("agent", "")
        switched = ("退货" in user or "return" in user) and ("电话" in agent or "地址" in agent)
        if switched or any(p in agent for p in FALLBACKS):
            return json.dumps({"relevant": False, "quote": agent, "reason": "the user asked for "
                               "something else; the reply goes on with the old flow"},
                              ensure_ascii=False)
        return json.dumps({"relevant": True, "quote": agent, "reason": "answers the turn"},
                          ensure_ascii=False)
    if "INTENTION" in prompt or "意图" in prompt:
        agent = " ".join(t.get("agent", "") for t in dialog.values())
        booked = next((i for i, t in sorted(dialog.items()) if "预约成功" in t.get("agent", "")),
                      None)
        intentions = [{"intention": "预约维修", "turn_index": 0, "quote": "预约", "met": booked
                       is not None, "met_turn_index": booked, "reason": "booking confirmed"}]
        if "周六上午" in dialog[0].get("user", ""):
            intentions.append({"intention": "周六上午上门", "turn_index": 0, "quote": "周六上午",
                               "met": "周六" in agent, "met_turn_index": None,
                               "reason": "the visit time the user asked for is never mentioned"})
        return _answer(intentions=intentions)
    raise AssertionError(f"metric_judge got a prompt it does not know: {prompt[:80]}")
