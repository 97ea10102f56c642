"""Rules and channels of other packages, found through their entry points
(`agenteval.rules`, `agenteval.channels`) when a process starts; a broken plugin
stops the start-up with an error naming its entry point."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from agenteval.bootstrap_core import load_plugins, running_core
from agenteval.channels import create_channel_factory
from agenteval.channels.registry import channel_registry_snapshot
from agenteval.cli.run_gate import run_command
from agenteval.config import Settings
from agenteval.plugins import PluginError
from agenteval.rules import get_rule, registry_snapshot
from tests.plugins.distribution import SHOUTING_ECHO_CHANNEL, SHOUTS_RULE, write_distribution


@pytest.fixture(autouse=True)
def registries_restored() -> Iterator[None]:
    """What a test's plugins registered is gone after it (their modules stay imported:
    every test names its own)."""
    with registry_snapshot(), channel_registry_snapshot():
        yield


def unique(prefix: str) -> str:
    return f"{prefix}_{uuid.uuid4().hex[:8]}"


def acme_plugins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[str, str]:
    """The `acme-agenteval` distribution: the `shouts` rule and the `shouting_echo` channel."""
    rule_module, channel_module = unique("acme_rules"), unique("acme_channels")
    write_distribution(tmp_path / "site", monkeypatch, "acme-agenteval", {
        "agenteval.rules": {"shouts": f"{rule_module}:Shouts"},
        "agenteval.channels": {"shouting_echo": channel_module},
    }, {rule_module: SHOUTS_RULE, channel_module: SHOUTING_ECHO_CHANNEL})
    return rule_module, channel_module


def test_a_plugins_rule_and_channel_are_registered_at_start_up(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert get_rule("shouts") is None
    acme_plugins(tmp_path, monkeypatch)
    assert load_plugins() == ["agenteval.channels:shouting_echo", "agenteval.rules:shouts"]
    rule = get_rule("shouts")
    assert rule is not None and rule.info.description == "The last reply is in capitals."
    assert "shouting_echo" in [t.name for t in create_channel_factory().types()]
    # Every start-up of the process discovers again; what is loaded stays loaded, once.
    assert load_plugins() == []


def test_the_gate_runs_a_scenario_with_a_plugins_rule_against_a_plugins_channel(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    acme_plugins(tmp_path, monkeypatch)
    scenario = tmp_path / "shouting.json"
    scenario.write_text(json.dumps({"name": "Shouting", "cases": [
        {"id": "loud", "messages": ["hello"], "eval_rules": [{"type": "shouts"}]}]}))
    target = tmp_path / "target.json"
    target.write_text(json.dumps({"name": "Echo", "channelType": "shouting_echo",
                                  "channelConfig": {}}))
    as_json = tmp_path / "run.json"
    assert run_command(str(scenario), str(target), json_out=str(as_json)) == 0
    [entry] = json.loads(as_json.read_text())
    [outcome] = entry["outcomes"]
    assert outcome["passed"] and outcome["turns"][0]["reply"] == "HELLO!"
    assert [r["ruleType"] for r in outcome["results"]] == ["shouts"]
    assert capsys.readouterr().out.rstrip().endswith("PASS")


def test_a_plugin_that_fails_to_import_stops_the_start_up_naming_its_entry_point(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    broken = unique("broken_rules")
    write_distribution(tmp_path, monkeypatch, "broken-rules",
                       {"agenteval.rules": {"fragile": f"{broken}:Fragile"}},
                       {broken: "import a_module_nobody_installed\n"})
    with pytest.raises(PluginError) as raised:
        load_plugins()
    assert str(raised.value) == (
        f"entry point 'fragile = {broken}:Fragile' (group agenteval.rules, broken-rules 1.0) "
        "failed to load: ModuleNotFoundError: No module named 'a_module_nobody_installed'")


async def test_the_server_core_does_not_start_with_a_broken_plugin(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write_distribution(tmp_path / "site", monkeypatch, "missing-channel",
                       {"agenteval.channels": {"ghost": unique("no_such_module")}})
    settings = Settings.from_env().with_overrides(
        database_url=f"sqlite://{tmp_path / 'agenteval.db'}", redis_url=None)
    with pytest.raises(PluginError, match=r"entry point 'ghost = .*' \(group "
                                          r"agenteval.channels, missing-channel 1.0\)"):
        async with running_core(settings):
            pytest.fail("the core started")
    assert not (tmp_path / "agenteval.db").exists()  # refused before anything was opened


def test_the_gate_exits_2_naming_a_broken_plugin(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = unique("raising_rules")
    write_distribution(tmp_path / "site", monkeypatch, "raising-rules",
                       {"agenteval.rules": {"boom": broken}},
                       {broken: "raise RuntimeError('misconfigured')\n"})
    scenario = tmp_path / "s.json"
    scenario.write_text(json.dumps({"name": "S", "cases": [{"id": "a", "messages": ["hi"]}]}))
    target = tmp_path / "t.json"
    target.write_text(json.dumps({"name": "Demo", "channelType": "demo", "channelConfig": {}}))
    assert run_command(str(scenario), str(target)) == 2
    err = capsys.readouterr().err
    assert (f"error: entry point 'boom = {broken}' (group agenteval.rules, raising-rules 1.0) "
            "failed to load: RuntimeError: misconfigured") in err


@pytest.mark.parametrize(("group", "name"), [("agenteval.rules", "keyword_match"),
                                             ("agenteval.channels", "http")])
def test_a_plugin_may_not_take_a_built_in_name(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, group: str, name: str) -> None:
    module = unique("impostor")
    write_distribution(tmp_path, monkeypatch, "impostor", {group: {name: module}},
                       {module: "raise AssertionError('a taken name is refused unimported')"})
    kind = "rule type" if group == "agenteval.rules" else "channel type"
    with pytest.raises(PluginError) as raised:
        load_plugins()
    assert str(raised.value) == (
        f"entry point '{name} = {module}' (group {group}, impostor 1.0): {kind} '{name}' "
        "is already registered (a built-in or another plugin has that name)")


def test_a_plugin_registering_a_taken_name_under_another_entry_point_name_is_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    module = unique("sneaky")
    write_distribution(tmp_path, monkeypatch, "sneaky", {"agenteval.channels": {"web": module}},
                       {module: SHOUTING_ECHO_CHANNEL.replace('"shouting_echo"', '"websocket"')})
    with pytest.raises(PluginError, match=r"^entry point 'web = sneaky_\w+' \(group "
                                          r"agenteval.channels, sneaky 1.0\) failed to load: "
                                          r"ValueError: channel type 'websocket' is already "
                                          r"registered$"):
        load_plugins()


def test_two_distributions_declaring_one_name_are_both_named(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first, second = unique("first"), unique("second")
    write_distribution(tmp_path / "a", monkeypatch, "first-rules",
                       {"agenteval.rules": {"shouts": f"{first}:Shouts"}}, {first: SHOUTS_RULE})
    write_distribution(tmp_path / "b", monkeypatch, "second-rules",
                       {"agenteval.rules": {"shouts": f"{second}:Shouts"}}, {second: SHOUTS_RULE})
    with pytest.raises(PluginError) as raised:
        load_plugins()
    message = str(raised.value)
    assert "rule type 'shouts' is also declared by entry point" in message
    assert "first-rules 1.0" in message and "second-rules 1.0" in message
    assert get_rule("shouts") is None  # neither is loaded: which one would win is arbitrary


def test_an_entry_point_must_be_named_after_what_it_registers(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    module = unique("misnamed")
    write_distribution(tmp_path, monkeypatch, "misnamed", {"agenteval.rules": {"yells": module}},
                       {module: SHOUTS_RULE})
    with pytest.raises(PluginError, match=r"loaded but registered no rule type 'yells' \(the "
                                          r"entry point's name must be the type's name\)$"):
        load_plugins()


def test_a_plugin_channel_with_an_invalid_config_schema_is_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    module = unique("bad_schema")
    source = SHOUTING_ECHO_CHANNEL.replace('"type": "object"', '"type": "nonsense"')
    write_distribution(tmp_path, monkeypatch, "bad-schema",
                       {"agenteval.channels": {"shouting_echo": module}}, {module: source})
    with pytest.raises(PluginError, match="ValueError: channel 'shouting_echo': config_schema "
                                          "is not a valid JSON Schema"):
        load_plugins()


def test_one_distribution_found_twice_on_sys_path_is_loaded_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rule_module, _ = acme_plugins(tmp_path / "first", monkeypatch)
    # The same distribution again, later on sys.path (as with a stale copy of a
    # site-packages): the first one counts, as for importlib.metadata.entry_points.
    write_distribution(tmp_path / "second", monkeypatch, "acme-agenteval",
                       {"agenteval.rules": {"shouts": f"{rule_module}:Shouts"}})
    monkeypatch.syspath_prepend(str(tmp_path / "first" / "site"))
    assert load_plugins() == ["agenteval.channels:shouting_echo", "agenteval.rules:shouts"]
