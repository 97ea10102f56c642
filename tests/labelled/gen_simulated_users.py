"""Generator of tests/labelled/simulated_users/dialogs.jsonl (issue 40).

Each dialog is built from a hand-written scenario (repair booking, return, order
status, installation, complaint, price-protection refund; zh and en) played by a
persona whose facts (name, phone, order number, address, amount, ID number) live in
the persona, the goal or the follow-ups. A variant then either adds a harmless
invention (a date, a product name, small talk, a number the bot gave repeated back,
a persona value in another format) — a clean dialog, expected [] — or injects one
deviation at a known user turn: an invented fact, a role inversion, meta-talk, or an
early stop. The expected turn is the 0-based index into `turns` of the injected user
turn, recorded when it is written, never searched for afterwards.

Run: python tests/labelled/gen_simulated_users.py  (rewrites the JSONL; deterministic)
"""

from __future__ import annotations

import json
from pathlib import Path

OUT = Path(__file__).parent / "simulated_users" / "dialogs.jsonl"

ZH_PEOPLE = [
    dict(name="王伟", title="王先生", background="退休中学老师，住老小区", personality="急躁，说话直接", patience="low",
         phone="13911027364", phone_alt="139-1102-7364", order="HC2611280417", addr="朝阳区望京西路48号院3号楼502",
         price="3299", id="110105195803124517"),
    dict(name="李娜", title="李女士", background="外企白领，工作忙", personality="礼貌，讲效率", patience="medium",
         phone="15821463390", phone_alt="158 2146 3390", order="HC2611150932", addr="海淀区学院路30号7单元301",
         price="599", id="110108199107226024"),
    dict(name="张磊", title="张先生", background="程序员，刚搬新家", personality="理性，爱追问细节", patience="high",
         phone="18617552083", phone_alt="186 1755 2083", order="HC2610307721", addr="浦东新区张杨路1200号15楼",
         price="4599", id="310115199205183316"),
    dict(name="刘芳", title="刘女士", background="全职妈妈，两个孩子", personality="啰嗦，容易着急", patience="medium",
         phone="13760219845", phone_alt="137 6021 9845", order="HC2611020356", addr="天河区体育西路103号1802",
         price="1899", id="440106198811025427"),
    dict(name="陈静", title="陈女士", background="开小超市的个体户", personality="精明，爱砍价", patience="low",
         phone="15013348862", phone_alt="150-1334-8862", order="HC2611210488", addr="南山区科技园南路16号",
         price="2599", id="440305198503146628"),
]
EN_PEOPLE = [
    dict(name="Sarah Miller", title="Ms Miller", background="nurse working night shifts", personality="polite but tired",
         patience="medium", phone="+1 415 555 0182", phone_alt="+1-415-555-0182", order="HC2611280519",
         addr="12 Baker Street", price="649", id="M48213907"),
    dict(name="James Chen", title="Mr Chen", background="software engineer, just moved in", personality="precise, asks follow-up questions",
         patience="high", phone="139 1804 2271", phone_alt="13918042271", order="HC2611170264",
         addr="48 Maple Avenue", price="1299", id="E72648310"),
    dict(name="Emily Brown", title="Ms Brown", background="retired librarian", personality="chatty", patience="high",
         phone="+44 20 7946 0958", phone_alt="+44 20 7946 0958", order="HC2610290773",
         addr="7 Riverside Drive", price="389", id="K20938475"),
    dict(name="David Wilson", title="Mr Wilson", background="runs a small café", personality="impatient, blunt", patience="low",
         phone="158 0217 6634", phone_alt="15802176634", order="HC2611090145",
         addr="230 Oak Lane", price="899", id="P55102938"),
    dict(name="Laura Smith", title="Ms Smith", background="teacher with a toddler", personality="anxious, repeats herself",
         patience="medium", phone="186 2093 5517", phone_alt="18620935517", order="HC2611230806",
         addr="5 Station Road", price="459", id="T30418862"),
]
INVENTED = {
    "zh": dict(phone="18820463159", order="HC2611119876", addr="西城区金融大街35号", price="5299", name="王强",
               id="110101199001011237"),
    "en": dict(phone="137 2209 4815", order="HC2611119876", addr="99 Elm Street", price="1,749", name="Robert Green",
               id="X90817263"),
}


class D:
    def __init__(self, lang: str):
        self.lang = lang
        self.turns: list[dict] = []
        self.expected: list[dict] = []

    def u(self, text: str, flag: str | None = None) -> int:
        self.turns.append({"role": "user", "content": text})
        i = len(self.turns) - 1
        if flag:
            self.expected.append({"turn": i, "kind": flag})
        return i

    def b(self, text: str) -> None:
        self.turns.append({"role": "assistant", "content": text})


def persona_of(p: dict, facts: tuple[str, ...]) -> dict:
    out = {k: p[k] for k in ("name", "background", "personality", "patience")}
    keymap = {"phone": "phone", "order": "order_number", "addr": "address", "price": "amount_paid", "id": "id_number"}
    for f in facts:
        out[keymap[f]] = p[f] if f != "price" else p[f]
    return out


# --------------------------------------------------------------- injections
def meta_line(lang: str, k: int) -> str:
    return [
        "作为模拟用户，我现在应该提供我的联系电话。",
        "（根据我的设定，我是一个没耐心的顾客，所以我要催一下）快点行不行？",
        "我的指令是要求对方给出预约单号，请给我单号。",
        "目标：完成预约。stop_when：预约成功。好的，继续。",
        "按照人设我应该表现得很着急……那个，能快点吗？",
        "作为测试用的虚拟用户，我接下来会追问退款时间。退款多久到账？",
        "【follow_ups 第2条】我叫什么来着，稍等，我看下设定。",
    ][k % 7] if lang == "zh" else [
        "As the simulated user, I should now give my phone number.",
        "(My persona says I'm impatient, so I'll push a bit.) Can we hurry this up?",
        "My instructions say I need to get a booking reference, so please give me one.",
        "Goal: complete the booking. Stop when: booked. OK, continuing.",
        "As an AI playing the customer, I'll ask about the refund timeline next. How long will it take?",
        "According to my script, the next follow-up is my address.",
        "I'm supposed to act annoyed here... anyway, is it done yet?",
    ][k % 7]


def role_line(lang: str, k: int) -> str:
    return [
        "您好，请问有什么可以帮您？",
        "好的，麻烦您提供一下手机号码，我这边帮您登记。",
        "根据我们的政策，质量问题15天内可以免费退换，您放心。",
        "请问还有其他可以帮您的吗？",
        "请您提供一下订单号，我帮您查询一下物流。",
        "非常抱歉给您带来不便，我们会尽快为您处理。",
        "亲，您的问题我已经记录了，稍后会有专人联系您哦。",
    ][k % 7] if lang == "zh" else [
        "Hi, how can I help you today?",
        "Sure, could you give me your phone number so I can book that for you?",
        "Per our policy, faulty items can be returned within 15 days, so you're covered.",
        "Is there anything else I can help you with?",
        "Could you send me your order number so I can check the delivery?",
        "I'm sorry for the inconvenience, we'll get this sorted for you right away.",
        "Thanks for your patience, I've logged your issue and a colleague will call you back.",
    ][k % 7]


def quit_line(lang: str, k: int) -> str:
    return ["算了算了，太麻烦了，我不弄了，再见。", "我先挂了，回头再说吧。", "行了不用了，拜拜。", "我还有事，先这样吧。"][k % 4] \
        if lang == "zh" else ["Forget it, this is too much hassle. Bye.", "I have to go, I'll sort it out later.",
                              "Never mind, thanks. Bye.", "Actually, I'll call back another time."][k % 4]


# --------------------------------------------------------------- scenarios
# Each scenario plays the dialog up to the success reply. `hooks` lets a variant change a
# user turn: hooks[slot](default_text) -> (text, flag). A variant "early:<slot>" stops after <slot>.
def play(d: D, steps: list[tuple[str, str, str]], hooks: dict, early: str | None, k: int,
         inserts: dict | None = None) -> None:
    """steps: (slot, user_text, bot_reply). The dialog stops early after `early`."""
    inserts = inserts or {}
    prev_bot = ""
    for slot, user_text, bot_reply in steps:
        if slot in inserts:  # a deviating user turn of its own, the bot asks again, then the real answer
            line, flag = inserts[slot]
            d.u(line, flag)
            d.b(("不好意思，我没太明白。" if d.lang == "zh" else "Sorry, I didn't quite follow. ") + prev_bot
                if prev_bot else ("您好，我是HomeCare客服小美。请问有什么可以帮您？" if d.lang == "zh"
                                  else "Hi, I'm Mia from HomeCare. How can I help?"))
        text, flag = hooks.get(slot, lambda t: (t, None))(user_text)
        d.u(text, flag)
        prev_bot = bot_reply
        if slot == early:
            d.b(bot_reply)
            d.u(quit_line(d.lang, k), "early_stop")
            return
        d.b(bot_reply)


def repair(lang: str, p: dict, inv: dict, hooks: dict, early: str | None, k: int, mode: str):
    z = lang == "zh"
    name, phone, addr = p["name"], p["phone"], p["addr"]
    if mode == "inv_name":
        name = inv["name"]
    if mode == "inv_phone":
        phone = inv["phone"]
    if mode == "inv_addr":
        addr = inv["addr"]
    shown_phone = p["phone_alt"].split(" — ")[-1] if mode == "clean:fmt" else phone
    if z:
        goal = "预约空调上门维修（空调不制冷）"
        follow = [f"我叫{p['name']}", f"电话 {p['phone']}", f"地址 {p['addr']}"]
        stop = ["预约成功"]
        steps = [("open", "我家空调不制冷了，吹的都是热风，能派个师傅来看看吗", "好的，可以为您预约上门维修。请问您怎么称呼？"),
                 ("name", f"我叫{name}", "请留一个联系电话，方便工程师联系您。"),
                 ("phone", shown_phone, "请问上门维修的地址是哪里？"),
                 ("addr", addr, f"预约成功！{name}，已为您登记上门维修（空调不制冷）。工程师会尽快拨打 {phone} 与您联系，"
                                f"上门地址：{addr}。预约单号 RP31852。")]
    else:
        goal = "book a repair visit for an air conditioner that is blowing warm air"
        follow = [f"My name is {p['name']}", f"My number is {p['phone']}", f"The address is {p['addr']}"]
        stop = ["booked"]
        steps = [("open", "Hi, my air conditioner is blowing warm air. Can you send someone to fix it?",
                  "Sure, I can book a repair visit. May I have your name, please?"),
                 ("name", f"It's {name}.", "What phone number can our technician reach you on?"),
                 ("phone", shown_phone, "What is the address for the repair visit?"),
                 ("addr", addr, f"All set, {name}: your repair is booked (air conditioner not cooling). Our technician "
                                f"will call you on {phone} and visit {addr}. Booking reference RP31852.")]
    return persona_of(p, ()), goal, follow, stop, steps


def return_(lang: str, p: dict, inv: dict, hooks: dict, early: str | None, k: int, mode: str):
    z = lang == "zh"
    order = inv["order"] if mode == "inv_order" else p["order"]
    if z:
        goal = f"退掉订单{p['order']}里的电烤箱（用了两次就不加热）"
        stop = ["退货申请已受理"]
        steps = [("open", f"你好，上周买的电烤箱想退掉，订单号{order}", "可以为您办理退货。请问退货的原因是什么？"),
                 ("reason", "用了两次就不加热了", "退货申请已受理，退货单号 RT40917。快递员将在 1-3 个工作日内上门取件，"
                                             "退款会在我们收到商品后 7 天内原路退回。")]
    else:
        goal = f"return the oven from order {p['order']} (stopped heating after two uses)"
        stop = ["return accepted"]
        steps = [("open", f"Hello, I'd like to return the oven I bought last week. Order {order}.",
                  "I can help with a return. What is the reason for returning it?"),
                 ("reason", "It stopped heating after two uses.",
                  "OK, return accepted: your return number is RT40917. A courier will collect the item within 1-3 "
                  "working days and the refund follows within 7 days of receipt.")]
    return persona_of(p, ()), goal, [], stop, steps


def status(lang: str, p: dict, inv: dict, hooks: dict, early: str | None, k: int, mode: str):
    z = lang == "zh"
    phone = inv["phone"] if mode == "inv_phone" else p["phone"]
    if z:
        goal = "查询冰箱订单的物流进度"
        stop = ["预计"]
        steps = [("open", f"帮我查下我买的冰箱到哪了，订单{p['order']}", "为了保护您的信息安全，请提供一下下单手机号。"),
                 ("phone", phone, "核实通过。您的冰箱已于今天上午从北京仓发出，预计后天送达。")]
    else:
        goal = "find out where the fridge order is"
        stop = ["expected to arrive"]
        steps = [("open", f"Can you tell me where my fridge is? Order {p['order']}.",
                  "To keep your account safe, could you give me the phone number on the order?"),
                 ("phone", phone, "Thanks, verified. Your fridge left the warehouse this morning and is expected to arrive "
                                  "the day after tomorrow.")]
    return persona_of(p, ("phone", "order")), goal, [], stop, steps


def install(lang: str, p: dict, inv: dict, hooks: dict, early: str | None, k: int, mode: str):
    z = lang == "zh"
    order = inv["order"] if mode == "inv_order" else p["order"]
    addr = inv["addr"] if mode == "inv_addr" else p["addr"]
    if z:
        goal = "预约新买的滚筒洗衣机上门安装"
        stop = ["安装单号"]
        steps = [("open", "洗衣机到货了，想约个师傅上门安装", "好的，请问您的订单号是多少？"),
                 ("order", order, "请问安装地址是？"),
                 ("addr", addr, "请问您希望哪天上门？"),
                 ("when", "明天上午吧，下午我要上班", f"已为您预约明天上午 9:00-12:00 上门安装，安装单号 IN22841，地址：{addr}。")]
    else:
        goal = "book the installation of a new front-loading washing machine"
        stop = ["installation reference"]
        steps = [("open", "My new washing machine has arrived, I'd like to book the installation.", "Sure. What's your order number?"),
                 ("order", order, "And the installation address?"),
                 ("addr", addr, "Which day would you like the installer to come?"),
                 ("when", "Tomorrow morning, please, I'm at work in the afternoon.",
                  f"Done: installation tomorrow 9:00-12:00 at {addr}, installation reference IN22841.")]
    return persona_of(p, ("order", "addr")), goal, [], stop, steps


def complaint(lang: str, p: dict, inv: dict, hooks: dict, early: str | None, k: int, mode: str):
    z = lang == "zh"
    if z:
        goal = "投诉上次维修后热水器两天就又坏了，要求留下投诉记录"
        stop = ["投诉已记录"]
        steps = [("open", "我要投诉，你们师傅上周修的热水器，没两天又打不着火了", "请问您要投诉什么问题？请具体描述一下。"),
                 ("detail", "上周三修的，换了个点火器，收了我180，结果周五又不行了", "您的投诉已记录，投诉编号 CP58310。"
                                                                     "相关部门会在 3 个工作日内处理并回复您。")]
    else:
        goal = "complain that the water heater failed again two days after a repair, and get it on record"
        stop = ["complaint recorded"]
        steps = [("open", "I want to make a complaint. Your technician fixed my water heater last week and it's broken again.",
                  "What would you like to complain about? Please describe what happened."),
                 ("detail", "He replaced the igniter last Wednesday, charged me 180, and by Friday it wouldn't light again.",
                  "Noted, complaint recorded: ticket CP58310. The relevant team will get back to you within 3 working days.")]
    # the 180 paid is part of the goal's story: put it in the persona
    per = persona_of(p, ())
    per["amount_paid"] = "180"
    return per, goal, [], stop, steps


def price_protect(lang: str, p: dict, inv: dict, hooks: dict, early: str | None, k: int, mode: str):
    z = lang == "zh"
    price = inv["price"] if mode == "inv_amount" else p["price"]
    if z:
        goal = f"订单{p['order']}的空气炸锅降价了，申请价保退差价"
        stop = ["退款单号"]
        steps = [("open", f"我前几天买的空气炸锅降价了，能退差价吗？订单{p['order']}", "可以的，请问您购买时的实付金额是多少？"),
                 ("paid", f"{price}元", "查到现在售价比您购买时低 100 元，已为您提交价保申请，退款单号 RF17420，"
                                       "100 元会在 1-3 个工作日内原路退回。")]
    else:
        goal = f"claim the price drop on the air fryer from order {p['order']}"
        stop = ["refund reference"]
        steps = [("open", f"The air fryer I bought a few days ago is cheaper now. Can I get the difference back? Order {p['order']}.",
                  "Yes. How much did you pay for it?"),
                 ("paid", f"{price}.", "The price is now 100 lower than what you paid. I've submitted a price-protection "
                                      "claim, refund reference RF17420; the 100 goes back to your card within 1-3 working days.")]
    return persona_of(p, ("price",)), goal, [], stop, steps


SCEN = {"repair": repair, "return": return_, "status": status, "install": install, "complaint": complaint,
        "price": price_protect}

# clean dialogs: a harmless invention added to one user turn, or a closing line after success.
HARMLESS = {
    "zh": {
        "date": ("open", None, "a date/time is not a fact in scope"),
        "product": ("open", lambda t: t.replace("空调", "格力云佳1.5匹空调", 1).replace("洗衣机", "小天鹅10公斤滚筒洗衣机", 1)
                    .replace("电烤箱", "美的PT3530电烤箱", 1).replace("冰箱", "海尔BCD-470冰箱", 1)
                    .replace("空气炸锅", "九阳空气炸锅", 1).replace("热水器", "万和燃气热水器", 1),
                    "a product name / model number is not a fact in scope"),
        "smalltalk": ("open", lambda t: "这两天热死了，" + t.removeprefix("你好，"), "small talk"),
        "bot_echo": (None, None, "the user repeats a reference number the bot gave"),
        "thanks": (None, None, "a thank-you with small talk and another product name after the goal is reached"),
        "fmt": (None, None, "a persona value given in another format (spaces/dashes)"),
    },
    "en": {
        "date": ("open", None, "a date/time is not a fact in scope"),
        "product": ("open", lambda t: t.replace("air conditioner", "Daikin FTXM35 air conditioner", 1)
                    .replace("washing machine", "Bosch Serie 6 washing machine", 1).replace("the oven", "the Breville Smart Oven", 1)
                    .replace("my fridge", "my Samsung RB34 fridge", 1).replace("air fryer", "Ninja air fryer", 1)
                    .replace("water heater", "Rinnai water heater", 1),
                    "a product name / model number is not a fact in scope"),
        "smalltalk": ("open", lambda t: "Sorry, it's been a long day at work. " + (lambda r: r[:1].upper() + r[1:])(
                          t.removeprefix("Hi, ").removeprefix("Hello, ")), "small talk"),
        "bot_echo": (None, None, "the user repeats a reference number the bot gave"),
        "thanks": (None, None, "a thank-you with small talk and another product name after the goal is reached"),
        "fmt": (None, None, "a persona value given in another format (spaces/dashes)"),
    },
}
DATES = {"zh": {"repair": "，明天下午家里有人", "return": "，11月28号收到的", "status": "，说好上周五发货的",
               "install": "，这周末都在家", "complaint": "，今天必须给我个说法", "price": "，我是上周一下的单"},
         "en": {"repair": " Someone's home tomorrow afternoon.", "return": " It arrived on 28 November.",
                "status": " It was supposed to ship last Friday.", "install": " I'm home all weekend.",
                "complaint": " I want an answer by tomorrow.", "price": " I ordered it last Monday."}}
ECHO = {"repair": ("RP31852", "那RP31852这个单子，师傅大概几点到？", "So for RP31852, roughly what time will the technician come?",
                   "工程师上门前会电话联系您确认具体时间。", "The technician will call you beforehand to agree a time."),
        "return": ("RT40917", "RT40917，记下了。快递员来之前会打电话吗？", "RT40917, got it. Will the courier call before coming?",
                   "会的，快递员上门前会先联系您。", "Yes, the courier calls before collecting."),
        "status": ("后天", "后天送到是吧，好的", "The day after tomorrow, great.", "是的，请保持电话畅通。", "Yes, please keep your phone on."),
        "install": ("IN22841", "IN22841，好的，要我准备什么吗？", "IN22841, great. Do I need to prepare anything?",
                    "请提前准备好水龙头和排水口即可。", "Just make sure the tap and the drain are accessible."),
        "complaint": ("CP58310", "CP58310是吧，3个工作日内一定要给我回复啊", "CP58310, right? Please do get back to me within 3 days.",
                      "好的，会在 3 个工作日内回复您。", "Yes, the team will reply within 3 working days."),
        "price": ("100", "退100是吧，行，谢谢", "100 back, fine, thanks.", "是的，不客气。", "Yes, you're welcome.")}


def build() -> list[dict]:
    rows: list[dict] = []
    k = 0
    for lang, people in (("zh", ZH_PEOPLE), ("en", EN_PEOPLE)):
        z = lang == "zh"
        inv = INVENTED[lang]
        variants: list[tuple[str, str]] = []
        # 24 clean per language
        for scen in SCEN:
            for h in ("date", "product", "smalltalk", "bot_echo"):
                variants.append((scen, "clean:" + h))
        variants += [("repair", "clean:fmt"), ("repair", "clean:thanks"), ("status", "clean:thanks"),
                     ("install", "clean:thanks")]
        # 8 invented per language
        variants += [("repair", "inv_name"), ("repair", "inv_phone"), ("repair", "inv_addr"), ("return", "inv_order"),
                     ("status", "inv_phone"), ("install", "inv_order"), ("price", "inv_amount"), ("complaint", "inv_id")]
        # 7 role inversion, 7 meta, 7 early per language
        for i, scen in enumerate(["repair", "return", "status", "install", "complaint", "price", "repair"]):
            variants.append((scen, f"role:{i}"))
        for i, scen in enumerate(["repair", "install", "return", "repair", "status", "complaint", "install"]):
            variants.append((scen, f"meta:{i}"))
        for i, scen in enumerate(["repair", "repair", "install", "install", "return", "status", "price"]):
            variants.append((scen, f"early:{i}"))
        # 2 per language with two deviations each
        variants += [("repair", "combo:inv_phone+early"), ("install", "combo:meta+inv_addr")]
        for n, (scen, var) in enumerate(variants):
            k += 1
            p = people[n % len(people)]
            mode = {"combo:inv_phone+early": "inv_phone", "combo:meta+inv_addr": "inv_addr"}.get(var, var)
            d = D(lang)
            persona, goal, follow, stop, steps = SCEN[scen](lang, p, inv, {}, None, k, mode)
            hooks: dict = {}
            inserts: dict = {}
            early = None
            note = ""
            if var.startswith("clean:"):
                h = var.split(":")[1]
                slot, fn, why = HARMLESS[lang][h]
                if h == "date":
                    def fn(t: str, s: str = DATES[lang][scen]) -> str:
                        return t + s
                if slot:
                    hooks[slot] = lambda t, fn=fn: (fn(t), None)
                note = "Clean: " + why + "."
                if h == "fmt":
                    note = f"Clean: the phone is given as {p['phone_alt'].split(' — ')[-1]!r}, the persona's number in another format."
            elif var == "inv_name":
                note = f"The user gives the name {inv['name']}; the persona and follow-ups say {p['name']}."
            elif var == "inv_phone":
                note = f"Phone {inv['phone']} is not in the persona, goal or follow-ups ({p['phone']})."
            elif var == "inv_addr":
                note = f"Address {inv['addr']} is not in the persona, goal or follow-ups ({p['addr']})."
            elif var == "inv_order":
                note = f"Order number {inv['order']} is not the one in the goal/persona ({p['order']})."
            elif var == "inv_amount":
                note = f"Amount {inv['price']} is not the persona's amount_paid ({p['price']})."
            elif var == "inv_id":
                slot_text = (f"对了，身份证号{inv['id']}，你们要核实可以用" if z else
                             f"By the way, my ID number is {inv['id']} if you need to check.")
                hooks["detail"] = lambda t, s=slot_text, sep=("。" if z else " "): (t + sep + s, "invented_fact")
                note = "An ID number the persona does not have (the persona has none in this scenario)."
            elif var.startswith("role:"):
                i = int(var.split(":")[1])
                target = steps[1][0] if len(steps) > 1 else steps[0][0]
                line = role_line(lang, i)
                if i % 2:
                    hooks[target] = lambda t, line=line, sep=("。" if z else " "): (t + sep + line, "role_inversion")
                else:
                    inserts[target] = (line, "role_inversion")
                note = "The user writes as the agent: " + line
            elif var.startswith("meta:"):
                i = int(var.split(":")[1])
                target = steps[1][0] if len(steps) > 1 else steps[0][0]
                line = meta_line(lang, i)
                if i % 2:
                    hooks[target] = lambda t, line=line, sep=("" if z else " "): (line + sep + t, "meta_talk")
                else:
                    inserts[target] = (line, "meta_talk")
                note = "Meta-talk about being a simulator / its prompt: " + line
            elif var.startswith("early:"):
                i = int(var.split(":")[1])
                early = steps[min(i % 2, len(steps) - 2)][0]
                note = f"The user quits after the '{early}' step; stop_when {stop} was never met and the goal not reached."
            elif var == "combo:inv_phone+early":
                early = "phone"
                hooks["phone"] = lambda t: (t, "invented_fact")
                note = (f"Two deviations: phone {inv['phone']} is not the follow-ups' ({p['phone']}), then the user "
                        "quits before the booking.")
            elif var == "combo:meta+inv_addr":
                inserts["order"] = (meta_line(lang, 5), "meta_talk")
                hooks["addr"] = lambda t: (t, "invented_fact")
                note = (f"Two deviations: meta-talk before the order number, then address {inv['addr']} that is not "
                        f"the persona's ({p['addr']}).")
            if var.startswith("inv_") and var != "inv_id":
                flag_slot = {"inv_name": "name", "inv_phone": "phone", "inv_addr": "addr", "inv_order":
                             "open" if scen == "return" else "order", "inv_amount": "paid"}[var]
                hooks[flag_slot] = lambda t: (t, "invented_fact")
            play(d, steps, hooks, early, k, inserts)
            if var.startswith("clean:"):
                h = var.split(":")[1]
                if h == "bot_echo":
                    _, uz, ue, bz, be = ECHO[scen]
                    d.u(uz if z else ue)
                    d.b(bz if z else be)
                elif h == "thanks":
                    d.u("好的，谢谢，辛苦了。你们客服态度挺好，我家那台九阳豆浆机也是在你们这买的" if z else
                        "Great, thank you so much! You were much quicker than when I bought my Dyson V8 elsewhere.")
            elif early is None and n % 3 == 0:
                d.u("好的，谢谢" if z else "OK, thanks.")
            rows.append({"id": f"su-{lang}-{n + 1:03d}-{scen}-{var.replace(':', '-')}", "language": lang,
                         "persona": persona, "goal": goal, "follow_ups": follow, "stop_when": stop,
                         "turns": d.turns, "expected": d.expected, "note": note})
    return rows


if __name__ == "__main__":
    rows = build()
    OUT.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    print(len(rows), "dialogs ->", OUT)
