"""Which Botium files an import reads, and partial convos (`#include`, `INCLUDE`) expanded.

Only the files given are read: a `.convo.txt`, `.pconvo.txt` or `.utterances.txt`
file, or a folder searched for them (a folder only when a folder is given; a convo
file's own folder is not scanned). Partial convos are included as Botium does
(botium-core `Convo.expandPartialConvos`): a `#include NAME` step, or an
`INCLUDE NAME` line in a step, puts the partial convo's steps there (its `#begin` and
`#end` left out); the step holding the `INCLUDE` line stays when it has other lines.
A partial is found by its name (its first line) among the files given.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from agenteval.importers.text_files import NotUtf8, read_text

SUFFIXES = (".convo.txt", ".pconvo.txt", ".utterances.txt")
MAX_INCLUDE_DEPTH = 20


@dataclass
class Step:
    """One step of a convo: its sender (`me`, `bot`, `begin`, `include`, …), the rest of
    its header line (Botium's channel; the partial's name for `#include`), its lines."""

    sender: str
    channel: str = ""
    lines: list[str] = field(default_factory=list)


@dataclass
class BotiumFiles:
    """The convos, partial convos and utterances of the files given, and those refused."""

    convos: list[tuple[Path, str, list[Step]]] = field(default_factory=list)
    partials: dict[str, list[Step]] = field(default_factory=dict)
    utterances: dict[str, list[str]] = field(default_factory=dict)
    unreadable: list[NotUtf8] = field(default_factory=list)


class IncludeProblem(Exception):
    """A partial convo that cannot be included (not given, circular, a wrong argument)."""


def parse_convo(text: str) -> tuple[str, list[Step]]:
    """The convo's name (its first line) and its steps."""
    name, steps = "", []
    current: Step | None = None
    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("#"):
            sender, _, channel = line[1:].strip().partition(" ")
            current = Step(sender.lower(), channel.strip())
            steps.append(current)
        elif current is None:
            name = name or line
        elif line:
            current.lines.append(line)
    return name, steps


def given_files(paths: list[Path]) -> list[Path]:
    """The Botium files among `paths`: files as given, folders searched recursively."""
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found += sorted(p for p in path.rglob("*") if p.name.endswith(SUFFIXES))
        else:
            found.append(path)
    return found


def read_files(paths: list[Path]) -> BotiumFiles:
    files = BotiumFiles()
    for path in given_files(paths):
        try:
            text = read_text(path)
        except NotUtf8 as refused:
            files.unreadable.append(refused)
            continue
        if path.name.endswith(".utterances.txt"):
            lines = [line.strip() for line in text.splitlines() if line.strip()]
            if lines:
                files.utterances.setdefault(lines[0], lines[1:])
        elif path.name.endswith(".pconvo.txt"):
            name, steps = parse_convo(text)
            files.partials.setdefault(name or path.name.removesuffix(".pconvo.txt"), steps)
        else:
            name, steps = parse_convo(text)
            files.convos.append((path, name, steps))
    return files


def _include_names(step: Step) -> list[str]:
    if step.sender == "include":
        return [n for n in [step.channel, *step.lines] if n]
    names = []
    for line in step.lines:
        if line.startswith("INCLUDE ") or line == "INCLUDE":
            args = [a for a in line.removeprefix("INCLUDE").strip().split("|") if a]
            if len(args) != 1:
                raise IncludeProblem(f"INCLUDE takes one partial convo name, not {args}")
            names.append(args[0])
    return names


def expand_includes(steps: list[Step], partials: dict[str, list[Step]],
                    parents: tuple[str, ...] = ()) -> list[Step]:
    """`steps` with every included partial convo's steps in place."""
    result: list[Step] = []
    for step in steps:
        names = _include_names(step)
        if step.sender != "include":
            rest = [line for line in step.lines if not line.startswith("INCLUDE")]
            in_partial_frame = parents and step.sender in ("begin", "end")
            if (not names or rest) and not in_partial_frame:
                result.append(Step(step.sender, step.channel, rest))
        for name in names:
            if name in parents:
                raise IncludeProblem(f"partial convos are included in a circle: "
                                     f"{' → '.join([*parents, name])}")
            if name not in partials:
                raise IncludeProblem(f"the partial convo {name!r} is not among the files "
                                     "given: add its .pconvo.txt file (or its folder) to "
                                     "the command")
            if len(parents) >= MAX_INCLUDE_DEPTH:
                raise IncludeProblem(f"partial convos nested deeper than {MAX_INCLUDE_DEPTH}")
            result += expand_includes(partials[name], partials, (*parents, name))
    return result
