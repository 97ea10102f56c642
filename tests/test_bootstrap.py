"""The composition root: which driver `settings.driver` picks, what each start-up runs,
and that everything it started is stopped."""

from __future__ import annotations

import asyncio
import logging
import subprocess
import sys

import pytest

from agenteval.app import in_process_api
from agenteval.bootstrap import running_services
from agenteval.config import Settings
from agenteval.drivers.builtin.runner import BuiltinWaker
from agenteval.drivers.openclaw import OpenClawNotifier
from agenteval.engine.intelligent.wakeups import NoneNotifier
from agenteval.store import database, leases
from agenteval.store.models import ApiKey, IntelligentEval
from tests.support.graphql_client import ADMIN_KEY


@pytest.fixture
def settings(database_url: str) -> Settings:
    return Settings(database_url=database_url, admin_key=ADMIN_KEY, demo=False,
                    driver="none", watchdog_interval_s=0)


@pytest.mark.parametrize(("driver", "kind"), [
    ("none", NoneNotifier), ("builtin", BuiltinWaker), ("openclaw", OpenClawNotifier)])
async def test_the_driver_setting_picks_the_notifier(settings: Settings, driver: str,
                                                      kind: type) -> None:
    settings = settings.with_overrides(driver=driver, openclaw_url="http://127.0.0.1:9",
                                       openclaw_hooks_token="token")
    async with running_services(settings, migrate=False, in_process=in_process_api) as services:
        assert type(services.intelligent.wakeups.notifier) is kind


async def test_an_unknown_driver_wakes_nobody_and_says_so(
        settings: Settings, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING, logger="agenteval")
    async with running_services(settings.with_overrides(driver="carrier-pigeon"),
                                migrate=False) as services:
        assert isinstance(services.intelligent.wakeups.notifier, NoneNotifier)
    assert "'carrier-pigeon' is not a driver" in caplog.text


@pytest.mark.parametrize("needs", [{"driver": "builtin"}, {"demo": True}])
async def test_the_builtin_driver_and_the_demo_need_the_api_in_process(
        settings: Settings, needs: dict[str, object]) -> None:
    with pytest.raises(ValueError, match="acts through the API in process"):
        async with running_services(settings.with_overrides(**needs), migrate=False):
            pass
    assert not await database.database_answers(), "a failed start-up closes what it opened"


async def test_the_gate_start_up_creates_no_key_and_leaves_nothing_running(
        database_url: str) -> None:
    settings = Settings(database_url=database_url, driver="none", demo=False,
                        resume_runs=False, watchdog_interval_s=0)
    before = asyncio.all_tasks()
    async with running_services(settings, migrate=False, admin_key=False):
        assert await ApiKey.all().count() == 0
    assert asyncio.all_tasks() == before
    assert not await database.database_answers()


async def test_the_server_start_up_runs_the_watchdog_and_seeds_the_demo(
        settings: Settings) -> None:
    settings = settings.with_overrides(demo=True, watchdog_interval_s=60)
    async with running_services(settings, migrate=False, in_process=in_process_api) as services:
        assert services.owned.kind("watchdog").policy == "interval"
        # The takeover loop makes the first pass at once, holding the lease for the interval.
        await until_live("watchdog:cluster")
        assert await IntelligentEval.all().count() == 1
    assert not [t for t in asyncio.all_tasks()
                if t.get_name().startswith(("watchdog", "webhooks", "takeover"))]


async def until_live(lease: str, timeout_s: float = 10.0) -> None:
    async with asyncio.timeout(timeout_s):
        while (current := await leases.current(lease)) is None or not current[2]:  # noqa: ASYNC110
            await asyncio.sleep(0.05)


async def test_one_process_of_the_cluster_sends_the_webhooks_and_hands_over_on_stop(
        settings: Settings) -> None:
    async with running_services(settings, migrate=False) as services:
        assert services.owned.kind("webhooks").policy == "singleton"
        await until_live("webhooks:cluster")
        await services.work.stop()  # as a shutdown does first
        current = await leases.current("webhooks:cluster")
        assert current is not None and current[0] == "" and not current[2]  # released


@pytest.mark.parametrize(("module", "forbidden"), [
    # The gate runs the static system alone (bootstrap_core) and its writers on demand.
    ("agenteval.cli.run_gate", ("strawberry", "starlette", "uvicorn", "agenteval.engine.intelligent",
                           "agenteval.engine.notifications", "yaml",
                           "xml.etree")),
    ("agenteval.drivers.openclaw", ("agenteval.engine", "agenteval.store", "agenteval.api")),
    ("agenteval.drivers.builtin.runner", ("agenteval.engine", "agenteval.store", "agenteval.api")),
    ("agenteval.drivers.builtin.startup", ("agenteval.engine", "agenteval.store")),
    ("agenteval.drivers.builtin.process", ("agenteval.engine", "agenteval.store")),
])
def test_importing_loads_nothing_it_should_not(module: str, forbidden: tuple[str, ...]) -> None:
    """The CI gate starts without the web stack; the drivers reach the service only
    through the ports the root gives them."""
    code = f"import sys, {module}; print('\\n'.join(sys.modules))"
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True).stdout.split()
    assert [name for name in loaded if name.startswith(forbidden)] == []
