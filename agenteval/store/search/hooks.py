"""The writers' calls, by their old address: they live with the queue in `index_writes`.

A writer's call used to pass through here on its way to the queue (a module hop per
write on sendMessage's path). Writers outside this package (store.sessions, store.runs,
store.monitoring, store.purge, engine.catalog) still import this module; once each
imports `index_writes` instead, this module goes.
"""

from agenteval.store.search.index_writes import (
    conversation_set_deleted,
    conversation_set_written,
    eval_purged,
    monitored_conversations_deleted,
    monitored_turns_written,
    run_purged,
    run_turns_written,
    session_turn_written,
)

__all__ = [
    "conversation_set_deleted",
    "conversation_set_written",
    "eval_purged",
    "monitored_conversations_deleted",
    "monitored_turns_written",
    "run_purged",
    "run_turns_written",
    "session_turn_written",
]
