"""`agenteval openclaw install`: merges into an existing openclaw.json without clobbering it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from agenteval.cli import main
from agenteval.drivers import openclaw_setup as setup

SKILLS = ["agenteval-intelligent-planner", "agenteval-intelligent-evaluator",
          "agenteval-intelligent-analyst"]


def test_install_keeps_the_users_config_and_adds_agents_hooks_and_skill_env(
        tmp_path: Path) -> None:
    mine = {"gateway": {"port": 19001, "auth": {"token": "gw"}},
            "hooks": {"token": "my-hooks-token", "allowedAgentIds": ["main"]},
            "agents": {"defaults": {"model": "p/m"}, "entries": {"main": {"name": "Me"}}},
            "skills": {"entries": {"other": {"enabled": False}}}}
    (tmp_path / "openclaw.json").write_text(json.dumps(mine), encoding="utf-8")

    installed = setup.install(tmp_path, "http://127.0.0.1:8000/graphql", "ae_key")

    config = json.loads((tmp_path / "openclaw.json").read_text(encoding="utf-8"))
    assert config["gateway"] == mine["gateway"]
    assert config["agents"]["defaults"] == {"model": "p/m"}
    assert config["agents"]["entries"]["main"] == {"name": "Me", "default": True}
    assert config["skills"]["entries"]["other"] == {"enabled": False}
    assert config["hooks"] == {"token": "my-hooks-token", "enabled": True, "allowedAgentIds": [
        "main", "agenteval-planner", "agenteval-evaluator", "agenteval-analyst"]}
    assert config["agents"]["entries"]["agenteval-planner"]["skills"] == [SKILLS[0]]
    for skill in SKILLS:
        assert config["skills"]["entries"][skill]["env"] == {
            "AGENTEVAL_API_URL": "http://127.0.0.1:8000/graphql", "AGENTEVAL_API_KEY": "ae_key"}
        assert (tmp_path / "skills" / skill / "SKILL.md").is_file()
        assert (tmp_path / "skills" / skill / "scripts" / "agenteval.py").is_file()
    assert installed.gateway_url == "http://127.0.0.1:19001"
    assert setup.server_settings(installed)["AGENTEVAL_OPENCLAW_HOOKS_TOKEN"] == "my-hooks-token"

    again = setup.install(tmp_path, "http://127.0.0.1:8000/graphql", "ae_key")  # idempotent
    assert json.loads((tmp_path / "openclaw.json").read_text(encoding="utf-8")) == config
    assert again.hooks_token == "my-hooks-token"


def test_a_fresh_install_declares_the_roster_explicit_and_makes_a_token(tmp_path: Path) -> None:
    installed = setup.install(tmp_path / "state", "http://h/graphql", "k")
    config = json.loads(installed.config_path.read_text(encoding="utf-8"))
    assert config["agents"]["ownership"] == "explicit"
    assert len(config["hooks"]["token"]) >= 32 and "allowedAgentIds" not in config["hooks"]


def test_a_config_that_is_not_plain_json_is_refused_untouched(tmp_path: Path) -> None:
    text = "{ // JSON5\n  gateway: { port: 1 },\n}\n"
    (tmp_path / "openclaw.json").write_text(text, encoding="utf-8")
    with pytest.raises(setup.SetupError, match="not plain JSON"):
        setup.install(tmp_path, "http://h/graphql", "k")
    assert (tmp_path / "openclaw.json").read_text(encoding="utf-8") == text


def test_the_command_prints_the_server_settings(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["openclaw", "install", "--workspace", str(tmp_path),
                                       "--api-url", "http://a/graphql", "--api-key", "ae_x"])
    assert result.exit_code == 0, result.output
    assert "  AGENTEVAL_DRIVER=openclaw" in result.output
    assert "  AGENTEVAL_OPENCLAW_URL=http://127.0.0.1:18789" in result.output
    assert "  AGENTEVAL_PUBLIC_URL=http://a/graphql" in result.output
