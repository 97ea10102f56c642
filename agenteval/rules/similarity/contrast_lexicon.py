"""Words that flip or trade a sentence's meaning while leaving its other words alone.

Used by `contrast_cues` to tell a reply that rewords the reference from one that
keeps the reference's words but says the opposite ("booking confirmed" /
"booking cancelled"), which no bag-of-words embedding can. The lists are
general English and Chinese, in the spirit of NegEx's trigger lists: negation
words and words naming a failed or withdrawn outcome, lexicalised words that
merely start like a negation (不好意思, 不便), antonym pairs, and personal
pronouns (so "we call you" and "you call us" show the same words trading
places). They were written from general knowledge and completed while looking
only at the development half of the calibration set (see
`agenteval/rules/similarity/calibration/`); the held-out half measures how well they carry
over. Chinese entries are matched longest first, so 不好意思 is not read as 不.
"""

from __future__ import annotations

NEGATIONS_EN = frozenset({
    "not", "no", "never", "none", "nothing", "nobody", "nowhere", "neither", "nor", "without",
    "unable", "cannot", "refused", "refuse", "refuses", "declined", "decline", "denied", "deny",
    "rejected", "reject", "failed", "fail", "fails", "failure", "cancelled", "canceled",
    "cancel", "cancels", "cancellation", "unavailable", "stopped", "stop", "lost", "missing",
    "expired", "closed", "suspended", "blocked", "prohibited", "forbidden", "invalid",
    "unsuccessful", "impossible", "lack", "lacks",
})

NEGATIONS_ZH = frozenset({
    "不", "没", "没有", "未", "无", "无法", "非", "别", "勿", "莫", "禁止", "取消", "失败", "拒绝",
    "驳回", "无效", "失效", "过期", "暂停", "停止", "停业", "关闭", "缺", "缺货", "丢失", "不能",
    "不会", "不可", "不再", "不了", "不到",
})

# Start with a negation character, negate nothing: matched as whole words so they are not.
LEXICALISED_ZH = frozenset({
    "不好意思", "不便", "不错", "不少", "不同", "不过", "不久", "不断", "无论", "并非不", "不仅",
    "无所谓", "没关系", "非常", "非得", "别人", "别的", "未来", "差不多", "不管",
})

ANTONYMS_EN: tuple[tuple[str, str], ...] = (
    ("confirmed", "cancelled"), ("open", "closed"), ("opened", "closed"), ("before", "after"),
    ("early", "late"), ("earlier", "later"), ("higher", "lower"), ("more", "less"),
    ("most", "least"), ("increase", "decrease"), ("increased", "decreased"),
    ("upgraded", "downgraded"), ("upgrade", "downgrade"), ("succeeded", "failed"),
    ("success", "failure"), ("accepted", "rejected"), ("approved", "rejected"),
    ("approved", "declined"), ("include", "exclude"), ("includes", "excludes"),
    ("included", "excluded"), ("arrive", "depart"), ("arrived", "departed"),
    ("arrival", "departure"), ("start", "end"), ("started", "ended"), ("enabled", "disabled"),
    ("enable", "disable"), ("available", "unavailable"), ("valid", "invalid"), ("paid", "unpaid"),
    ("add", "remove"), ("added", "removed"), ("buy", "sell"), ("bought", "sold"),
    ("first", "last"), ("all", "none"), ("always", "never"), ("full", "empty"),
    ("same", "different"), ("correct", "incorrect"), ("correct", "wrong"), ("right", "wrong"),
    ("true", "false"), ("yes", "no"), ("in", "out"), ("on", "off"), ("up", "down"),
    ("win", "lose"), ("won", "lost"), ("found", "lost"), ("maximum", "minimum"), ("max", "min"),
    ("delayed", "forward"), ("delayed", "early"), ("delayed", "ahead"), ("postponed", "forward"),
    ("late", "ahead"), ("refund", "charge"), ("free", "charged"), ("free", "fee"),
    ("free", "paid"), ("public", "private"), ("online", "offline"), ("inside", "outside"),
    ("send", "receive"), ("sent", "received"), ("lend", "borrow"), ("import", "export"),
    ("allowed", "prohibited"), ("allowed", "forbidden"), ("permitted", "prohibited"),
    ("cheaper", "dearer"), ("cheaper", "expensive"), ("cheap", "expensive"), ("above", "below"),
    ("over", "under"), ("fast", "slow"), ("faster", "slower"), ("heavy", "light"),
    ("hot", "cold"), ("new", "old"), ("new", "used"), ("give", "take"), ("raise", "lower"),
    ("locked", "unlocked"), ("lock", "unlock"), ("connect", "disconnect"),
    ("connected", "disconnected"), ("activated", "deactivated"), ("subscribe", "unsubscribe"),
    ("subscribed", "unsubscribed"), ("fixed", "broken"), ("keep", "return"), ("keep", "discard"),
    ("within", "after"), ("working", "broken"),
)

ANTONYMS_ZH: tuple[tuple[str, str], ...] = (
    ("成功", "失败"), ("开", "关"), ("开门", "关门"), ("营业", "停业"), ("前", "后"), ("早", "晚"),
    ("高", "低"), ("多", "少"), ("升", "降"), ("升级", "降级"), ("增加", "减少"), ("涨", "跌"),
    ("含", "不含"), ("包括", "不包括"), ("提前", "推迟"), ("提前", "延误"), ("提前", "延迟"),
    ("提前", "晚点"), ("来", "去"), ("买", "卖"), ("入", "出"), ("满", "空"), ("最多", "最少"),
    ("至多", "至少"), ("通过", "驳回"), ("通过", "拒绝"), ("批准", "拒绝"), ("有效", "过期"),
    ("有效", "失效"), ("可以", "禁止"), ("允许", "禁止"), ("缺货", "补货"), ("缺货", "有货"),
    ("有", "无"), ("有", "没有"), ("是", "不是"), ("能", "不能"), ("会", "不会"), ("已", "未"),
    ("收", "付"), ("免费", "收费"), ("免", "收"), ("上涨", "下降"), ("打开", "关闭"),
    ("开启", "关闭"), ("锁定", "解锁"), ("冻结", "解冻"), ("绑定", "解绑"), ("订阅", "退订"),
    ("加", "减"), ("加入", "退出"), ("接受", "拒绝"), ("同意", "拒绝"), ("到达", "出发"),
    ("到站", "出发"), ("发", "收"), ("寄出", "收到"), ("借", "还"), ("正确", "错误"), ("对", "错"),
    ("真", "假"), ("新", "旧"), ("快", "慢"), ("大", "小"), ("长", "短"), ("修好", "坏"),
    ("好", "坏"), ("上", "下"), ("进", "出"), ("内", "外"), ("以内", "以外"), ("之前", "之后"),
    ("以前", "以后"), ("赢", "输"), ("退", "付"), ("保留", "退回"), ("保留", "丢弃"), ("内", "后"),
)

# "unlocked" / "locked", "disconnected" / "connected": antonyms made with a prefix.
NEGATING_PREFIXES = ("un", "dis", "in", "im", "non", "de")

# Personal pronouns by person, so a swap of who does what to whom shows as moved words.
PERSONS = {
    "we": "1p", "us": "1p", "our": "1p", "ours": "1p", "i": "1s", "me": "1s", "my": "1s",
    "mine": "1s", "you": "2p", "your": "2p", "yours": "2p", "he": "3", "him": "3", "his": "3",
    "she": "3", "her": "3", "they": "3", "them": "3", "their": "3",
    # Chinese pronouns are read character by character (我们 is 我 + 们).
    "我": "1s", "您": "2p", "你": "2p", "他": "3", "她": "3",
}

# Function words whose change of place says nothing about roles.
FUNCTION_WORDS = frozenset({
    "the", "a", "an", "to", "of", "and", "is", "are", "was", "were", "be", "been", "has", "have",
    "had", "will", "would", "for", "with", "in", "on", "at", "by", "it", "this", "that",
    "please", "so", "can", "do", "does",
    "的", "了", "是", "在", "会", "把", "给", "一", "个", "就", "都", "也", "吧", "呢", "吗", "啊",
})

CONTRACTION_TAILS = {"ve": "have", "re": "are", "ll": "will", "d": "would", "m": "am"}
NOT_CONTRACTION_STEMS = {"won": "will", "ca": "can", "sha": "shall"}

# What the Chinese segmenter knows as words (anything else is read one character at a time).
CHINESE_WORDS = NEGATIONS_ZH | LEXICALISED_ZH | {w for pair in ANTONYMS_ZH for w in pair}
