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
