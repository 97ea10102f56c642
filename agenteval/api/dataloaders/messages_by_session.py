"""A session's messages in order (Session.messages)."""

from __future__ import annotations

import uuid

from strawberry.dataloader import DataLoader

from agenteval.api.dataloaders.batch import list_per_key
from agenteval.engine.intelligent import reads
from agenteval.store.models import EvalMessage


def messages_by_session() -> DataLoader[uuid.UUID, list[EvalMessage]]:
    return list_per_key(reads.messages_by_session)
