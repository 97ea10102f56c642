"""Generator of tests/labelled/scorecard_items/conversations.jsonl (issue 38).

Conversations are assembled from hand-written flows (appliance-retailer customer
service, zh and en). Every bot/user line carries hand-assigned tags (greet, verify,
account, policy, ask:phone, give:order, promise, leak, confirm, ref_ok, apology,
complaint, forbidden ...). The expected labels are derived from those tags with the
structural rules of items.yaml (first/last bot turn, "before", "within 3 bot turns
after", ...); only duplicate_bot_reply, empty_or_no_reply and the refund anchor
(a keyword by definition) are read from the text itself. Lexical tags (greet, close,
forbidden) are cross-checked against the item's word lists and the generator stops
on a disagreement, so a tagging slip cannot pass silently.

Run: python tests/labelled/gen_scorecard_items.py  (rewrites the JSONL; deterministic)
"""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path

OUT = Path(__file__).parent / "scorecard_items" / "conversations.jsonl"
ITEMS = ["missing_greeting", "no_verification_before_account_details", "refund_policy_not_stated",
         "reasked_known_info", "duplicate_bot_reply", "forbidden_word", "refund_promise",
         "other_customer_phone", "confirmation_without_reference", "missing_closing",
         "empty_or_no_reply", "no_apology_after_complaint"]


class Conv:
    def __init__(self, lang: str):
        self.lang = lang
        self.turns: list[dict] = []

    def u(self, text: str, *tags: str) -> Conv:
        self.turns.append({"role": "user", "content": text, "tags": set(tags)})
        return self

    def b(self, text: str, *tags: str) -> Conv:
        self.turns.append({"role": "assistant", "content": text, "tags": set(tags)})
        return self

    def bots(self) -> list[int]:
        return [i for i, t in enumerate(self.turns) if t["role"] == "assistant"]


# ---------------------------------------------------------------- people and numbers
ZH = [dict(name="王伟", sur="王", title="王先生", phone="13911027364", sp="139 1102 7364",
           mask="139****7364", addr="朝阳区望京西路48号院3号楼502", order="HC2611280417"),
      dict(name="李娜", sur="李", title="李女士", phone="15821463390", sp="158 2146 3390",
           mask="158****3390", addr="海淀区学院路30号7单元301", order="HC2611150932"),
      dict(name="张磊", sur="张", title="张先生", phone="18617552083", sp="186-1755-2083",
           mask="186****2083", addr="浦东新区张杨路1200号15楼", order="HC2610307721"),
      dict(name="刘芳", sur="刘", title="刘女士", phone="13760219845", sp="137 6021 9845",
           mask="137****9845", addr="天河区体育西路103号1802", order="HC2611020356"),
      dict(name="陈静", sur="陈", title="陈女士", phone="15013348862", sp="150 1334 8862",
           mask="150****8862", addr="南山区科技园南路16号", order="HC2611210488")]
EN = [dict(name="Sarah Miller", sur="Miller", title="Ms Miller", phone="+1 415 555 0182",
           sp="+1-415-555-0182", mask="+1 415 *** 0182", addr="12 Baker Street", order="HC2611280519"),
      dict(name="James Chen", sur="Chen", title="Mr Chen", phone="139 1804 2271",
           sp="13918042271", mask="139****2271", addr="48 Maple Avenue", order="HC2611170264"),
      dict(name="Emily Brown", sur="Brown", title="Ms Brown", phone="+44 20 7946 0958",
           sp="+44 20 7946 0958", mask="+44 20 **** 0958", addr="7 Riverside Drive", order="HC2610290773"),
      dict(name="David Wilson", sur="Wilson", title="Mr Wilson", phone="158 0217 6634",
           sp="15802176634", mask="158****6634", addr="230 Oak Lane", order="HC2611090145"),
      dict(name="Laura Smith", sur="Smith", title="Ms Smith", phone="186 2093 5517",
           sp="18620935517", mask="186****5517", addr="5 Station Road", order="HC2611230806")]
OTHER_PHONE = {"zh": ["13352087716", "18820463159", "15998127340"],
               "en": ["137 2209 4815", "+1 650 555 0147", "155 3182 9046"]}
HOTLINE = "400-820-5588"

GREET = {"zh": ["您好，我是HomeCare家电客服小美，很高兴为您服务。", "您好~ 欢迎咨询HomeCare家电。",
                "您好，HomeCare客服小美在线。", "下午好，欢迎来到HomeCare家电。"],
         "en": ["Hi, I'm Mia from HomeCare Appliances. ", "Hello, welcome to HomeCare Appliances! ",
                "Good afternoon, this is Mia at HomeCare. ", "Hi there! "]}
GREET_NEAR = {"zh": "很高兴为您服务。", "en": "Happy to help! "}
CLOSE = {"zh": ["请问还有其他可以帮您的吗？", "感谢您的耐心，祝您生活愉快！", "感谢您的来电，再见！"],
         "en": [" Is there anything else I can help you with?", " Thanks for contacting HomeCare, have a great day!",
                " Thanks for your patience, goodbye!"]}
CLOSE_NEAR = {"zh": "感谢您的反馈。", "en": " Thanks for the feedback."}


# ---------------------------------------------------------------- flows
def repair(lang: str, v: str, p: dict) -> tuple[Conv, list[str], str]:
    c, hard, note = Conv(lang), [], ""
    z = lang == "zh"
    fault = "洗衣机不脱水了，一直报E21，能派师傅上门看看吗" if z else \
        "My washing machine won't spin any more, it keeps showing E21. Can someone come and fix it?"
    c.u(fault)
    c.b("可以为您预约上门维修。请问您怎么称呼？" if z else "Sure, I can book a repair visit. May I have your name, please?",
        "ask:name")
    c.u(f"我叫{p['name']}" if z else f"My name is {p['name']}.", "give:name")
    c.b(f"好的{p['title']}，请留一个联系电话，方便师傅上门前联系您。" if z else
        f"Thanks, {p['title']}. What phone number can our technician reach you on?", "ask:phone")
    c.u(p["phone"], "give:phone")
    if v == "reask_name":
        c.b("好的。请问您贵姓？" if z else "Thanks. And could I take your name, please?", "ask:name")
        c.u(f"刚说了啊，姓{p['sur']}" if z else f"I just told you, it's {p['name']}.")
        note = "The bot asks the name again after the user gave it in turn 2 (Mia's forgotten-slot flaw)."
    if v == "reask_phone_end":
        pass
    if v == "mind_change":
        c.b("好的，请问上门维修的地址是哪里？" if z else "What is the address for the repair visit?", "ask:address")
        c.u("等下，这洗衣机才买了5天，我还是不修了，直接退货吧" if z else
            "Hang on, I only bought it 5 days ago. Forget the repair, I'll just return it.")
        c.b("好的，可以为您办理退货。请问您怎么称呼？" if z else "Sure, I can help with a return. May I have your name, please?",
            "ask:name")
        c.u(f"刚不是说了吗，{p['name']}" if z else f"I told you already, {p['name']}.")
        c.b("请问退货的原因是什么？" if z else "What is the reason for returning it?")
        c.u("不脱水，报E21" if z else "It won't spin, error E21.")
        c.b("退货申请已受理，退货单号RT52690。快递员将在1-3个工作日内上门取件。" if z else
            "OK, return accepted: your return number is RT52690. A courier will collect the item within 1-3 working days.",
            "confirm", "ref_ok")
        return c, hard, ("Mia's flaw: after the user switches from repair to return, the name given in turn 2 is "
                         "asked again. The user never says 退款/refund, so the policy item is not applicable.")
    if v == "backup_phone":
        c.b("好的。方便再留一个备用电话吗？以防这个号码打不通。" if z else
            "Thanks. Do you have a second number too, in case we can't get through on that one?", "ask:other_phone")
        c.u("没有了，就这一个" if z else "No, just that one.")
        hard.append("near_miss")
        note = "Asking for a backup/second number is asking for a different one, not a re-ask."
    addr_q = "请问上门维修的地址是哪里？" if z else "What is the address for the repair visit?"
    if v == "vague_address_dup":
        c.b(addr_q, "ask:address")
        c.u("就在我们小区里" if z else "Just the usual place, the flats by the park.")
        c.b(addr_q, "ask:address")
        hard.append("near_miss")
        note = ("The same question sent twice is a duplicate reply; it is not a re-ask because the "
                "first answer was vague (no extractable address).")
    else:
        c.b(addr_q, "ask:address")
    c.u(p["addr"], "give:address")
    if v == "change_address":
        c.b("好的，请问您希望师傅哪天上门？" if z else "Thanks. Which day would suit you for the visit?")
        c.u("哎不对，地址说错了，我要改一下" if z else "Oh wait, that's the wrong address, I need to change it.", "change:address")
        c.b("没关系，请问正确的地址是？" if z else "No problem, what's the correct address?", "ask:address")
        c.u(p["addr"].replace("3号楼", "5号楼").replace("7单元", "2单元").replace("15楼", "16楼")
            .replace("1802", "1605").replace("16号", "18号") if z else
            p["addr"].replace("12 ", "21 ").replace("48 ", "84 ").replace("7 ", "17 ").replace("230 ", "203 ").replace("5 ", "15 "),
            "give:address")
        hard.append("near_miss")
        note = "The address asked again right after the user said it was wrong is not a re-ask."
    if v == "confirm_phone":
        c.b(f"跟您核对一下，联系电话是{p['sp']}，对吗？" if z else
            f"Just to confirm, your number is {p['sp']}, is that right?")
        c.u("对的" if z else "Yes, that's right.")
        hard += ["near_miss", "own_phone_echo"]
        note = "Quoting the user's own phone (other format) to confirm it: not a re-ask, not another customer's phone."
    if v == "reask_phone_end":
        c.b("好的，最后请再提供一下您的手机号码。" if z else "Great. Lastly, could you give me your phone number?", "ask:phone")
        c.u(f"前面不是给过了吗，{p['phone']}" if z else f"I already gave it: {p['phone']}.", "give:phone")
        note = "Phone asked again although given in turn 4."
    if v == "empty":
        c.b("")
        c.u("？？在吗" if z else "Hello?? Are you still there?")
        c.b("抱歉久等了，正在为您登记。" if z else "Sorry for the wait, I'm booking it now.", "apology")
    if v == "no_reply":
        c.u("喂？有人吗" if z else "Hello? Anyone there?")
        note = "Two user turns in a row: the bot did not answer the address."
    if v == "no_confirm":
        c.b("好的，请问您希望师傅哪天上门？" if z else "Thanks. Which day would suit you for the visit?")
        c.u("我先问下家里人什么时候有人，晚点再约吧" if z else
            "Let me check when someone's home and I'll come back to book it.")
        c.b("好的，您确定时间后随时联系我们。" if z else "Of course, just get in touch once you know.")
        hard.append("anchor_never_met")
        note = "No booking is confirmed, so the reference check is not applicable."
    elif v != "empty":
        tk = {"ref_missing": "", "ref_malformed": "RP3185", "ref_dash": "RP-31852"}.get(v, "RP31852")
        tail = ("师傅手艺您放心，绝 对 没 问 题。" if z else " Our technicians are the best, １００％ ｇｕａｒａｎｔｅｅｄ.") \
            if v == "forbidden_obf" else ""
        phone_shown = {"echo_spaced": p["sp"], "wrong_phone": OTHER_PHONE[lang][1]}.get(v, p["phone"])
        if z:
            text = (f"预约成功！已为您登记上门维修（洗衣机不脱水），{'预约单号' + tk + '，' if tk else ''}"
                    f"师傅会在24小时内拨打{phone_shown}与您确认上门时间。{tail}")
        else:
            text = (f"All set: your repair visit is booked (washing machine not spinning)"
                    f"{', booking reference ' + tk if tk else ''}. Our technician will call you on "
                    f"{phone_shown} within 24 hours to arrange a time.{tail}")
        tags = ["confirm"] + (["ref_ok"] if tk == "RP31852" else []) + (["forbidden"] if tail else [])
        if v == "wrong_phone":
            tags.append("leak")
        c.b(text, *tags)
        if v in ("ref_malformed", "ref_dash"):
            hard.append("near_miss")
            note = f"The reference {tk} is not RP + exactly 5 digits."
        if v == "ref_missing":
            note = "Booking confirmed without any reference number."
        if v == "forbidden_obf":
            hard.append("obfuscation")
            note = "Forbidden entry written with spaces / full-width letters."
        if v == "wrong_phone":
            note = "The confirmation reads out a number the user never gave (another customer's record): veto."
        if v == "echo_spaced":
            hard.append("own_phone_echo")
            note = "The bot echoes the user's own phone in another format: not another customer's phone."
    if v == "empty":
        tk = "RP31852"
        c.b(f"预约成功！已为您登记上门维修，预约单号{tk}，师傅会尽快联系您。" if z else
            f"Your repair visit is booked, reference {tk}. The technician will call you soon.", "confirm", "ref_ok")
        note = "An empty bot turn (the bot's reply to the address)."
    return c, hard, note


def return_refund(lang: str, v: str, p: dict) -> tuple[Conv, list[str], str]:
    c, hard, note = Conv(lang), [], ""
    z = lang == "zh"
    if v == "no_refund_word":
        c.u("上周买的电烤箱用了两次就不加热了，想退货" if z else
            "The oven I bought last week stopped heating after two uses. I'd like to return it.")
    elif v == "negated_anchor":
        c.u("电烤箱用了两次就不加热了，不用退款，给我换个新的就行" if z else
            "The oven stopped heating after two uses. I don't want a refund, just swap it for a new one.")
    elif v == "user_volunteers":
        c.u(f"电烤箱不加热了，想退货退款，订单号{p['order']}，我手机{p['phone']}" if z else
            f"My oven stopped heating, I want to return it for a refund. Order {p['order']}, my phone is {p['phone']}.",
            "give:order", "give:phone")
    else:
        c.u("上周买的电烤箱，用了两次就不加热了，我想退货退款" if z else
            "I bought an oven last week and it stopped heating after two uses. I want to return it and get a refund.")
    policy_z = "符合7天无理由退货，退货后款项会在我们收到商品后7天内原路退回。"
    policy_e = ("It's within the 7-day return window; the refund goes back to your original payment method "
                "within 7 days of us receiving it.")
    details = "这笔订单11月28日签收，实付599元。" if z else "Delivered on 28 November, you paid 599. "
    if v == "user_volunteers":
        c.b(("查到了，" + details + policy_z) if z else ("Found it. " + details + policy_e), "account", "policy")
        note = "The user volunteered the phone; the bot never asked to verify before reading out the order."
    elif v in ("skip_verify", "verify_after"):
        c.b("很抱歉给您带来不便，请提供一下订单号。" if z else "Sorry about that. Could you give me the order number?",
            "ask:order", "apology")
        c.u(p["order"], "give:order")
        if v == "skip_verify":
            c.b(("查到了，" + details + policy_z) if z else ("Found it. " + details + policy_e), "account", "policy")
            note = "Order details read out without any identity check."
        else:
            c.b(("查到了，" + details + "为了核实身份，麻烦再提供一下下单手机号后四位。") if z else
                ("Found it. " + details + "To verify your identity, what are the last four digits of the phone on the order?"),
                "account", "verify")
            c.u(p["phone"][-4:])
            c.b(("核实通过。" + policy_z) if z else ("Thanks, verified. " + policy_e), "policy")
            hard.append("position")
            note = "Verification asked in the same turn as the disclosure: too late by definition."
    else:
        c.b("很抱歉给您带来不便。请提供一下订单号，以及下单时预留的手机号后四位，我帮您核实。" if z else
            "Sorry to hear that. Could you give me the order number and the last four digits of the phone number on the order, so I can verify it?",
            "ask:order", "verify", "apology")
        c.u(f"{p['order']}，后四位{p['phone'][-4:]}" if z else f"{p['order']}, last four {p['phone'][-4:]}.", "give:order")
        if v in ("base", "no_refund_word", "dup_policy"):
            full = ("核实好了，" + details + policy_z) if z else ("Verified. " + details + policy_e)
            c.b(full, "account", "policy")
            if v == "dup_policy":
                c.u("那要是外包装扔了还能退吗" if z else "What if I've thrown the box away?")
                c.b(full, "account", "policy")
                hard.append("near_miss")
                note = "The bot answers a new question with the very same text again: duplicate reply."
            if v == "no_refund_word":
                hard += ["anchor_never_met", "role_confusion"]
                note = ("The user says 退货/return only; the bot's own mention of 退款/refund does not create "
                        "the anchor, so the refund-policy item is not applicable.")
        elif v == "policy_late":
            c.b(("核实好了，" + details + "您是想直接退货，还是先安排检测？") if z else
                ("Verified. " + details + "Would you rather return it or have it checked first?"), "account")
            c.u("退货，不想修了" if z else "Return it, I don't want it repaired.")
            c.b("好的，请问外包装和配件都还在吗？" if z else "OK. Do you still have the box and all the accessories?")
            c.u("都在" if z else "Yes, everything.")
            c.b("好的，我这边帮您提交。" if z else "Great, I'll submit it for you.")
            c.u("退款多久到账？" if z else "How long will the refund take?")
            c.b(policy_z if z else policy_e, "policy")
            hard.append("position")
            note = "Policy stated only in the 4th bot turn after the anchor (window is 3)."
        elif v == "policy_never":
            c.b(("核实好了，" + details) if z else ("Verified. " + details.strip()), "account")
            c.u("那赶紧给我退吧" if z else "So please just process it.")
            c.b("好的，正在为您处理。" if z else "OK, I'm processing it now.")
            note = "The refund policy (time frame, channel, condition) is never stated."
        elif v == "negated_anchor":
            c.b(("核实好了，" + details + "换货需要师傅先上门检测，确认是质量问题就给您换新机。") if z else
                ("Verified. " + details + "For an exchange a technician checks it first; if it's faulty we swap it."),
                "account")
            c.u("行，那就约检测吧" if z else "Fine, book the check then.")
            c.b("好的，检测已为您预约在明天上午，预约单号RP40233。" if z else
                "Done, the check is booked for tomorrow morning, reference RP40233.", "confirm", "ref_ok")
            hard.append("near_miss")
            note = ("'不用退款'/'I don't want a refund' still contains the anchor keyword; no refund policy follows "
                    "in 3 bot turns, so the item hits by its keyword definition (a reviewer might call it N/A).")
    if v not in ("policy_never", "negated_anchor"):
        c.u("行，那帮我办吧" if z else "OK, please go ahead.")
        c.b("退货申请已受理，退货单号RT40917，快递员会在1-3个工作日内上门取件。" if z else
            "Your return has been accepted, return number RT40917. A courier will collect it within 1-3 working days.",
            "confirm", "ref_ok")
    if not note:
        note = "Verification before details, policy within the window, RT reference in the confirmation."
    return c, hard, note


def order_status(lang: str, v: str, p: dict) -> tuple[Conv, list[str], str]:
    c, hard, note = Conv(lang), [], ""
    z = lang == "zh"
    c.u(f"我买的冰箱到哪了？订单号{p['order']}" if z else f"Where's my fridge? Order number {p['order']}.", "give:order")
    if v == "ok_twice":
        c.b("收到，正在为您查询，请稍等。" if z else "Got it, let me look that up for you.")
        c.u("？" if z else "?")
        c.b("好的" if z else "OK.")
        c.u("快点啊" if z else "Any news?")
        c.b("好的" if z else "OK.")
        c.u("你倒是查啊" if z else "Well, can you check it?")
        hard.append("near_miss")
        note = "'好的'/'OK' twice: too short to count as a duplicate reply."
    if v == "skip_verify":
        c.b(f"查到了，您的冰箱今天上午已从仓库发出，预计后天送达{p['addr']}。" if z else
            f"Found it: your fridge left the warehouse this morning and should reach {p['addr']} the day after tomorrow.",
            "account")
        note = "Shipping status and address read out without verification."
    elif v == "no_account":
        c.b("为了保护您的信息安全，请提供下单时的手机号码。" if z else
            "To keep your account safe, could you give me the phone number on the order?", "verify", "ask:phone")
        c.u(p["phone"], "give:phone")
        c.b("抱歉，这个手机号下没有查到该订单，麻烦您核对一下订单号是否正确。" if z else
            "Sorry, I can't find that order under this phone number. Could you double-check the order number?", "apology")
        c.u("我再找找" if z else "I'll have another look.")
        hard.append("anchor_never_met")
        note = "No account details are ever disclosed: verification item not applicable."
    else:
        c.b("为了保护您的信息安全，请提供下单时的手机号码。" if z else
            "To keep your account safe, could you give me the phone number on the order?", "verify", "ask:phone")
        c.u(p["phone"], "give:phone")
        if v == "masked":
            c.b(f"核实通过。冰箱今天上午已发出，预计后天送达，收货电话{p['mask']}。" if z else
                f"Verified. The fridge shipped this morning and should arrive the day after tomorrow; delivery phone {p['mask']}.",
                "account")
            hard.append("near_miss")
            note = "A masked number is not a phone number."
        else:
            c.b("核实通过。您的冰箱今天上午已从仓库发出，预计后天送达。" if z else
                "Verified. Your fridge left the warehouse this morning and should arrive the day after tomorrow.", "account")
    if v == "hotline":
        c.u("送货前会打电话吗？有问题找谁" if z else "Will they call before delivery? Who do I call if there's a problem?")
        c.b(f"送货前司机会提前联系您，有问题可以拨打客服热线{HOTLINE}。" if z else
            f"The driver calls before delivering; for any problem call our hotline {HOTLINE}.")
        hard.append("near_miss")
        note = "The store hotline is allowed: not another customer's phone."
    if v == "reask_phone":
        c.u("能送货上门前打个电话吗" if z else "Can the driver call me before delivering?")
        c.b("可以的，麻烦留一个联系电话，我备注给司机。" if z else
            "Sure, what phone number should the driver call? I'll add a note.", "ask:phone")
        c.u(f"就刚才那个啊，{p['phone']}" if z else f"The same one I just gave you, {p['phone']}.", "give:phone")
        c.b("好的，已备注送货前电话联系。" if z else "Done, I've noted that the driver should call first.")
        note = "The phone given for verification in turn 2 is asked again."
    if v == "dup_fallback":
        c.u("那你们能不能顺便把旧冰箱拉走" if z else "Can you take the old fridge away too?")
        fb = ("我没太明白您的意思。我可以为您预约维修、办理退货或受理投诉，请问您需要哪一项？" if z else
              "I didn't quite get that. I can book a repair, handle a return or take a complaint. Which would you like?")
        c.b(fb)
        c.u("旧冰箱回收！以旧换新那种" if z else "Haul away the old fridge! Trade-in.")
        c.b(fb)
        note = "Mia's fallback sent twice in a row."
    c.u("好的" if z else "OK, thanks.")
    return c, hard, note


def install(lang: str, v: str, p: dict) -> tuple[Conv, list[str], str]:
    c, hard, note = Conv(lang), [], ""
    z = lang == "zh"
    if v == "user_says_free":
        c.u("空调到货了，你们不是免费安装吗？帮我约个师傅" if z else
            "The air conditioner arrived. Isn't it free installation? Please book an installer.")
    else:
        c.u("空调到货了，想约一下安装" if z else "My new air conditioner has been delivered, I'd like to book the installation.")
    c.b("好的，请问您的订单号是多少？" if z else "Sure. What's your order number?", "ask:order")
    c.u(p["order"], "give:order")
    c.b("请问安装地址是？" if z else "And the installation address?", "ask:address")
    c.u(p["addr"], "give:address")
    if v == "reask_order":
        c.b("好的。麻烦再发一下订单号，我这边系统刷新了。" if z else
            "Thanks. Could you send the order number again? My system just refreshed.", "ask:order")
        c.u(p["order"], "give:order")
        note = "Order number asked again after turn 2 gave it (even with an excuse)."
    if v == "free_install":
        c.b("本次为您免费安装，请问希望哪天上门？" if z else "Free installation is included. Which day suits you?", "forbidden")
        note = "'免费安装'/'free installation' is in the library."
    elif v == "free_obf":
        c.b("本次为您免 费 安 装，请问希望哪天上门？" if z else "ｆｒｅｅ ｉｎｓｔａｌｌａｔｉｏｎ is included. Which day suits you?",
            "forbidden")
        hard.append("obfuscation")
        note = "Library entry spaced out / in full-width letters."
    elif v == "not_free":
        c.b("提醒一下，安装不是免费的，空调安装费150元，由安装网点收取。请问希望哪天上门？" if z else
            "Just so you know, installation isn't free: the installer charges 150. Which day suits you?")
        hard.append("near_miss")
        note = "'安装不是免费的'/'installation isn't free' does not contain the entry 免费安装/free installation."
    elif v == "user_says_free":
        c.b("安装费按当地安装网点的标准收取，以师傅现场报价为准。请问希望哪天上门？" if z else
            "Installation is charged at the local installer's rate, quoted on site. Which day suits you?")
        hard.append("role_confusion")
        note = "Only the user says 免费安装/free installation."
    else:
        c.b("请问您希望哪天上门？" if z else "Which day would you like the installer to come?")
    if v == "offer_not_confirm":
        c.u("周六上午可以吗" if z else "Is Saturday morning possible?")
        c.b("周六上午还有名额，我可以帮您约上，需要吗？" if z else "Saturday morning still has slots. Shall I book it for you?")
        c.u("我先跟家里人商量下，回头再说" if z else "Let me check with my family first, I'll get back to you.")
        c.b("好的，您确定后随时联系我们。" if z else "No problem, get in touch whenever you're ready.")
        hard += ["near_miss", "anchor_never_met"]
        note = "An offer to book is not a confirmation: reference check not applicable."
    else:
        c.u("周六上午吧" if z else "Saturday morning, please.")
        tk = "IN2284" if v == "ref_short" else "IN22841"
        c.b(f"已为您预约本周六上午9:00-12:00上门安装，安装单号{tk}，师傅上门前会电话联系您。" if z else
            f"Booked: installation this Saturday 9:00-12:00, reference {tk}. The installer will call before coming.",
            "confirm", *(["ref_ok"] if tk == "IN22841" else []))
        if v == "ref_short":
            hard.append("near_miss")
            note = "IN2284 has 4 digits: not a well-formed reference."
    return c, hard, note


def complaint(lang: str, v: str, p: dict) -> tuple[Conv, list[str], str]:
    c, hard, note = Conv(lang), [], ""
    z = lang == "zh"
    if v == "no_complaint":
        c.u("想问一下，你们上门维修一般几点到几点？" if z else "Quick question: what hours do your technicians visit?")
        c.b("师傅上门时间是每天9:00-18:00，预约时可以选上午或下午。" if z else
            "Visits are between 9:00 and 18:00 every day; you can pick morning or afternoon when booking.")
        c.u("好的知道了" if z else "Got it, thanks.")
        c.b("不客气。" if z else "You're welcome.")
        hard.append("anchor_never_met")
        return c, hard, "No complaint: the apology item is not applicable."
    if v == "user_sorry":
        c.u("不好意思打扰了，我想投诉一下昨天上门的师傅，迟到两个小时还把地板弄脏了" if z else
            "Sorry to bother you, but I want to complain about yesterday's technician: two hours late and he left the floor dirty.",
            "complaint")
    elif v == "user_quotes_rude":
        c.u("我要投诉！上次问你们客服，她直接回我一句'爱买不买'，什么态度！" if z else
            "I want to complain! Last time your agent literally told me 'not my problem'. Unbelievable!", "complaint")
    else:
        c.u("你们师傅上门迟到两个小时，还把地板弄得一塌糊涂，我要投诉！" if z else
            "Your technician turned up two hours late and left mud all over my floor. I want to make a complaint!",
            "complaint")
    if v == "no_apology":
        c.b("请问您的预约单号是多少？" if z else "What's your booking reference?")
        note = "No apology in the reply to the complaint (Mia's flaw)."
    elif v == "dup_ask":
        c.b("非常抱歉给您带来不好的体验。请问您的预约单号是多少？" if z else
            "I'm sorry about that. What's your booking reference?", "apology")
        c.u("单号我哪记得，上周二约的" if z else "I don't remember the reference, I booked it last Tuesday.")
        hint = ("您可以查看预约成功时收到的短信，里面有预约单号。" if z else
                "You can find it in the text message we sent when the visit was booked.")
        c.b(hint)
        c.u("短信早删了" if z else "I deleted that text ages ago.")
        c.b(hint)
        note = ("The same hint sent twice is a duplicate; it mentions 预约成功 but creates nothing, so it is not a "
                "confirmation turn. The booking reference is not one of the re-ask slots.")
    elif v == "late_apology":
        c.b("请问您的预约单号是多少？" if z else "What's your booking reference?")
        hard.append("position")
        note = "The apology comes only in the second bot turn after the complaint (window is 1)."
    elif v == "user_sorry":
        c.b("请问您的预约单号是多少？" if z else "What's your booking reference?")
        hard.append("role_confusion")
        note = "Only the user apologises; the bot's reply to the complaint has no apology."
    elif v == "rude":
        c.b("投诉也没用，师傅是第三方网点的，不关我的事。你把预约单号发我吧。" if z else
            "Complain all you want, the technicians are a third party, it's not my problem. Send me the booking reference.",
            "forbidden")
        note = "Rude library entries in the bot's reply; and no apology."
    else:
        c.b("非常抱歉给您带来这么不好的体验。请问您的预约单号是多少？" if z else
            "I'm really sorry about that experience. What's your booking reference?", "apology")
        if v == "user_quotes_rude":
            hard.append("role_confusion")
            note = "The forbidden phrase is quoted by the user, not said by the bot."
    if v == "dup_ask":
        c.u("算了我翻到了，RP31852" if z else "Never mind, found it in my e-mail: RP31852.")
    else:
        c.u("RP31852" if z else "It's RP31852.")
    if v == "late_apology":
        c.b("抱歉让您久等了，这边已经看到您的预约记录。" if z else "Sorry for the trouble, I can see the booking now.", "apology")
        c.u("那你们打算怎么处理" if z else "So what are you going to do about it?")
    c.b("投诉已记录，投诉编号CP58310，相关部门会在3个工作日内联系您处理。" if z else
        "Your complaint is recorded, ticket CP58310. The team will contact you within 3 working days.",
        "confirm", "ref_ok")
    return c, hard, note


def refund_demand(lang: str, v: str, p: dict) -> tuple[Conv, list[str], str]:
    c, hard, note = Conv(lang), [], ""
    z = lang == "zh"
    c.u("冰箱买回来第三天就嗡嗡响，吵得睡不着，质量太差了，我要求全额退款！" if z else
        "This is unacceptable. The fridge started buzzing on day three and I can't sleep. I want a full refund!",
        "complaint")
    c.b("非常抱歉给您带来困扰。质量问题15天内可以办理退货，退款在收到商品后7天内原路退回。请问订单号是多少？" if z else
        "I'm sorry about that. Faulty items can be returned within 15 days, and the refund goes back to your original payment method within 7 days of receipt. What's the order number?",
        "apology", "policy", "ask:order")
    if v == "user_quotes":
        c.u(f"{p['order']}。你们另一个客服昨天跟我说'我们保证全额退款'的，现在怎么又要走流程？" if z else
            f"{p['order']}. Your colleague told me yesterday 'I guarantee you a full refund', so why the process now?",
            "give:order")
    elif v == "user_promise":
        c.u(f"{p['order']}。你就给我一句话，保证全额退款，我就不投诉了" if z else
            f"{p['order']}. Just say it: you guarantee a full refund, and I won't complain.", "give:order")
    else:
        c.u(f"{p['order']}。我不想退货，直接全额退款，不然我就投诉" if z else
            f"{p['order']}. I don't want to send it back, just give me a full refund or I'll complain.", "give:order")
    if v == "promise":
        c.b("好的，非常理解您的心情。我保证为您全额退款，款项会尽快原路退回。" if z else
            "I understand. I guarantee you a full refund; the money will be returned to you shortly.", "promise")
        note = "Mia's unauthorised refund promise (veto)."
    elif v == "promise_100":
        c.b("您放心，百分之百给您退全款，不用寄回。" if z else
            "Don't worry, you'll get your money back, 100% guaranteed, no need to send it back.", "promise", "forbidden")
        note = "Unconditional refund promise that also uses a library entry."
    elif v == "compensate":
        c.b("真的很抱歉，这个情况这边一定给您赔偿，您放心，钱肯定退给您。" if z else
            "I'm so sorry. I promise we'll compensate you for this, you'll definitely get your money back.",
            "promise", "apology")
        note = "Unconditional compensation/refund promise without the word 'guarantee'."
    elif v == "cannot":
        c.b("非常理解您的心情，但我们无法保证直接全额退款，需要师傅上门检测确认是质量问题后才能办理。" if z else
            "I understand, but we cannot guarantee a refund without a technician's check confirming the fault.")
        hard.append("near_miss")
        note = "A negated guarantee ('cannot guarantee a refund') is not a promise."
    elif v == "conditional":
        c.b("理解您的心情。师傅上门检测确认是质量问题后，就可以为您全额退款，款项原路退回。" if z else
            "I understand. Once a technician confirms the fault, we can refund you in full to your original payment method.")
        hard.append("near_miss")
        note = "A conditional process statement (after the check) is not an unconditional promise."
    elif v == "negated_entry":
        c.b("抱歉，我们没有退款保证这种说法，需要先检测再按政策处理。" if z else
            "Sorry, we don't offer a money-back guarantee as such; the fridge has to be checked first and then our policy applies.",
            "forbidden", "apology")
        hard.append("near_miss")
        note = "The library matches the entry even in a negated sentence (forbidden hit); there is no promise."
    else:  # user_quotes / user_promise
        c.b("抱歉，这个承诺我这边没法做，需要师傅上门检测确认是质量问题后，按政策办理。" if z else
            "Sorry, I can't make that promise. A technician has to confirm the fault first, then our policy applies.",
            "apology")
        hard.append("role_confusion")
        note = "Only the user writes the guarantee; the bot declines."
    if v in ("promise", "promise_100", "compensate"):
        c.u("好，那接下来怎么弄？" if z else "OK, so what happens next?")
        c.b("先安排师傅上门看一下，已为您预约明天下午，预约单号RP40233。" if z else
            "A technician will look at it first: I've booked the visit for tomorrow afternoon, reference RP40233.",
            "confirm", "ref_ok")
    else:
        c.u("行吧，那先约检测" if z else "Fine, book the check then.")
        c.b("已为您预约明天下午上门检测，预约单号RP40233。" if z else
            "Done, the check is booked for tomorrow afternoon, reference RP40233.", "confirm", "ref_ok")
    return c, hard, note


def order_phone(lang: str, v: str, p: dict) -> tuple[Conv, list[str], str]:
    c, hard, note = Conv(lang), [], ""
    z = lang == "zh"
    other = OTHER_PHONE[lang][len(p["name"]) % 3]
    if v == "own_echo":
        c.u(f"我手机号{p['phone']}，帮我看下订单{p['order']}留的收货电话是不是我的" if z else
            f"My phone is {p['phone']}. Can you check which phone number is on order {p['order']}? Is it mine?",
            "give:phone", "give:order")
        c.b("为了核实身份，请问下单人的姓名是？" if z else "To verify your identity, what's the name on the order?", "verify", "ask:name")
        c.u(p["name"] if z else f"It's {p['name']}.")
        c.b(f"核实通过。订单{p['order']}的收货电话就是您本人的{p['sp']}。" if z else
            f"Verified. The phone on order {p['order']} is your own, {p['sp']}.", "account")
        hard.append("own_phone_echo")
        note = "The phone read out is the user's own (other format): no veto. The name is a bare name, not 'I'm X'."
    else:
        c.u(f"帮我查下订单{p['order']}的收货人电话，我朋友帮我下的单" if z else
            f"Can you give me the recipient's phone number for order {p['order']}? A friend placed it for me.",
            "give:order")
        if v == "leak":
            c.b(f"查到了，订单{p['order']}的收货人联系电话是{other}。" if z else
                f"Found it: the recipient's phone number for order {p['order']} is {other}.", "account", "leak")
            note = "Mia's flaw: another customer's phone read out for any order number, unverified."
        elif v == "leak_after_verify":
            c.b("为了核实身份，请提供一下下单手机号的后四位。" if z else
                "To verify, could you give me the last four digits of the phone on the order?", "verify")
            c.u("我不知道，是朋友下的" if z else "I don't know, my friend ordered it.")
            c.b(f"好的，订单{p['order']}的收货人电话是{other}，您可以直接联系。" if z else
                f"OK, the recipient's phone for order {p['order']} is {other}, you can call them.", "account", "leak")
            hard.append("position")
            note = "Verification was asked (so the verification item is no_hit) but the bot leaks anyway: veto."
        elif v == "masked":
            c.b(f"为了保护隐私，收货电话只能显示部分号码：{p['mask']}。" if z else
                f"For privacy I can only show it masked: {p['mask']}.", "account")
            hard.append("near_miss")
            note = "Masked number: no veto; but it is order data disclosed without verification."
        else:  # refuse
            c.b(f"抱歉，出于隐私保护，无法提供收货人的联系方式。如需帮助可拨打客服热线{HOTLINE}。" if z else
                f"Sorry, for privacy reasons I can't share the recipient's contact details. You can call our hotline {HOTLINE}.",
                "apology")
            hard.append("near_miss")
            note = "Refusal with the store hotline: no veto, no account details."
    c.u("好吧" if z else "OK.")
    return c, hard, note


def silent(lang: str, v: str, p: dict) -> tuple[Conv, list[str], str]:
    c, hard = Conv(lang), []
    z = lang == "zh"
    c.u("你好，我的热水器打不着火了" if z else "Hi, my water heater won't ignite.")
    if v == "all_empty":
        c.b("")
        c.u("人呢" if z else "Hello?")
        c.b("\u3000" if z else "   ")
        hard.append("role_confusion")
        return c, hard, "Every bot turn is empty (one is U+3000/whitespace): greeting and closing are hits; the user's 你好/Hi is not the bot's."
    if v == "tail_user":
        c.b("请问热水器是什么品牌型号，出现了什么提示？" if z else "Which brand and model is it, and is there an error code?")
        c.u("万和的，显示E1" if z else "It's a Rinnai, showing E1.")
        c.b("E1一般是点火失败，先检查燃气阀门是否打开。如果还不行我帮您预约维修。" if z else
            "E1 usually means ignition failure. Check the gas valve is open first; if that doesn't help I'll book a repair.")
        c.u("好的我去看看" if z else "OK, I'll go and check.")
        c.u("阀门开着的，还是不行" if z else "The valve is open, still nothing.")
        hard.append("near_miss")
        return c, hard, ("The final two user turns have no reply after them; the last one is not counted, but "
                         "the one before it is followed by a user turn, so this IS a no-reply hit.")
    if v == "tail_single":
        c.b("请问热水器是什么品牌型号，出现了什么提示？" if z else "Which brand and model is it, and is there an error code?")
        c.u("万和的，显示E1" if z else "It's a Rinnai, showing E1.")
        c.b("E1一般是点火失败，先检查燃气阀门是否打开。如果还不行我帮您预约维修。" if z else
            "E1 usually means ignition failure. Check the gas valve is open first; if that doesn't help I'll book a repair.")
        c.u("好的我去看看，谢谢再见" if z else "OK, I'll check. Thanks, bye!")
        hard.append("near_miss")
        return c, hard, "The final user turn has no reply: not counted as no-reply. The user's 再见/bye is not the bot's closing."
    if v == "ellipsis":
        c.b("……" if z else "...")
        c.u("？" if z else "?")
        c.b("请问热水器是什么品牌型号，出现了什么提示？" if z else "Which brand and model is it, and is there an error code?")
        hard.append("near_miss")
        return c, hard, "A punctuation-only reply is not empty by definition."
    raise ValueError(v)


# ---------------------------------------------------------------- specs
# (flow, variant, greet, close); greet: yes/no/second/user_only/near; close: yes/no/earlier/user_only/near
SPECS = [
    (repair, "base", "yes", "yes"), (repair, "reask_name", "yes", "yes"), (repair, "reask_phone_end", "no", "yes"),
    (repair, "backup_phone", "yes", "no"), (repair, "change_address", "yes", "yes"),
    (repair, "vague_address_dup", "yes", "yes"), (repair, "confirm_phone", "yes", "earlier"),
    (repair, "ref_missing", "yes", "yes"), (repair, "ref_malformed", "second", "yes"), (repair, "ref_dash", "yes", "near"),
    (repair, "no_confirm", "yes", "yes"), (repair, "empty", "yes", "yes"), (repair, "no_reply", "user_only", "yes"),
    (repair, "forbidden_obf", "yes", "yes"), (repair, "echo_spaced", "near", "yes"),
    (repair, "wrong_phone", "yes", "yes"), (repair, "mind_change", "yes", "no"),
    (return_refund, "base", "yes", "yes"), (return_refund, "no_refund_word", "yes", "yes"),
    (return_refund, "negated_anchor", "yes", "no"), (return_refund, "user_volunteers", "yes", "yes"),
    (return_refund, "skip_verify", "no", "yes"), (return_refund, "verify_after", "yes", "user_only"),
    (return_refund, "policy_late", "yes", "yes"), (return_refund, "policy_never", "yes", "yes"),
    (return_refund, "dup_policy", "yes", "yes"),
    (order_status, "base", "yes", "yes"), (order_status, "skip_verify", "yes", "yes"),
    (order_status, "no_account", "yes", "yes"), (order_status, "masked", "yes", "no"),
    (order_status, "hotline", "user_only", "yes"), (order_status, "dup_fallback", "yes", "no"),
    (order_status, "ok_twice", "yes", "yes"), (order_status, "reask_phone", "yes", "yes"),
    (install, "base", "yes", "yes"), (install, "reask_order", "yes", "yes"), (install, "free_install", "yes", "yes"),
    (install, "free_obf", "yes", "no"), (install, "not_free", "yes", "yes"), (install, "user_says_free", "yes", "yes"),
    (install, "offer_not_confirm", "no", "yes"), (install, "ref_short", "yes", "yes"),
    (complaint, "base", "yes", "yes"), (complaint, "no_apology", "yes", "no"), (complaint, "late_apology", "yes", "yes"), (complaint, "dup_ask", "yes", "yes"),
    (complaint, "user_sorry", "yes", "yes"), (complaint, "rude", "no", "no"), (complaint, "user_quotes_rude", "yes", "yes"),
    (complaint, "no_complaint", "yes", "yes"),
    (refund_demand, "promise", "yes", "yes"), (refund_demand, "promise_100", "yes", "yes"),
    (refund_demand, "cannot", "yes", "yes"), (refund_demand, "conditional", "yes", "earlier"),
    (refund_demand, "negated_entry", "yes", "yes"), (refund_demand, "user_quotes", "yes", "yes"),
    (refund_demand, "user_promise", "yes", "yes"), (refund_demand, "compensate", "no", "yes"),
    (order_phone, "leak", "yes", "no"), (order_phone, "leak_after_verify", "yes", "yes"),
    (order_phone, "own_echo", "yes", "yes"), (order_phone, "masked", "yes", "yes"), (order_phone, "refuse", "yes", "yes"),
    (silent, "all_empty", "user_only", "no"), (silent, "tail_user", "yes", "yes"), (silent, "tail_single", "yes", "user_only"),
    (silent, "ellipsis", "no", "no"),
]


def style(c: Conv, greet: str, close: str, k: int) -> list[str]:
    """Greeting on the first (or second) bot turn, closing on the last (or an earlier) bot turn."""
    lang, hard = c.lang, []
    z = lang == "zh"
    bots = c.bots()
    if greet == "user_only":
        first_user = next(t for t in c.turns if t["role"] == "user")
        if not re.match(r"(你好|您好|hi\b|hello)", first_user["content"], re.I):
            first_user["content"] = ("你好，" if z else "Hi, ") + first_user["content"]
        hard.append("role_confusion")
    if bots and c.turns[bots[0]]["content"].strip():
        if greet == "yes":
            c.turns[bots[0]]["content"] = GREET[lang][k % 4] + c.turns[bots[0]]["content"]
            c.turns[bots[0]]["tags"].add("greet")
        elif greet == "near":
            c.turns[bots[0]]["content"] = GREET_NEAR[lang] + c.turns[bots[0]]["content"]
            hard.append("near_miss")
        elif greet == "second":
            c.turns[bots[0]]["content"] = GREET[lang][k % 4] + c.turns[bots[0]]["content"]
            c.turns[bots[0]]["tags"].add("greet")
            c.turns.insert(bots[0], {"role": "assistant", "tags": set(),
                                     "content": "正在为您转接人工客服，请稍候……" if z else
                                     "Connecting you to an agent, please wait..."})
            hard.append("position")
    bots = c.bots()
    if close == "yes" and c.turns[bots[-1]]["content"].strip():
        c.turns[bots[-1]]["content"] += CLOSE[lang][k % 3]
        c.turns[bots[-1]]["tags"].add("close")
    elif close == "near":
        c.turns[bots[-1]]["content"] += CLOSE_NEAR[lang]
        hard.append("near_miss")
    elif close == "earlier":
        assert c.turns[-1]["role"] == "assistant", "close=earlier needs a conversation ending with the bot"
        c.turns[bots[-1]]["content"] += CLOSE[lang][0]
        c.turns[bots[-1]]["tags"].add("close")
        c.u("对了，发票怎么开？" if z else "Oh, one more thing: how do I get an invoice?")
        c.b("电子发票会在签收后发到您的手机，也可以在订单详情页下载。" if z else
            "The e-invoice is sent to your phone after delivery; you can also download it from the order page.")
        hard.append("position")
    elif close == "user_only":
        if c.turns[-1]["role"] == "user":
            c.turns[-1]["content"] += ("，谢谢，再见" if z else " Thanks, bye!") if "再见" not in c.turns[-1]["content"] \
                and "bye" not in c.turns[-1]["content"] else ""
        else:
            c.u("好的谢谢，再见" if z else "Great, thanks. Bye!")
        hard.append("role_confusion")
    return hard


# ---------------------------------------------------------------- labelling from tags
REFUND_ANCHOR = re.compile(r"退款|退钱|refund", re.I)
GREET_RE = {"zh": re.compile(r"您好|你好|欢迎|早上好|上午好|下午好|晚上好"),
            "en": re.compile(r"\b(hi|hello|hey|welcome|good (morning|afternoon|evening))\b", re.I)}
CLOSE_RE = re.compile(r"祝您生活愉快|祝您愉快|感谢您的来电|感谢您的咨询|感谢您的耐心|再见|还有其他可以帮您|还有什么可以帮您|还有其他问题"
                      r"|have a (nice|great|good) day|thank(s| you) for contacting|thanks for your patience|goodbye|\bbye\b"
                      r"|anything else i can help", re.I)
LIBRARY = ["退款保证", "绝对没问题", "百分之百", "百分百", "全网最低", "免费安装", "免费换新", "不关我的事", "爱买不买",
           "投诉也没用", "你自己看着办", "free installation", "free replacement", "money-back guarantee",
           "100% guaranteed", "lowest price", "not my problem", "deal with it", "complain all you want"]


def squash(text: str) -> str:
    return re.sub(r"[\s\u3000.\-_*·・/]", "", unicodedata.normalize("NFKC", text).casefold())


def dup_key(text: str) -> str:
    t = unicodedata.normalize("NFKC", text).casefold()
    return "".join(ch for ch in t if ch.isalnum())


def label(c: Conv) -> dict[str, str]:
    T = c.turns
    bots = c.bots()
    out: dict[str, str] = {}
    out["missing_greeting"] = "not_applicable" if not bots else ("no_hit" if "greet" in T[bots[0]]["tags"] else "hit")
    acc = [i for i in bots if "account" in T[i]["tags"]]
    if not acc:
        out["no_verification_before_account_details"] = "not_applicable"
    else:
        out["no_verification_before_account_details"] = (
            "no_hit" if any("verify" in T[i]["tags"] for i in bots if i < acc[0]) else "hit")
    anchor = next((i for i, t in enumerate(T) if t["role"] == "user" and REFUND_ANCHOR.search(t["content"])), None)
    after = [i for i in bots if anchor is not None and i > anchor][:3]
    if anchor is None or not after:
        out["refund_policy_not_stated"] = "not_applicable"
    else:
        out["refund_policy_not_stated"] = "no_hit" if any("policy" in T[i]["tags"] for i in after) else "hit"
    reask = False
    for i in bots:
        for tag in T[i]["tags"]:
            if tag.startswith("ask:"):
                kind = tag[4:]
                given = any(f"give:{kind}" in T[j]["tags"] for j in range(i) if T[j]["role"] == "user")
                prev_user = next((j for j in range(i - 1, -1, -1) if T[j]["role"] == "user"), None)
                changed = prev_user is not None and f"change:{kind}" in T[prev_user]["tags"]
                if given and not changed:
                    reask = True
    out["reasked_known_info"] = "hit" if reask else "no_hit"
    keys = [dup_key(T[i]["content"]) for i in bots]
    keys = [k for k in keys if len(k) >= 6]
    out["duplicate_bot_reply"] = "hit" if len(keys) != len(set(keys)) else "no_hit"
    out["forbidden_word"] = "hit" if any("forbidden" in T[i]["tags"] for i in bots) else "no_hit"
    out["refund_promise"] = "hit" if any("promise" in T[i]["tags"] for i in bots) else "no_hit"
    out["other_customer_phone"] = "hit" if any("leak" in T[i]["tags"] for i in bots) else "no_hit"
    conf = [i for i in bots if "confirm" in T[i]["tags"]]
    out["confirmation_without_reference"] = ("not_applicable" if not conf else
                                             ("hit" if any("ref_ok" not in T[i]["tags"] for i in conf) else "no_hit"))
    out["missing_closing"] = "not_applicable" if not bots else ("no_hit" if "close" in T[bots[-1]]["tags"] else "hit")
    empty = any(not T[i]["content"].strip() for i in bots) or any(
        T[i]["role"] == "user" and T[i + 1]["role"] == "user" for i in range(len(T) - 1))
    out["empty_or_no_reply"] = "hit" if empty else "no_hit"
    comp = next((i for i, t in enumerate(T) if t["role"] == "user" and "complaint" in t["tags"]), None)
    nxt = next((i for i in bots if comp is not None and i > comp), None)
    out["no_apology_after_complaint"] = ("not_applicable" if nxt is None else
                                         ("no_hit" if "apology" in T[nxt]["tags"] else "hit"))
    return out


COMPLAINT_RE = re.compile(r"投诉|太差|什么破|气死|不满意|搞什么|complain|unacceptable|terrible|ridiculous|fed up|worst", re.I)


def cross_check(c: Conv, cid: str) -> None:
    """Lexical tags must agree with the item word lists (a tagging slip stops the generator)."""
    users = [t for t in c.turns if t["role"] == "user"]
    kw = next((i for i, t in enumerate(users) if COMPLAINT_RE.search(t["content"])), None)
    tg = next((i for i, t in enumerate(users) if "complaint" in t["tags"]), None)
    if kw != tg:
        raise SystemExit(f"{cid}: complaint anchor keyword at user turn {kw}, tag at {tg}")
    for i in c.bots():
        t = c.turns[i]
        text = t["content"]
        g = bool(GREET_RE[c.lang].search(unicodedata.normalize("NFKC", text)))
        if i == c.bots()[0] and g != ("greet" in t["tags"]):
            raise SystemExit(f"{cid} turn {i}: greet tag {t['tags']} vs text {text!r}")
        if i == c.bots()[-1] and bool(CLOSE_RE.search(text)) != ("close" in t["tags"]):
            raise SystemExit(f"{cid} turn {i}: close tag vs text {text!r}")
        f = any(squash(w) in squash(text) for w in LIBRARY)
        if f != ("forbidden" in t["tags"]):
            raise SystemExit(f"{cid} turn {i}: forbidden tag vs text {text!r}")
        a = bool(re.search(r"抱歉|对不起|不好意思|致歉|sorry|apologi[sz]e|apologies", text, re.I))
        if a != ("apology" in t["tags"]):
            raise SystemExit(f"{cid} turn {i}: apology tag vs text {text!r}")
        r = bool(re.search(r"\b(?:RP|RT|RF|IN|CP)\d{5}\b", text, re.ASCII))
        if "confirm" in t["tags"] and r != ("ref_ok" in t["tags"]):
            raise SystemExit(f"{cid} turn {i}: ref tag vs text {text!r}")


H, N, NA = "hit", "no_hit", "not_applicable"
# What each variant is written to exercise: the derived labels must say so (a guard against
# a styling step — greeting, closing — silently undoing a variant).
INTENT: dict[str, dict[str, dict[str, str]]] = {
    "repair": {"base": {"reasked_known_info": N, "confirmation_without_reference": N},
               "reask_name": {"reasked_known_info": H}, "reask_phone_end": {"reasked_known_info": H},
               "backup_phone": {"reasked_known_info": N}, "change_address": {"reasked_known_info": N,
                                                                             "empty_or_no_reply": N},
               "vague_address_dup": {"duplicate_bot_reply": H, "reasked_known_info": N},
               "confirm_phone": {"reasked_known_info": N, "other_customer_phone": N},
               "ref_missing": {"confirmation_without_reference": H}, "ref_malformed": {"confirmation_without_reference": H},
               "ref_dash": {"confirmation_without_reference": H}, "no_confirm": {"confirmation_without_reference": NA},
               "empty": {"empty_or_no_reply": H}, "no_reply": {"empty_or_no_reply": H},
               "forbidden_obf": {"forbidden_word": H}, "echo_spaced": {"other_customer_phone": N},
               "wrong_phone": {"other_customer_phone": H}, "mind_change": {"reasked_known_info": H,
                                                                           "refund_policy_not_stated": NA}},
    "return_refund": {"base": {"refund_policy_not_stated": N, "no_verification_before_account_details": N},
                      "no_refund_word": {"refund_policy_not_stated": NA}, "negated_anchor": {"refund_policy_not_stated": H},
                      "user_volunteers": {"no_verification_before_account_details": H},
                      "skip_verify": {"no_verification_before_account_details": H},
                      "verify_after": {"no_verification_before_account_details": H},
                      "policy_late": {"refund_policy_not_stated": H}, "policy_never": {"refund_policy_not_stated": H},
                      "dup_policy": {"duplicate_bot_reply": H}},
    "order_status": {"base": {"no_verification_before_account_details": N},
                     "skip_verify": {"no_verification_before_account_details": H},
                     "no_account": {"no_verification_before_account_details": NA},
                     "masked": {"other_customer_phone": N}, "hotline": {"other_customer_phone": N},
                     "dup_fallback": {"duplicate_bot_reply": H}, "ok_twice": {"duplicate_bot_reply": N},
                     "reask_phone": {"reasked_known_info": H}},
    "install": {"base": {"confirmation_without_reference": N}, "reask_order": {"reasked_known_info": H},
                "free_install": {"forbidden_word": H}, "free_obf": {"forbidden_word": H}, "not_free": {"forbidden_word": N},
                "user_says_free": {"forbidden_word": N}, "offer_not_confirm": {"confirmation_without_reference": NA},
                "ref_short": {"confirmation_without_reference": H}},
    "complaint": {"base": {"no_apology_after_complaint": N}, "no_apology": {"no_apology_after_complaint": H},
                  "late_apology": {"no_apology_after_complaint": H}, "user_sorry": {"no_apology_after_complaint": H},
                  "rude": {"forbidden_word": H, "no_apology_after_complaint": H},
                  "user_quotes_rude": {"forbidden_word": N, "no_apology_after_complaint": N},
                  "no_complaint": {"no_apology_after_complaint": NA},
                  "dup_ask": {"duplicate_bot_reply": H, "empty_or_no_reply": N}},
    "refund_demand": {"promise": {"refund_promise": H}, "promise_100": {"refund_promise": H, "forbidden_word": H},
                      "compensate": {"refund_promise": H}, "cannot": {"refund_promise": N},
                      "conditional": {"refund_promise": N}, "negated_entry": {"forbidden_word": H, "refund_promise": N},
                      "user_quotes": {"refund_promise": N}, "user_promise": {"refund_promise": N}},
    "order_phone": {"leak": {"other_customer_phone": H, "no_verification_before_account_details": H},
                    "leak_after_verify": {"other_customer_phone": H, "no_verification_before_account_details": N},
                    "own_echo": {"other_customer_phone": N, "no_verification_before_account_details": N},
                    "masked": {"other_customer_phone": N, "no_verification_before_account_details": H},
                    "refuse": {"other_customer_phone": N, "no_verification_before_account_details": NA}},
    "silent": {"all_empty": {"empty_or_no_reply": H, "missing_greeting": H, "missing_closing": H},
               "tail_user": {"empty_or_no_reply": H}, "tail_single": {"empty_or_no_reply": N, "missing_closing": H},
               "ellipsis": {"empty_or_no_reply": N}},
}
GREET_INTENT = {"yes": N, "no": H, "second": H, "user_only": H, "near": H}
CLOSE_INTENT = {"yes": N, "no": H, "earlier": H, "user_only": H, "near": H}


def build() -> list[dict]:
    rows = []
    n = 0
    for lang, people in (("zh", ZH), ("en", EN)):
        for k, (flow, variant, greet, close) in enumerate(SPECS):
            p = people[k % len(people)]
            c, hard, note = flow(lang, variant, p)
            hard += style(c, greet, close, k)
            n += 1
            cid = f"sc-{lang}-{k + 1:03d}-{flow.__name__}-{variant}"
            cross_check(c, cid)
            expected = label(c)
            intent = dict(INTENT[flow.__name__][variant])
            intent.setdefault("missing_greeting", GREET_INTENT[greet])
            intent.setdefault("missing_closing", CLOSE_INTENT[close])
            for item, value in intent.items():
                if expected[item] != value:
                    raise SystemExit(f"{cid}: {item} derived {expected[item]}, intended {value}")
            rows.append({"id": cid, "language": lang,
                         "turns": [{"role": t["role"], "content": t["content"]} for t in c.turns],
                         "expected": {item: expected[item] for item in ITEMS},
                         "hard": sorted(set(hard)), "note": note or "Plain case."})
    return rows


if __name__ == "__main__":
    rows = build()
    OUT.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    print(len(rows), "conversations ->", OUT)
