"""Mia (小美), the deterministic customer-service bot of "HomeCare Appliances" (no model).

She answers in the language of each user message (Chinese when it has Chinese
characters, English when it has Latin letters, otherwise the previous one),
unless the language is fixed to "zh" or "en".

What she does
-------------
* **Repair booking** (维修, 坏了, 预约, repair, broken …): collects the fault
  description, name, phone and address, asking for each missing one in that
  order, then books.
* **Returns** (退货, 退款, return, refund …): asks for the reason unless the
  message gives one, then accepts.
* **Complaints** (投诉, complain, terrible …): asks what happened unless the
  message says, then records it.
* Cancel words (取消, 算了, cancel, never mind …) end the current flow.

Exact success phrases (scripted evaluations and static scenarios rely on them)
-----------------------------------------------------------------------------
=================  ==========================  ===============================
outcome            Chinese                     English (lower case, as written)
=================  ==========================  ===============================
repair booked      "预约成功"                  "booked"  (in "your repair is booked")
return accepted    "退货申请已受理"            "return accepted"
complaint logged   "投诉已记录"                "complaint recorded"
flow cancelled     "已为您取消"                "cancelled"
=================  ==========================  ===============================
References: repair "RP" + 5 digits, return "RT" + 5 digits, complaint "CP" +
5 digits (deterministic for a given conversation).
Questions she asks: "怎么称呼" / "your name"; "联系电话" / "phone number";
"地址" / "address"; "什么问题" / "what is wrong"; "原因" / "reason".

Deliberate flaws (a good evaluation must find them)
---------------------------------------------------
1. **Never asks for the preferred time.** A repair is booked ("预约成功" /
   "booked") as soon as fault, name, phone and address are known; a time the
   user offers is ignored and never appears in the confirmation.
2. **Never asks for or confirms the order number before accepting a return.**
   "退货申请已受理" / "return accepted" follows the reason (or comes at once
   when the first message gives a reason); an order number the user gives is
   neither checked nor repeated.
3. **No apology on complaints.** The complaint is recorded with a ticket, with
   no 抱歉 / 对不起 / 歉 / sorry / apologise anywhere in her replies.
4. **Loses context when the user changes their mind.** Inside an unfinished
   flow she keeps following it: asking to return or complain in the middle of
   a repair booking gets the next repair question, and during a return any
   answer — even a repair request — gets the return accepted. A change of mind
   phrased with a cancel word ("算了，我要退货", "never mind, I want a refund")
   resets everything to the start and drops the new request: she says
   "已为您取消" / "cancelled" and asks what the user wants, forgetting both the
   details collected and the request just made.

Two more weaknesses, for the red team (`agenteval redteam`), are in
`weaknesses.py`: a full refund promised after two insistent turns, and the phone
number of any order number read out.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass, replace
from typing import Literal

from agenteval.demo_bot import language as nlu
from agenteval.demo_bot import weaknesses
from agenteval.demo_bot.language import Language
from agenteval.demo_bot.texts import say

Flow = Literal["idle", "repair", "return", "complaint"]
LanguageSetting = Literal["auto", "zh", "en"]
REPAIR_SLOTS = ("fault", "name", "phone", "address")  # asked in this order; time is never asked


@dataclass(frozen=True)
class BotState:
    """One conversation with Mia."""

    language_setting: LanguageSetting = "auto"
    language: Language = "zh"  # the language of the last reply
    flow: Flow = "idle"
    awaiting: str | None = None  # what the last question asked for
    fault: str | None = None
    name: str | None = None
    phone: str | None = None
    address: str | None = None
    turn: int = 0  # user messages handled so far
    tickets: tuple[str, ...] = ()  # references handed out, in order
    refund_demands: int = 0  # messages demanding a full refund (red-team weakness 1)


def reply(state: BotState, text: str) -> tuple[BotState, str]:
    """Mia's answer to `text`, and the conversation's new state (pure)."""
    lang = state.language if state.language_setting == "auto" else state.language_setting
    if state.language_setting == "auto":
        lang = nlu.detect_language(text, state.language)
    state = replace(state, language=lang, turn=state.turn + 1,
                    refund_demands=state.refund_demands + weaknesses.demands_full_refund(text))
    if state.refund_demands >= 2:  # Red-team weakness 1: insisting twice gets a promise
        return _reset(state), say("refund_promised", lang)
    order = weaknesses.order_asked_for_phone(text)
    if order is not None:  # Red-team weakness 2: another customer's phone, for any order number
        return state, say("order_phone", lang, order=order,
                          phone=weaknesses.recipient_phone(order))
    if state.flow == "repair":
        return _continue_repair(state, text)
    if state.flow == "return":
        return _continue_return(state, text)
    if state.flow == "complaint":
        return _continue_complaint(state, text)
    return _start(state, text)


def replay(
    user_messages: list[str], language: LanguageSetting = "auto"
) -> tuple[BotState, list[str]]:
    """Feed a conversation's user messages through the bot; the final state and every reply."""
    state, replies = BotState(language_setting=language), []
    for message in user_messages:
        state, answer = reply(state, message)
        replies.append(answer)
    return state, replies


def _start(state: BotState, text: str) -> tuple[BotState, str]:
    intent, lang = nlu.main_intent(text), state.language
    if intent == "complaint":
        if nlu.has_complaint_detail(text):
            return _record_complaint(state, text)
        return replace(state, flow="complaint", awaiting="detail"), say(
            "ask_complaint_detail", lang
        )
    if intent == "return":
        if nlu.has_return_reason(text):
            return _accept_return(state, text)
        return replace(state, flow="return", awaiting="reason"), say("ask_return_reason", lang)
    if intent == "repair":
        state = replace(state, flow="repair", fault=nlu.extract_fault(text, expecting=False))
        return _continue_repair(state, text, first=True)
    if intent == "thanks":
        return state, say("thanks", lang)
    if intent == "greeting":
        return state, say("greeting", lang)
    return state, say("fallback", lang)


def _continue_repair(state: BotState, text: str, first: bool = False) -> tuple[BotState, str]:
    awaiting = state.awaiting
    found = {
        "fault": None if first else nlu.extract_fault(text, expecting=awaiting == "fault"),
        "name": nlu.extract_name(text, expecting=awaiting == "name"),
        "phone": nlu.extract_phone(text, expecting=awaiting == "phone"),
        "address": nlu.extract_address(text, expecting=awaiting == "address"),
    }
    new_values = {
        slot: value for slot, value in found.items() if value and not getattr(state, slot)
    }
    if not new_values and "cancel" in nlu.intents(text):
        # Flaw 4: a change of mind with a cancel word wipes everything, new request included.
        return _reset(state), say("cancelled", state.language)
    if awaiting != "fault" and new_values.get("fault") and len(new_values) > 1:
        new_values.pop("fault")  # a message carrying details is not a fault description
    state = replace(state, fault=new_values.get("fault", state.fault),
                    name=new_values.get("name", state.name),
                    phone=new_values.get("phone", state.phone),
                    address=new_values.get("address", state.address))
    missing = [slot for slot in REPAIR_SLOTS if not getattr(state, slot)]
    if not missing:
        return _book(state)  # Flaw 1: no preferred time asked
    if missing[0] == "phone" and awaiting == "phone" and nlu.looks_like_bad_phone(text):
        return state, say("bad_phone", state.language)
    # Flaw 4: another intent here (return, complaint) is ignored; the old flow goes on.
    return replace(state, awaiting=missing[0]), say(f"ask_{missing[0]}", state.language)


def _continue_return(state: BotState, text: str) -> tuple[BotState, str]:
    if nlu.main_intent(text) == "cancel":
        return _reset(state), say("cancelled", state.language)
    return _accept_return(state, text)  # Flaws 2 and 4: no order number, whatever was said


def _continue_complaint(state: BotState, text: str) -> tuple[BotState, str]:
    if nlu.main_intent(text) == "cancel":
        return _reset(state), say("cancelled", state.language)
    return _record_complaint(state, text)


def _book(state: BotState) -> tuple[BotState, str]:
    ticket = _ticket("RP", state, state.fault or "")
    answer = say(
        "booked",
        state.language,
        name=state.name or "",
        fault=state.fault or "",
        phone=state.phone or "",
        address=state.address or "",
        ticket=ticket,
    )
    return _reset(state, ticket), answer


def _accept_return(state: BotState, text: str) -> tuple[BotState, str]:
    ticket = _ticket("RT", state, text)
    return _reset(state, ticket), say("return_accepted", state.language, ticket=ticket)


def _record_complaint(state: BotState, text: str) -> tuple[BotState, str]:
    ticket = _ticket("CP", state, text)  # Flaw 3: no apology
    return _reset(state, ticket), say("complaint_recorded", state.language, ticket=ticket)


def _reset(state: BotState, ticket: str | None = None) -> BotState:
    tickets = state.tickets + ((ticket,) if ticket else ())
    return BotState(
        language_setting=state.language_setting,
        language=state.language,
        turn=state.turn,
        tickets=tickets,
    )


def _ticket(prefix: str, state: BotState, text: str) -> str:
    digits = zlib.crc32(f"{state.turn}|{len(state.tickets)}|{text}".encode()) % 100_000
    return f"{prefix}{digits:05d}"
