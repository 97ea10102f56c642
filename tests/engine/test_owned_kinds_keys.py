"""An owned kind's typed key: asking it with a message its entities do not take is a type
error (mypy), while at run time the key is just the kind's name; a policy's constructor
takes only that policy's fields."""

from __future__ import annotations

import textwrap
from pathlib import Path

from mypy import api as mypy_api

from actors.asks import EntityTypeKey
from agenteval.domain import owned_kinds
from agenteval.engine.intelligent.commands import EVAL, SESSION
from agenteval.engine.static.commands import RUN

ROOT = Path(__file__).resolve().parents[2]

CALLS = textwrap.dedent('''
    from dataclasses import dataclass

    from actors import EntityKind, OwnedSystem
    from agenteval.domain.owned_kinds import DRIVE
    from agenteval.engine.intelligent.commands import SessionAsk
    from agenteval.engine.static.commands import RUN, RunAsk


    @dataclass(frozen=True)
    class Start(RunAsk[int]): ...


    @dataclass(frozen=True)
    class Close(SessionAsk[str]): ...


    async def calls(owned: OwnedSystem) -> None:
        await owned.ask(RUN, "1", Start())
        await owned.ask(RUN, "1", Close())  # line 20: a session's message to a run
        await owned.ask(DRIVE, "1", Start())  # line 21: a kind without messages has no typed key
        await owned.ask(RUN, "1", "start")  # line 22: not a message at all


    async def step() -> None: ...


    def kinds() -> list[EntityKind]:
        return [EntityKind.singleton(DRIVE, 1.0, step=step),
                EntityKind.singleton(DRIVE, 1.0, take_over=step),  # line 30: not its field
                EntityKind.activation(RUN, 1.0)]  # line 31: an activation needs its factory
''')


def test_mypy_refuses_a_message_the_kind_does_not_take_and_a_field_of_another_policy(
        tmp_path):
    module = tmp_path / "asks_by_key.py"
    module.write_text(CALLS)
    out, _, status = mypy_api.run([str(module), "--no-incremental", "--follow-imports=silent",
                                   "--cache-dir", str(tmp_path / ".mypy_cache")])
    flagged = sorted({int(line.split(":")[1]) for line in out.splitlines()
                      if line.startswith(str(module)) and ": error:" in line})
    assert status == 1 and flagged == [20, 21, 22, 30, 31], out


def test_a_key_is_its_kind_name_for_leases_and_stores():
    assert isinstance(RUN, EntityTypeKey) and RUN == "run" and f"{RUN}:1" == "run:1"
    assert {EVAL: 1}["eval"] == 1 and str(SESSION) == "session"
    # The typed keys are the domain's names: the stores and leases spell them from there.
    assert (RUN, EVAL, SESSION) == (owned_kinds.RUN, owned_kinds.EVAL, owned_kinds.SESSION)
