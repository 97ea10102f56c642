"""A plugin distribution as pip would leave it — modules and a `.dist-info` with its
entry points — written into a folder put on sys.path: real entry-point discovery,
no install."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

SHOUTS_RULE = '''
from dataclasses import dataclass

from agenteval.domain.judging.cases import RuleResult
from agenteval.rules import register_rule


@register_rule(name="shouts", description="The last reply is in capitals.",
               params_schema={"properties": {}})
@dataclass(frozen=True)
class Shouts:
    async def evaluate(self, case, dialog, models):
        reply = dialog[-1].reply or ""
        return RuleResult("shouts", passed=reply.isupper(), score=float(reply.isupper()),
                          detail={"reply": reply})
'''

SHOUTING_ECHO_CHANNEL = '''
from agenteval.channels import Channel, Reply, register_channel


@register_channel(name="shouting_echo", description="Echoes every message in capitals.",
                  config_schema={"type": "object", "additionalProperties": False,
                                 "properties": {"suffix": {"type": "string", "default": "!"}}})
class ShoutingEcho(Channel):
    def __init__(self, context, state=None):
        super().__init__(state)
        self.suffix = context.config["suffix"]

    async def send(self, text):
        self._next_turn()
        answer = text.upper() + self.suffix
        self._remember(text, answer)
        return Reply(answer, 1)
'''


def write_distribution(folder: Path, monkeypatch: pytest.MonkeyPatch, name: str,
                       entry_points: dict[str, dict[str, str]],
                       modules: dict[str, str] | None = None) -> None:
    """Distribution `name` 1.0 in `folder` (put first on sys.path): `entry_points` maps
    a group to its {entry-point name: value}; `modules` a module name to its source."""
    folder.mkdir(parents=True, exist_ok=True)
    for module, source in (modules or {}).items():
        (folder / f"{module}.py").write_text(textwrap.dedent(source), encoding="utf-8")
    info = folder / f"{name.replace('-', '_')}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n",
                                   encoding="utf-8")
    sections = [f"[{group}]\n" + "".join(f"{key} = {value}\n" for key, value in entries.items())
                for group, entries in entry_points.items()]
    (info / "entry_points.txt").write_text("\n".join(sections), encoding="utf-8")
    monkeypatch.syspath_prepend(str(folder))
