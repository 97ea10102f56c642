"""The one registry type behind rule types and channel types."""

from __future__ import annotations

import pytest

from agenteval.plugins import Registry, UnknownEntry


def test_entries_are_found_by_name_and_listed_in_name_order() -> None:
    registry: Registry[int] = Registry("number")
    registry.add("two", 2)
    registry.add("one", 1)
    assert registry.get("one") == 1
    assert registry.lookup("two") == 2
    assert registry.names() == ["one", "two"]
    assert registry.entries() == [1, 2]
    assert "one" in registry and "three" not in registry and len(registry) == 2


def test_a_taken_name_is_refused_unless_replacing() -> None:
    registry: Registry[int] = Registry("number")
    registry.add("one", 1)
    with pytest.raises(ValueError, match="number 'one' is already registered"):
        registry.add("one", 11)
    registry.add("one", 11, replace=True)
    assert registry.lookup("one") == 11


def test_the_decorator_registers_the_decorated_object_itself() -> None:
    registry: Registry[type] = Registry("shape")

    @registry.decorator("square")
    class Square:
        pass

    assert registry.lookup("square") is Square


def test_a_miss_names_the_known_entries() -> None:
    registry: Registry[int] = Registry("number")
    registry.add("one", 1)
    registry.add("two", 2)
    assert registry.get("three") is None
    with pytest.raises(UnknownEntry) as raised:
        registry.lookup("three")
    assert raised.value.message == "unknown number 'three' (known: one, two)"
    assert raised.value.name == "three"


def test_snapshot_restores_added_and_replaced_entries() -> None:
    registry: Registry[int] = Registry("number")
    registry.add("one", 1)
    with registry.snapshot():
        registry.add("two", 2)
        registry.add("one", 11, replace=True)
    assert registry.names() == ["one"] and registry.lookup("one") == 1
    with pytest.raises(RuntimeError), registry.snapshot():
        registry.add("three", 3)
        raise RuntimeError("a failing test")
    assert registry.names() == ["one"]


# -- built-ins imported on first lookup --------------------------------------------------

def _builtin_modules(tmp_path, monkeypatch, package: str) -> Registry[int]:
    """A registry whose built-ins `one` and `two` live in two real modules of `package`."""
    folder = tmp_path / package
    folder.mkdir()
    (folder / "__init__.py").write_text("")
    for name, value in (("one", 1), ("two", 2)):
        (folder / f"{name}.py").write_text(
            f"from tests.test_plugins import LAZY\nLAZY['{package}'].add('{name}', {value})\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    registry: Registry[int] = Registry(
        "number", builtins=lambda: {"one": f"{package}.one", "two": f"{package}.two"})
    LAZY[package] = registry
    return registry


LAZY: dict[str, Registry[int]] = {}


def test_a_builtin_module_is_imported_when_its_name_is_first_looked_up(tmp_path, monkeypatch):
    import sys

    registry = _builtin_modules(tmp_path, monkeypatch, "lazy_numbers_a")
    assert "lazy_numbers_a.one" not in sys.modules
    assert registry.get("one") == 1
    assert "lazy_numbers_a.one" in sys.modules and "lazy_numbers_a.two" not in sys.modules
    assert "two" in registry and registry.lookup("two") == 2
    with pytest.raises(UnknownEntry, match=r"unknown number 'three' \(known: one, two\)"):
        registry.lookup("three")


def test_listing_imports_every_builtin(tmp_path, monkeypatch):
    registry = _builtin_modules(tmp_path, monkeypatch, "lazy_numbers_b")
    assert registry.names() == ["one", "two"] and len(registry) == 2


def test_a_builtin_is_registered_before_anything_replaces_it(tmp_path, monkeypatch):
    registry = _builtin_modules(tmp_path, monkeypatch, "lazy_numbers_c")
    with pytest.raises(ValueError, match="number 'one' is already registered"):
        registry.add("one", 11)
    registry.add("two", 22, replace=True)
    assert registry.entries() == [1, 22]


def test_a_snapshot_keeps_the_builtins_imported_inside_it(tmp_path, monkeypatch):
    registry = _builtin_modules(tmp_path, monkeypatch, "lazy_numbers_d")
    with registry.snapshot():
        registry.add("three", 3)
    assert registry.names() == ["one", "two"]
