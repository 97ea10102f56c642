"""Worked examples of the conversation metrics for docs/rules.md: Mia's real dialog, the
judge's answer, and how the score and verdict follow from it.

Each dialog is what the demo bot says to those user messages (tests/test_rule_docs.py
replays them), and each is a case of examples/scenarios/conversation_metrics.json.
"""

from __future__ import annotations

import json
from typing import Any

ROLE = ("你是 HomeCare 家电的客服小美。你只处理维修预约、退货和投诉。客户投诉时，你必须先真诚道歉，"
        "再记录投诉并给出投诉编号。")

WORKED: dict[str, dict[str, Any]] = {
    "knowledge_retention": {
        "case": "knowledge-retention-after-return-zh",
        "dialog": [["我要退货", "可以为您办理退货。请问退货的原因是什么？"],
                   ["质量有问题", "退货申请已受理，退货单号 RT05264。快递员将在 1-3 个工作日内上门取件，"
                                "退款会在我们收到商品后 7 天内原路退回。"],
                   ["订单号是 12345", "我没太明白您的意思。我可以为您预约维修、办理退货或受理投诉，"
                                    "请问您需要哪一项？"]],
        "answer": {"lapses": [{"turn_index": 2, "quote": "我没太明白您的意思",
                               "remembered_turn_index": 1,
                               "reason": "退货刚受理，用户补充订单号，智能体却当作新对话"}],
                   "rationale": "第 2 轮丢失了退货的上下文"},
        "outcome": "The dialog is Chinese, so the judge got the zh prompt. The quote is part of "
                   "turn 2's reply: `verified: true`. 1 of 3 replies lapsed: score 1 − 1/3 = "
                   "0.67 < `min_score` 0.7, failed, `lapsed_turns: [2]`. The gate prints "
                   "`FAIL knowledge_retention: expected a score ≥ 0.7; got 0.67; turn 2: "
                   "\"我没太明白您的意思\" — …`.",
    },
    "role_adherence": {
        "case": "role-adherence-complaint-apology",
        "params": {"role": ROLE},
        "dialog": [["我要投诉，师傅上门迟到了三个小时，态度还很差",
                    "您的投诉已记录，投诉编号 CP02488。相关部门会在 3 个工作日内处理并回复您。"]],
        "answer": {"out_of_role": [{"turn_index": 0, "quote": "您的投诉已记录",
                                    "reason": "角色要求先道歉，回复没有任何道歉"}],
                   "rationale": "投诉未道歉"},
        "outcome": "The role is the bot's system prompt. 1 of 1 replies broke it: score 0.0, "
                   "failed. A quote the reply does not contain (say \"非常抱歉\") would be kept "
                   "with `verified: false` and listed in `unverified_quotes`.",
    },
    "conversation_relevancy": {
        "case": "conversation-relevancy-change-of-mind",
        "params": {"window_size": 3},
        "dialog": [["我家空调坏了，想预约维修", "好的，请问您怎么称呼？"],
                   ["我叫张三", "请留一个联系电话，方便工程师联系您。"],
                   ["其实我想改成退货", "请留一个联系电话，方便工程师联系您。"]],
        "answer": {"relevant": False, "quote": "请留一个联系电话，方便工程师联系您。",
                   "reason": "用户改为退货，回复仍在走维修流程"},
        "outcome": "One judge call per reply, each reading that turn and up to 2 before it; the "
                   "answer shown is the one for turn 2 (turns 0 and 1 were relevant). Score "
                   "2/3 = 0.67 < 0.7, failed, `irrelevant_turns: [2]`.",
    },
    "conversation_completeness": {
        "case": "conversation-completeness-visit-time",
        "dialog": [["我家空调坏了，想预约周六上午上门维修", "好的，请问您怎么称呼？"],
                   ["我叫张三", "请留一个联系电话，方便工程师联系您。"],
                   ["电话是 13800138000", "请问上门维修的地址是哪里？"],
                   ["地址是朝阳区建国路 88 号", "预约成功！张三，已为您登记上门维修（我家空调坏了）。"
                    "工程师会尽快拨打 13800138000 与您联系，上门地址：朝阳区建国路 88 号。"
                    "预约单号 RP25287。"]],
        "answer": {"intentions": [
            {"intention": "预约维修", "turn_index": 0, "quote": "想预约", "met": True,
             "met_turn_index": 3, "reason": "预约成功"},
            {"intention": "周六上午上门", "turn_index": 0, "quote": "周六上午", "met": False,
             "met_turn_index": None, "reason": "确认中没有上门时间"}],
            "rationale": "时间被忽略"},
        "outcome": "1 of 2 intentions met: score 0.5 < 0.7, failed, "
                   "`unmet_intentions: [\"周六上午上门\"]`.",
    },
}


def worked_example(name: str) -> list[str]:
    """The Markdown lines of `name`'s worked example (none for other rules)."""
    worked = WORKED.get(name)
    if worked is None:
        return []
    lines = ["", f"Worked example (Mia, the demo bot; case `{worked['case']}` of "
             "`examples/scenarios/conversation_metrics.json`):", ""]
    if worked.get("params"):
        lines += ["```json", json.dumps({"type": name, "params": worked["params"]},
                                        ensure_ascii=False), "```", ""]
    lines += ["| Turn | User | Mia |", "|---|---|---|"]
    lines += [f"| {i} | {user} | {reply} |" for i, (user, reply) in enumerate(worked["dialog"])]
    lines += ["", "The judge's answer (checked against the rule's JSON Schema):", "", "```json",
              json.dumps(worked["answer"], ensure_ascii=False), "```", "", worked["outcome"]]
    return lines
