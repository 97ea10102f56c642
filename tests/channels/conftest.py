"""Fixtures: a local aiohttp server runner and a fresh ChannelFactory per test."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable

import pytest
from aiohttp import web

from agenteval.channels import ChannelFactory, create_channel_factory

Serve = Callable[[web.Application], Awaitable[str]]


@pytest.fixture
async def serve() -> AsyncIterator[Serve]:
    """Start an app on 127.0.0.1:<free port>; returns its base URL. Stopped after the test."""
    runners: list[web.AppRunner] = []

    async def start(app: web.Application) -> str:
        runner = web.AppRunner(app, shutdown_timeout=0.1)
        await runner.setup()
        runners.append(runner)
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        host, port = runner.addresses[0][:2]
        return f"http://{host}:{port}"

    yield start
    for runner in runners:
        await runner.cleanup()


@pytest.fixture
async def factory() -> AsyncIterator[ChannelFactory]:
    channel_factory = create_channel_factory()
    yield channel_factory
    await channel_factory.aclose()
