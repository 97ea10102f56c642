"""Help for the fields of rule parameters and channel configs, in English and Chinese.

Each entry is (title, description, zh title, zh description); an empty description keeps
the schema's own. `param_help.with_help` copies them into a schema's properties as the
convention says: "title", "description" and "x-i18n": {"zh": {...}}. A schema that already
has a title (its rule or channel wrote one) keeps its own texts.
"""

from __future__ import annotations

HelpText = tuple[str, str, str, str]

_COMMON_JUDGE: dict[str, HelpText] = {
    "samples": ("Judge samples", "", "评审采样次数", "评审模型作答的次数；判定取多数票。"),
    "cache": ("Reuse judge answers", "", "复用评审结果", "提示完全相同时复用已保存的评审回答，省时省费用。"),
    "scope": ("What the judge reads", "last_turn: only the last exchange; full_dialog: the whole conversation.",
              "评审范围", "last_turn：只看最后一轮；full_dialog：看完整对话。"),
}

RULE_HELP: dict[str, dict[str, HelpText]] = {
    "intent_classification": {
        "expected_intent": ("Expected intent", "The intent key the bot should recognise, e.g. book_repair.",
                            "期望意图", "机器人应识别出的意图键，例如 book_repair。"),
        "intent_taxonomy": ("Intent taxonomy", "", "意图分类表", "意图名 → 含义；评审据此判断机器人理解成了哪个意图。"),
        "accept_partial": ("Accept a partial understanding", "", "接受部分理解", "部分正确的理解也算通过。"),
        **_COMMON_JUDGE,
    },
    "json_schema": {
        "schema": ("JSON Schema", "", "JSON Schema", "回复中的 JSON 必须满足的 JSON Schema（2020-12）。"),
    },
    "keyword_match": {
        "keywords": ("Keywords", "", "关键词", "要在回复中查找的词或短语。"),
        "mode": ("Match mode", "", "匹配方式", "any：出现任意一个即可；all：每个关键词都必须出现。"),
        "case_sensitive": ("Case sensitive", "Upper and lower case must match exactly.",
                           "区分大小写", "大小写必须完全一致。"),
        "regex": ("Regular expressions", "", "正则表达式", "把关键词当作正则表达式（re.search）。"),
        "min_ratio": ("Minimum share matched", "", "最低命中比例",
                      "设置后，命中比例 ≥ 此值即通过（覆盖匹配方式）。"),
    },
    "llm_score": {
        "criteria": ("Criteria", "", "评分标准", "评审模型给回复打分所依据的标准。"),
        "min_score": ("Minimum score (0–10)", "", "最低分（0–10）", "评审给出的 0–10 分不低于此值即通过。"),
        **_COMMON_JUDGE,
    },
    "response_time": {
        "max_ms": ("Slowest acceptable reply (ms)", "", "最长可接受响应时间（毫秒）", "回复慢于此值即不通过。"),
    },
    "safety": {
        "categories": ("Categories", "", "检查类别", "要检查的安全类别（默认全部）。"),
    },
    "semantic_similarity": {
        "reference": ("Reference answer", "", "参考答案", "回复应与之意思相近的答案。"),
        "min_similarity": ("Minimum similarity", "", "最低相似度",
                           "通过阈值；默认值取决于方法：配置的 EMBEDDING 模型 0.7，内置 wordllama 对中文参考答案 0.5、其他 0.3，词汇法 0.7。"),
    },
    "task_completion": {
        "mode": ("What is checked", "slot: information collected; step: actions taken in order; hybrid: both, weighted.",
                 "检查内容", "slot：收集到的信息；step：按顺序完成的操作；hybrid：两者加权。"),
        "required_slots": ("Required slots", "", "必填信息项", "机器人必须向用户收集的信息。"),
        "required_steps": ("Required steps", "", "必需步骤", "机器人必须按顺序完成的操作。"),
        "slot_weight": ("Weight of slots", "In hybrid mode, the share of the score that slots carry.",
                        "信息项权重", "hybrid 模式下信息项在得分中所占的比重。"),
        "step_weight": ("Weight of steps", "In hybrid mode, the share of the score that steps carry.",
                        "步骤权重", "hybrid 模式下步骤在得分中所占的比重。"),
        "min_completion_rate": ("Minimum completion rate", "The case passes when at least this share (0–1) is done.",
                                "最低完成率", "完成比例（0–1）不低于此值即通过。"),
        "strict_order": ("Strict step order", "", "严格步骤顺序", "顺序错误的步骤不算完成。"),
        **_COMMON_JUDGE,
    },
}

_EXAMPLES: HelpText = ("Judging examples", "", "评审示例",
                       "给评审看的示例：一段对话摘录、它应得的判定和理由。")

_METRIC: dict[str, HelpText] = {
    "min_score": ("Minimum score (0–1)", "", "最低分（0–1）", "0–1 的得分不低于此值即通过。"),
    "language": ("Judge prompt language", "", "评审提示语言", "auto：跟随对话的语言；zh：中文；en：英文。"),
    **_COMMON_JUDGE,
}

RULE_HELP.update({
    "canary_leak": {
        "token": ("Canary token", "", "金丝雀令牌", "埋在系统提示词里的令牌；任何回复中出现即判定泄露。"),
    },
    "commitment_phrases": {
        "allowed": ("Allowed phrases", "", "允许的说法", "机器人有权做出的承诺（不区分大小写的子串）。"),
        "extra": ("More commitment phrases", "", "更多承诺说法", "额外的承诺说法（正则表达式）。"),
    },
    "forbidden_reply": {
        "patterns": ("Forbidden patterns", "", "禁止的模式", "任何回复都不得匹配的正则表达式（不区分大小写）。"),
        "label": ("What a match means", "", "命中含义", "命中时随每条发现一起显示的说明。"),
    },
    "personal_data_leak": {
        "kinds": ("Kinds of personal data", "", "个人信息类别", "要查找的个人信息类别（默认全部）：手机号、身份证号、邮箱、地址。"),
        "allowed": ("Allowed values", "", "允许出现的值", "机器人可以说出的值，例如门店自己的客服热线。"),
    },
    "json_path": {
        "path": ("Path (JMESPath)", "", "路径（JMESPath）", "JMESPath 表达式，例如 actions[?type=='create_ticket']。"),
        "op": ("Check", "", "检查方式", "exists / not_exists：是否存在；equals：等于；contains：包含；matches：匹配正则；length：长度。"),
        "value": ("Expected value", "", "期望值", "equals / contains 的值；matches 的正则；length 的整数或 {min, max}。"),
        "source": ("Where the JSON comes from", "", "JSON 来源", "raw：被测对象的原始 JSON 响应；reply：回复文本中的 JSON。"),
    },
    "tool_call": {
        "name": ("Tool name", "", "工具名", "要检查的工具（函数）名。"),
        "called": ("Called", "", "是否调用", "true：至少调用一次；false：从未调用。"),
        "arguments": ("Argument values", "", "参数取值", "某次调用的参数必须具有的值（键 → 值）。"),
        "arguments_match": ("Argument patterns", "", "参数模式", "同一次调用中参数（按文本）必须匹配的正则（键 → 正则）。"),
        "after": ("After the tool", "", "在该工具之后", "本工具的调用必须出现在这个工具的调用之后。"),
        "max_times": ("At most N calls", "", "最多调用次数", "最多调用 N 次。"),
        "over": ("Which turns", "", "检查范围", "dialog：所有轮次的调用；last_turn：只看最后一轮。"),
    },
    "knowledge_retention": dict(_METRIC),
    "conversation_completeness": dict(_METRIC),
    "conversation_relevancy": {
        "window_size": ("Window (turns)", "", "窗口（轮）", "评审每条回复时阅读的轮数：该轮及其之前的几轮。"),
        **_METRIC,
    },
    "role_adherence": {
        "role": ("Role to keep", "", "应保持的角色", "智能体必须保持的角色，例如它的系统提示词。"),
        **_METRIC,
    },
})
RULE_HELP["llm_score"]["examples"] = _EXAMPLES
RULE_HELP["intent_classification"]["examples"] = _EXAMPLES

_RETRY: dict[str, HelpText] = {
    "timeout_s": ("Timeout (s)", "", "超时（秒）", "每次尝试等待回复的秒数。"),
    "retries": ("Retries", "", "重试次数", "超时、连接错误、429 或 5xx 后额外尝试的次数。"),
    "backoff_s": ("Retry delay (s)", "", "重试间隔（秒）", "首次重试的等待时间；每次翻倍并带随机抖动，Retry-After 优先。"),
}

CHANNEL_HELP: dict[str, dict[str, HelpText]] = {
    "demo": {
        "language": ("Reply language", "", "回复语言", "auto：按每条用户消息的语言回复。"),
    },
    "http": {
        "url": ("URL", "The target's chat endpoint, e.g. http://bot.internal/chat.", "URL", "被测对象的对话接口地址，例如 http://bot.internal/chat。"),
        "method": ("HTTP method", "POST sends the body as JSON; GET sends it as the query string.",
                   "HTTP 方法", "POST 以 JSON 发送请求体；GET 以查询字符串发送。"),
        "headers": ("Headers", "", "请求头", "请求头；其值视为密钥（常含令牌），保存后不再显示。"),
        "body": ("Body template", "", "请求体模板",
                 "JSON 模板；字符串中的 {{message}}、{{session_id}}、{{turn}} 会被替换。GET 时扁平对象会变成查询字符串。"),
        "reply_path": ("Reply path", "", "回复路径", "回复文本的点路径，例如 data.answer 或 choices.0.message.content。"),
        "session_id_path": ("Session id path", "", "会话 ID 路径", "被测对象返回其会话 ID 的点路径。"),
        **_RETRY,
    },
    "websocket": {
        "url": ("URL", "The ws:// or wss:// address of the target.", "URL", "被测对象的 ws:// 或 wss:// 地址。"),
        "headers": ("Handshake headers", "", "握手请求头", "握手请求头；其值视为密钥。"),
        "send_template": ("Frame template", "", "消息帧模板",
                          "每个发送帧的 JSON 模板；字符串中的 {{message}}、{{session_id}}、{{turn}} 会被替换。"),
        "reply_path": ("Reply path", "", "回复路径", "JSON 帧中回复的点路径；留空则整帧文本即回复。"),
        **_RETRY,
    },
    "openai_chat": {
        "base_url": ("Base URL", "", "接口根地址", "API 根地址，例如 http://localhost:8000/v1。"),
        "model": ("Model", "The model name the server knows, e.g. qwen2.5-7b-instruct.",
                  "模型", "服务端可识别的模型名，例如 qwen2.5-7b-instruct。"),
        "api_key": ("API key", "", "API 密钥", "以 Bearer 令牌发送；保存后不再显示。"),
        "system_prompt": ("System prompt", "", "系统提示词", "作为 system 消息最先发送。"),
        "params": ("Request parameters", "", "请求参数", "合并进请求体：temperature、max_tokens 等。"),
        **_RETRY,
    },
}

# A channel type's own description (ChannelType.description, in English where the channel
# registers it), in Chinese; served as `ChannelType.translations` the way a field's help is
# served as its x-i18n. A channel without an entry (a plugin's) shows its English text.
CHANNEL_DESCRIPTIONS_ZH: dict[str, str] = {
    "demo": "内置演示机器人（家电售后客服 Mia，回复确定、带有刻意设置的缺陷），在进程内应答。",
    "http": "通用 JSON 机器人接口：每条用户消息按请求体模板构造一个请求；回复（以及可选的"
            "被测对象会话 ID）按点路径读取。",
    "websocket": "基于 websocket 的 JSON：每个会话一个连接；每条消息按模板构造成一帧发送，"
                 "收到的下一个文本帧即回复。",
    "openai_chat": "OpenAI 兼容的 chat completions 接口（POST {base_url}/chat/completions），"
                   "每轮发送完整对话。",
}
