"""OpenAI-compatible model access per role: client, cache, n-sample vote, registry."""

from agenteval.llm.cache import InMemoryResponseCache, ResponseCache, cache_key
from agenteval.llm.client import ChatResult, ModelClient, ModerationResult
from agenteval.llm.config import MODEL_PARAMS_SCHEMA, MODEL_ROLES, ModelEndpoint, ModelRole
from agenteval.llm.errors import ModelCallError
from agenteval.llm.registry import ModelRegistry
from agenteval.llm.vote import VoteResult, sample_votes

__all__ = [
    "MODEL_PARAMS_SCHEMA",
    "MODEL_ROLES",
    "ChatResult",
    "InMemoryResponseCache",
    "ModelCallError",
    "ModelClient",
    "ModelEndpoint",
    "ModelRegistry",
    "ModelRole",
    "ModerationResult",
    "ResponseCache",
    "VoteResult",
    "cache_key",
    "sample_votes",
]
