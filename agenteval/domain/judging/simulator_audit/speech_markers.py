"""What a customer does not say: the agent's phrases (role inversion) and talk about
being a simulator or about its prompt (meta-talk), in Chinese and English.

Lexicons, matched case-insensitively on each user turn; each entry names why it is
there, so a flag explains itself. A customer being polite to the agent ("麻烦您帮我查一下",
"thanks for your help") is not the agent's voice: the entries are what the agent says
to a customer — offering help, asking for the customer's details so that *it* can act,
quoting the store's policy as the store, apologising for the store, saying an issue is
logged.
"""

from __future__ import annotations

import re

ROLE_INVERSION: tuple[tuple[str, str], ...] = (
    (r"有什么(?:可以|能|需要)(?:帮|为)(?:您|你)|还有(?:其他|别的|什么)(?:可以|能|需要)(?:帮|为)(?:您|你)"
     r"|很高兴为您服务|请问您需要什么帮助",
     "offers help as the agent does"),
    (r"how (?:can|may) i (?:help|assist)|anything else i can (?:help|do)"
     r"|what can i do for you|how can we help",
     "offers help as the agent does"),
    (r"(?:麻烦|请)(?:您|你)(?:提供|报|留|发)(?:一下)?(?:您|你)?的?"
     r"(?:手机|电话|订单|姓名|名字|地址|身份证|联系方式|账号)"
     r"|请提供(?:一下)?(?:您|你)的|我这边(?:帮|为|给)您"
     r"|我(?:来)?(?:帮|为)您(?:查询|查一下|登记|处理|预约|核实|办理)",
     "asks for the customer's details as the agent does"),
    (r"(?:could|can|would) you (?:please )?(?:give|send|tell|provide) me your "
     r"(?:phone|mobile|order|address|account|id|details)"
     r"|so (?:that )?i can (?:book|check|look it up|help you|process|arrange|verify)"
     r"|(?:may i have|please provide) your (?:phone|mobile|order|address|account|id|details)",
     "asks for the customer's details as the agent does"),
    (r"根据我们的(?:政策|规定)|按照我们的(?:政策|规定)|我们的(?:政策|规定)是|本店(?:政策|规定)",
     "quotes the store's policy as the store"),
    (r"(?:per|according to|under) our (?:policy|policies|terms|rules)|our (?:return|refund) policy",
     "quotes the store's policy as the store"),
    (r"给您带来(?:的)?不便|抱歉给您|让您久等了|我们会尽快为您",
     "apologises or promises on the store's behalf"),
    (r"sorry for (?:the|any) inconvenience|we apologi[sz]e|apologi[sz]e for the inconvenience"
     r"|we'll get this sorted for you|thanks? (?:you )?for your patience",
     "apologises or promises on the store's behalf"),
    (r"您的问题我已经?记录|已(?:经)?为您(?:登记|记录|提交|备注)|稍后会有专人联系您",
     "says the issue has been logged, as the agent does"),
    (r"i(?:'ve| have) logged your|has been logged|a colleague will (?:call|contact) you",
     "says the issue has been logged, as the agent does"),
)

META_TALK: tuple[tuple[str, str], ...] = (
    (r"模拟(?:的)?(?:用户|顾客|客户)|虚拟(?:的)?(?:用户|顾客|客户)|测试用的|作为(?:一个)?(?:AI|人工智能|语言模型)",
     "talks about being a simulated user"),
    (r"simulated (?:user|customer)|virtual (?:user|customer)|as an ai\b|language model"
     r"|playing the (?:customer|user)|i'?m supposed to (?:act|play|be|pretend)|in character",
     "talks about being a simulated user"),
    (r"我的指令|根据我的设定|按照(?:我的)?设定|我的设定|按照人设|我的人设|看下设定|我的剧本|提示词",
     "talks about its instructions or persona"),
    (r"my instructions|my persona|according to my (?:script|prompt|role)|my script|my prompt"
     r"|system prompt|my role (?:is|says)",
     "talks about its instructions or persona"),
    (r"stop_when|follow_ups?|stop when\s*[:：]|(?:^|[\s。.！!])(?:目标|goal)\s*[:：]|success_signals",
     "quotes its prompt's own words"),
)

_ROLE = [(re.compile(pattern, re.IGNORECASE), why) for pattern, why in ROLE_INVERSION]
_META = [(re.compile(pattern, re.IGNORECASE), why) for pattern, why in META_TALK]


def marker(text: str, kind: str) -> tuple[str, str] | None:
    """(the words found, why they are a deviation) for `kind` "role_inversion" or
    "meta_talk"; None when the turn has none."""
    for pattern, why in _ROLE if kind == "role_inversion" else _META:
        found = pattern.search(text)
        if found:
            return found.group(0), why
    return None
