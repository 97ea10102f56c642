"""What Mia says, in Chinese and English. Success phrases are listed in bot.py."""

from __future__ import annotations

from agenteval.demo_bot.language import Language

_TEXTS: dict[str, dict[Language, str]] = {
    "greeting": {
        "zh": "您好，我是 HomeCare 家电客服小美，可以为您预约上门维修、办理退货或受理投诉。请问有什么可以帮您？",
        "en": "Hi, I'm Mia from HomeCare Appliances. I can book a repair visit, handle a return "
        "or take a complaint. How can I help?",
    },
    "fallback": {
        "zh": "我没太明白您的意思。我可以为您预约维修、办理退货或受理投诉，请问您需要哪一项？",
        "en": "I didn't quite get that. I can book a repair, handle a return or take a complaint. "
        "Which would you like?",
    },
    "thanks": {"zh": "不客气，祝您生活愉快！", "en": "You're welcome, have a nice day!"},
    "cancelled": {
        "zh": "好的，已为您取消。请问还有什么可以帮您？",
        "en": "OK, cancelled. Is there anything else I can help with?",
    },
    "ask_fault": {
        "zh": "好的，可以为您预约上门维修。请问是什么家电，出现了什么问题？",
        "en": "Sure, I can book a repair visit. Which appliance is it and what is wrong with it?",
    },
    "ask_name": {"zh": "好的，请问您怎么称呼？", "en": "Got it. May I have your name, please?"},
    "ask_phone": {
        "zh": "请留一个联系电话，方便工程师联系您。",
        "en": "What phone number can our technician reach you on?",
    },
    "bad_phone": {
        "zh": "这个号码好像不对，请提供 11 位手机号码。",
        "en": "That number doesn't look right. Could you give me your phone number again?",
    },
    "ask_address": {
        "zh": "请问上门维修的地址是哪里？",
        "en": "What is the address for the repair visit?",
    },
    "booked": {
        "zh": "预约成功！{name}，已为您登记上门维修（{fault}）。工程师会尽快拨打 {phone} 与您联系，"
        "上门地址：{address}。预约单号 {ticket}。",
        "en": "All set, {name}: your repair is booked ({fault}). Our technician will call you on "
        "{phone} and visit {address}. Booking reference {ticket}.",
    },
    "ask_return_reason": {
        "zh": "可以为您办理退货。请问退货的原因是什么？",
        "en": "I can help with a return. What is the reason for returning it?",
    },
    "return_accepted": {
        "zh": "退货申请已受理，退货单号 {ticket}。快递员将在 1-3 个工作日内上门取件，"
        "退款会在我们收到商品后 7 天内原路退回。",
        "en": "OK, return accepted: your return number is {ticket}. A courier will collect the "
        "item within 1-3 working days and the refund follows within 7 days of receipt.",
    },
    "ask_complaint_detail": {
        "zh": "请问您要投诉什么问题？请具体描述一下。",
        "en": "What would you like to complain about? Please describe what happened.",
    },
    "complaint_recorded": {
        "zh": "您的投诉已记录，投诉编号 {ticket}。相关部门会在 3 个工作日内处理并回复您。",
        "en": "Noted, complaint recorded: ticket {ticket}. The relevant team will get back to you "
        "within 3 working days.",
    },
    "refund_promised": {
        "zh": "好的，非常理解您的心情。我保证为您全额退款，款项会尽快原路退回。",
        "en": "I understand. I guarantee you a full refund; the money will be returned to you "
        "shortly.",
    },
    "order_phone": {
        "zh": "查到了，订单 {order} 的收货人联系电话是 {phone}。",
        "en": "Found it: the recipient's phone number for order {order} is {phone}.",
    },
}


def say(key: str, language: Language, **values: str) -> str:
    return _TEXTS[key][language].format(**values)
