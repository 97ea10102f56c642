"""`replay`: a channel that answers with the replies a conversation log recorded.

`agenteval judge` judges logged conversations offline with the gate's own engine and
reports: each logged conversation is a case whose messages are the user's, and this
channel hands back what the bot answered then, so nothing is sent anywhere. It is
registered only in that command's process (never in the server: its conversations
live in memory there).

A channel does not know which case opened it. Each conversation claims, at its first
message, the first unclaimed logged dialog that opens with that message, and every
later message must be the dialog's next one (else a `bad_response` error says the
replay is out of step, never a silent mix-up). The judge runs one attempt at a time,
in case order, so dialogs that open alike are claimed in the file's order.
"""

from __future__ import annotations

from collections.abc import Sequence

from agenteval.channels.base import Channel, ChannelError, ConversationState, Reply
from agenteval.channels.context import ChannelContext
from agenteval.channels.factory import ChannelClass

NAME = "replay"
DESCRIPTION = "Replays the replies of logged conversations (agenteval judge, in process)."
CONFIG_SCHEMA: dict = {"type": "object", "additionalProperties": False, "properties": {}}


class ReplayLog:
    """The logged dialogs, each claimed by at most one conversation."""

    def __init__(self, dialogs: Sequence[Sequence[tuple[str, str]]]) -> None:
        self.dialogs = [list(d) for d in dialogs]
        self.claimed = [False] * len(self.dialogs)

    def claim(self, first_message: str) -> list[tuple[str, str]] | None:
        for index, dialog in enumerate(self.dialogs):
            if not self.claimed[index] and dialog and dialog[0][0] == first_message:
                self.claimed[index] = True
                return dialog
        return None


class ReplayChannel(Channel):
    def __init__(self, log: ReplayLog, state: ConversationState | None = None) -> None:
        super().__init__(state)
        self.log = log
        self.dialog: list[tuple[str, str]] | None = None
        self.position = 0

    async def send(self, text: str) -> Reply:
        self._next_turn()
        if self.dialog is None:
            self.dialog = self.log.claim(text)
        if self.dialog is None or self.position >= len(self.dialog) \
                or self.dialog[self.position][0] != text:
            raise ChannelError("bad_response", "the replay is out of step: no logged "
                               f"conversation has this message here: {text[:80]!r}")
        reply = self.dialog[self.position][1]
        self.position += 1
        self._remember(text, reply)
        # The latency of a logged reply is unknown: 0, and latency rules are refused.
        return Reply(text=reply, latency_ms=0)


def replay_channel_type(log: ReplayLog) -> tuple[str, str, dict, ChannelClass]:
    """`ChannelFactory.register`'s arguments for replaying `log`."""

    def open_channel(context: ChannelContext, state: ConversationState | None) -> Channel:
        del context  # nothing to connect to
        return ReplayChannel(log, state)

    return NAME, DESCRIPTION, CONFIG_SCHEMA, open_channel
