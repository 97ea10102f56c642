"""One small registry type for every plugin kind (rule types, channel types, …), and
their discovery from other packages through entry points.

A `Registry[T]` maps names to entries. It refuses a second entry under a name
unless asked to replace it, lists its names in order, names the known entries
when a lookup misses, and `snapshot()` restores it after a test registered fakes.

    RULES: Registry[RegisteredRule] = Registry("rule type")

    @RULES.decorator("shout")          # registers the decorated object itself
    def shout(...): ...

    RULES.add("shout", entry)          # or an entry built from the decorated object
    RULES.lookup("shout")              # the entry, or UnknownEntry naming the known ones

A registry can also know where its built-in entries are declared without importing them
(`builtins`: a function giving name → module): a lookup of such a name imports its module
first, and listing the names imports them all. A gate whose scenario names three rule
types so imports those three modules, not every rule with its judges and lexicons.

    discover({"agenteval.rules": RULES})   # import every installed `agenteval.rules` plugin
"""

from __future__ import annotations

import importlib
import os
import re
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

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

    def __init__(self, kind: str,
                 builtins: Callable[[], Mapping[str, str]] | None = None) -> None:
        self.kind = kind
        self._entries: dict[str, T] = {}
        self._builtins = builtins
        self._unloaded: dict[str, str] | None = None  # built-in name → module, not imported yet

    def _unloaded_builtins(self) -> dict[str, str]:
        if self._unloaded is None:
            self._unloaded = dict(self._builtins()) if self._builtins is not None else {}
        return self._unloaded

    def _load_builtin(self, name: str) -> None:
        """Import the module that declares the built-in `name`, when not imported yet.

        A module already in sys.modules is not imported again: it is the one registering
        itself right now (its decorator asked whether the name is taken), or it was
        imported directly and registered its entries then.
        """
        module = self._unloaded_builtins().pop(name, None)
        if module is not None and module not in sys.modules:
            importlib.import_module(module)

    def _load_all_builtins(self) -> None:
        for name in list(self._unloaded_builtins()):
            self._load_builtin(name)

    def add(self, name: str, entry: T, *, replace: bool = False) -> T:
        """Register `entry` under `name`; ValueError when the name is taken and not `replace`."""
        self._load_builtin(name)  # a built-in is registered before anything replaces it
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
        entry = self._entries.get(name)
        if entry is None and self._unloaded_builtins().get(name) is not None:
            self._load_builtin(name)
            entry = self._entries.get(name)
        return entry

    def lookup(self, name: str) -> T:
        """The entry under `name`; UnknownEntry (with `unknown_message`) otherwise."""
        entry = self.get(name)
        if entry is None:
            raise UnknownEntry(self.unknown_message(name), name)
        return entry

    def unknown_message(self, name: object) -> str:
        """Why `name` is not found: `unknown channel type 'x' (known: a, b)`."""
        return f"unknown {self.kind} {name!r} (known: {', '.join(self.names())})"

    def names(self) -> list[str]:
        """Every registered name, sorted (every built-in imported first)."""
        self._load_all_builtins()
        return sorted(self._entries)

    def entries(self) -> list[T]:
        """Every entry, in the order of `names()`."""
        return [self._entries[name] for name in self.names()]

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self.get(name) is not None

    def __len__(self) -> int:
        return len(self.names())

    @contextmanager
    def snapshot(self) -> Iterator[None]:
        """Restore the entries on exit, whatever was added or replaced meanwhile (tests).

        The built-ins are imported first: one imported inside the snapshot would be
        forgotten on exit, and its module is never imported twice."""
        self._load_all_builtins()
        saved = dict(self._entries)
        try:
            yield
        finally:
            self._entries.clear()
            self._entries.update(saved)


# -- discovery: plugins from other packages, through entry points ---------------------

class PluginError(Exception):
    """A plugin that cannot be loaded: the message names its entry point and why.

    Start-up stops on it: a rule or channel missing from a deployment would
    otherwise surface much later as "unknown rule type" in some run's results.
    """


# (group, name) → value of the entry points this process has loaded.
_LOADED: dict[tuple[str, str], str] = {}


def discover(groups: Mapping[str, Registry[Any]],
             found: Iterable[EntryPoint] | None = None) -> list[str]:
    """Load every entry point of `groups` (group name → the registry it fills); the
    names loaded, as `group:name`.

    An entry point's name is the rule or channel type it registers, its value the
    module or the decorated object (`shout = acme_rules.shout:Shout`): loading it
    imports the module, whose `@register_rule` / `@register_channel` registers it.
    A plugin that fails to import, that registers a name already taken, or whose
    import leaves its name unregistered raises PluginError naming the entry point;
    none is skipped. `found` replaces the installed entry points (tests). Every
    start-up of the process calls it (the server, the gate, each test's app): an entry
    point already loaded, its name still registered, is not loaded again.
    """
    if found is None:
        found = installed_entry_points(groups)
    found = sorted((entry for entry in found if entry.group in groups),
                   key=lambda entry: (entry.group, entry.name))
    _refuse_duplicates(found, groups)  # before any import: which one would win is arbitrary
    loaded: list[str] = []
    for entry in found:
        registry = groups[entry.group]
        if _LOADED.get((entry.group, entry.name)) == entry.value and entry.name in registry:
            continue
        _load(entry, registry)
        _LOADED[(entry.group, entry.name)] = entry.value
        loaded.append(f"{entry.group}:{entry.name}")
    return loaded


def installed_entry_points(groups: Iterable[str]) -> list[EntryPoint]:
    """The entry points of `groups` every installed distribution declares.

    What `importlib.metadata.entry_points(group=...)` finds, for a third of its cost
    (~4 ms instead of ~12 at every start of the gate): that reads the METADATA of
    every distribution to drop the same one found twice on sys.path; here only the
    few whose entry_points.txt mentions agenteval at all are parsed and named. When no
    entry_points.txt on sys.path names a group (`_may_declare`), importlib.metadata is not
    even imported.
    """
    wanted = set(groups)
    if not _may_declare(wanted):
        return []
    from importlib.metadata import distributions  # ~20 ms with email, csv, zipfile

    found: list[EntryPoint] = []
    names: set[str] = set()
    for dist in distributions():
        text = dist.read_text("entry_points.txt")
        if not text or "agenteval" not in text:
            continue
        name = re.sub(r"[-_.]+", "-", dist.name).lower()
        if name in names:  # the same distribution later on sys.path: the first one counts
            continue
        names.add(name)
        found.extend(entry for entry in dist.entry_points if entry.group in wanted)
    return found


def _may_declare(groups: Iterable[str]) -> bool:
    """Whether a distribution on sys.path may declare an entry point of `groups`: its
    entry_points.txt read as text (~2 ms in all). Whatever cannot be looked into this way
    (a zip or an egg file on sys.path) counts as a yes, for importlib.metadata to read."""
    for folder in sys.path:
        try:
            with os.scandir(folder or ".") as items:
                found = [item.path for item in items
                         if item.name.endswith((".dist-info", ".egg-info"))]
        except NotADirectoryError:
            return True
        except OSError:  # a missing folder on sys.path
            continue
        for distribution in found:
            try:
                text = Path(distribution, "entry_points.txt").read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                continue
            if any(group in text for group in groups):
                return True
    return False


def _refuse_duplicates(found: Iterable[EntryPoint], groups: Mapping[str, Registry[Any]]) -> None:
    seen: dict[tuple[str, str], EntryPoint] = {}
    for entry in found:
        earlier = seen.setdefault((entry.group, entry.name), entry)
        if earlier is not entry:
            raise PluginError(f"{describe(entry)}: {groups[entry.group].kind} '{entry.name}' "
                              f"is also declared by {describe(earlier)}")


def _load(entry: EntryPoint, registry: Registry[Any]) -> None:
    if entry.name in registry:  # before importing: the clearer error
        raise PluginError(f"{describe(entry)}: {registry.kind} '{entry.name}' is already "
                          "registered (a built-in or another plugin has that name)")
    try:
        entry.load()
    except Exception as exc:  # anything a plugin's import raises stops the start-up
        raise PluginError(f"{describe(entry)} failed to load: "
                          f"{type(exc).__name__}: {exc}") from exc
    if entry.name not in registry:
        raise PluginError(f"{describe(entry)} loaded but registered no {registry.kind} "
                          f"'{entry.name}' (the entry point's name must be the type's name)")


def describe(entry: EntryPoint) -> str:
    """`entry point 'shout = acme.rules:Shout' (group agenteval.rules, acme-rules 1.0)`."""
    dist = getattr(entry, "dist", None)
    source = f", {dist.name} {dist.version}" if dist is not None else ""
    return f"entry point '{entry.name} = {entry.value}' (group {entry.group}{source})"
