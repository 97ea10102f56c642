"""One small registry type for every plugin kind (rule types, channel types, …).

A `Registry[T]` maps names to entries. It refuses a second entry under a name
unless asked to replace it, lists its names in order, names the known entries
when a lookup misses, and `snapshot()` restores it after a test registered fakes.

    RULES: Registry[RegisteredRule] = Registry("rule type")

    @RULES.decorator("shout")          # registers the decorated object itself
    def shout(...): ...

    RULES.add("shout", entry)          # or an entry built from the decorated object
    RULES.lookup("shout")              # the entry, or UnknownEntry naming the known ones
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, Generic, TypeVar

T = TypeVar("T")


def is_builtin(entry: Any) -> bool:
    """Whether `entry` (a class or function) is defined inside the package.

    A registry checks the JSON Schema of what is registered from outside (plugins,
    tests) as it is registered; the built-in rules' and channels' schemas are
    constants, checked once by tests/test_builtin_schemas.py instead of at every
    start (a dozen checks were ~5 % of the CI gate's start-up).
    """
    return str(getattr(entry, "__module__", "")).startswith("agenteval.")


class UnknownEntry(LookupError):
    """A lookup of a name nothing is registered under; the message names the known ones."""

    def __init__(self, message: str, name: object) -> None:
        super().__init__(message)
        self.message = message
        self.name = name


class Registry(Generic[T]):
    """Named entries of one plugin kind; `kind` names them in messages ("channel type")."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self._entries: dict[str, T] = {}

    def add(self, name: str, entry: T, *, replace: bool = False) -> T:
        """Register `entry` under `name`; ValueError when the name is taken and not `replace`."""
        if name in self._entries and not replace:
            raise ValueError(f"{self.kind} '{name}' is already registered")
        self._entries[name] = entry
        return entry

    def decorator(self, name: str, *, replace: bool = False) -> Callable[[T], T]:
        """A decorator that registers the decorated object itself under `name`."""

        def register(entry: T) -> T:
            return self.add(name, entry, replace=replace)

        return register

    def get(self, name: str) -> T | None:
        """The entry under `name`, or None."""
        return self._entries.get(name)

    def lookup(self, name: str) -> T:
        """The entry under `name`; UnknownEntry (with `unknown_message`) otherwise."""
        entry = self._entries.get(name)
        if entry is None:
            raise UnknownEntry(self.unknown_message(name), name)
        return entry

    def unknown_message(self, name: object) -> str:
        """Why `name` is not found: `unknown channel type 'x' (known: a, b)`."""
        return f"unknown {self.kind} {name!r} (known: {', '.join(self.names())})"

    def names(self) -> list[str]:
        """Every registered name, sorted."""
        return sorted(self._entries)

    def entries(self) -> list[T]:
        """Every entry, in the order of `names()`."""
        return [self._entries[name] for name in self.names()]

    def __contains__(self, name: object) -> bool:
        return name in self._entries

    def __len__(self) -> int:
        return len(self._entries)

    @contextmanager
    def snapshot(self) -> Iterator[None]:
        """Restore the entries on exit, whatever was added or replaced meanwhile (tests)."""
        saved = dict(self._entries)
        try:
            yield
        finally:
            self._entries.clear()
            self._entries.update(saved)
