"""The real ASGI app on a fresh database of each backend (as tests/api)."""

from tests.api.conftest import settings

__all__ = ["settings"]
