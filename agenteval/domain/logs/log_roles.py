"""Who said a logged message: the role table of `agenteval judge` and `importConversations`.

Logs spell roles many ways (`bot`, `agent`, `客服`, `human` …). Each spelling in this
table means one of four things; any other role is refused with its line, because a
message judged as the wrong speaker — a bot's reply read as nothing, say — gives a
verdict that is wrong and looks right. docs/judge.md prints this table.
"""

from __future__ import annotations

from typing import Literal

Speaker = Literal["user", "assistant", "tool", "context"]

ROLE_TABLE: dict[Speaker, tuple[str, ...]] = {
    # The person talking to the bot: their messages are the case's messages.
    "user": ("user", "human", "customer", "client", "visitor", "guest", "用户", "客户", "顾客",
             "访客", "买家", "患者"),
    # The bot: its messages after a user message are the reply judged.
    "assistant": ("assistant", "bot", "agent", "ai", "model", "chatbot", "robot", "system_bot",
                  "客服", "机器人", "助手", "智能客服", "坐席", "人工客服", "卖家"),
    # A tool's result (the bot's tool calls are on its own messages): not a reply.
    "tool": ("tool", "function", "tool_result", "工具"),
    # Instructions to the bot, not said in the conversation: not judged.
    "context": ("system", "developer", "系统"),
}
_SPEAKERS: dict[str, Speaker] = {spelling: speaker for speaker, spellings in ROLE_TABLE.items()
                                 for spelling in spellings}


class UnknownRole(ValueError):
    """A role the table does not hold."""


def speaker_of(role: object) -> Speaker:
    """The speaker a logged role means (case and surrounding space ignored)."""
    spelled = role.strip().lower() if isinstance(role, str) else role
    if isinstance(spelled, str) and spelled in _SPEAKERS:
        return _SPEAKERS[spelled]
    raise UnknownRole(f"the role {role!r} is not in the role table (docs/judge.md): "
                      "write user, assistant, tool or system, or one of their listed spellings")
