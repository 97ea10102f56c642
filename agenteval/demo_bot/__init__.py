"""The built-in demo target: Mia, a deterministic customer-service bot with deliberate flaws."""

from agenteval.demo_bot.bot import BotState, replay, reply

__all__ = ["BotState", "reply", "replay"]
