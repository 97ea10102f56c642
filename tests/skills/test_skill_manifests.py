"""Each SKILL.md has the frontmatter OpenClaw needs and names only real client commands."""

from __future__ import annotations

import re
from pathlib import Path
from types import ModuleType

import pytest
import yaml

SKILLS_DIR = Path(__file__).resolve().parents[2] / "skills"
SKILL_FILES = sorted(SKILLS_DIR.glob("*/SKILL.md"))
REQUIRED_ENV = {"AGENTEVAL_API_URL", "AGENTEVAL_API_KEY"}
# `python3 {baseDir}/scripts/agenteval.py <command> <rest of the line or code span>`
COMMAND = re.compile(r"python3 \{baseDir\}/scripts/agenteval\.py ([a-z][a-z-]*)([^`\n]*)")
FLAG = re.compile(r"(?<![\w-])(--[a-z][a-z-]*)")


def split_skill(path: Path) -> tuple[str, str]:
    """(frontmatter source, body) of a SKILL.md."""
    text = path.read_text(encoding="utf-8")
    match = re.match(r"^---\n(.*?)\n---\n(.*)$", text, re.DOTALL)
    assert match, f"{path} does not start with a --- YAML frontmatter block"
    return match.group(1), match.group(2)


def frontmatter(path: Path) -> dict:
    raw, _ = split_skill(path)
    return yaml.safe_load(raw)


def sub_commands(client: ModuleType) -> dict[str, set[str]]:
    """Each sub-command of the client's parser with its option strings."""
    parser = client.build_parser()
    (commands,) = [action for action in parser._actions if action.choices]  # the subparsers
    return {name: {option for action in sub._actions for option in action.option_strings}
            for name, sub in commands.choices.items()}


@pytest.fixture(params=SKILL_FILES, ids=lambda path: path.parent.name)
def skill_file(request: pytest.FixtureRequest) -> Path:
    return request.param


def test_there_are_three_skills() -> None:
    assert len(SKILL_FILES) == 3


def test_name_equals_folder_name_and_is_lowercase_hyphen(skill_file: Path) -> None:
    name = frontmatter(skill_file)["name"]
    assert name == skill_file.parent.name
    assert re.fullmatch(r"[a-z0-9-]{1,64}", name)


def test_description_is_one_line_under_160_characters(skill_file: Path) -> None:
    description = frontmatter(skill_file)["description"]
    assert isinstance(description, str) and description.strip()
    assert "\n" not in description
    assert len(description) < 160


def test_metadata_requires_python3_and_both_env_variables(skill_file: Path) -> None:
    openclaw = frontmatter(skill_file)["metadata"]["openclaw"]
    assert openclaw["requires"]["bins"] == ["python3"]
    assert REQUIRED_ENV <= set(openclaw["requires"]["env"])
    assert openclaw["primaryEnv"] == "AGENTEVAL_API_KEY"


def test_metadata_is_a_single_line_json_object(skill_file: Path) -> None:
    raw, _ = split_skill(skill_file)
    (line,) = [line for line in raw.splitlines() if line.startswith("metadata:")]
    assert line.removeprefix("metadata:").strip().startswith("{")
    assert not any(line.startswith(" ") for line in raw.splitlines()), "no nested YAML blocks"


def test_body_uses_only_real_commands_and_flags(skill_file: Path, client: ModuleType) -> None:
    known = sub_commands(client)
    _, body = split_skill(skill_file)
    uses = COMMAND.findall(body)
    assert uses, "the body shows no client command"
    for command, rest in uses:
        assert command in known, f"{skill_file.parent.name} uses unknown command {command!r}"
        for flag in FLAG.findall(rest):
            assert flag in known[command], f"{command} has no flag {flag}"


def test_every_command_line_is_flat(skill_file: Path) -> None:
    _, body = split_skill(skill_file)
    for line in body.splitlines():
        if "scripts/agenteval.py" in line:
            for forbidden in ("|", "&&", "$(", ";"):
                assert forbidden not in line, f"not a flat command: {line.strip()}"


def test_each_role_uses_the_commands_of_its_job() -> None:
    used = {path.parent.name: {command for command, _ in COMMAND.findall(split_skill(path)[1])}
            for path in SKILL_FILES}
    assert {"get-eval", "submit-plan"} <= used["agenteval-intelligent-planner"]
    assert {"schedule", "create-session", "send", "close-session",
            "heartbeat"} <= used["agenteval-intelligent-evaluator"]
    assert {"transcript", "submit-report"} <= used["agenteval-intelligent-analyst"]
