"""The one YAML loader (issue 35 item 4): YAML 1.2 scalars, bounded aliases and size,
errors with a line and column, and the boolean helper for files written for YAML 1.1."""

from __future__ import annotations

import time

import pytest

from agenteval.yaml_loader import YamlError, as_bool, dump_yaml, load_yaml


def _billion_laughs(levels: int = 9) -> str:
    lines = ['lol0: &lol0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for level in range(1, levels + 1):
        refs = ", ".join([f"*lol{level - 1}"] * 9)
        lines.append(f"lol{level}: &lol{level} [{refs}]")
    return "\n".join(lines) + "\n"


def test_yes_no_on_off_are_strings_and_only_true_false_are_booleans() -> None:
    data = load_yaml("a: Yes\nb: No\nc: on\nd: off\ne: y\nf: true\ng: False\nh: TRUE\n")
    assert data == {"a": "Yes", "b": "No", "c": "on", "d": "off", "e": "y", "f": True,
                    "g": False, "h": True}


def test_numbers_with_leading_zeros_and_dates_stay_as_written() -> None:
    data = load_yaml("phone: 0012345\norder: -007\nday: 2024-05-15\nsep: 1_000\n"
                     "zero: 0\ncount: 12\nhex: 0x1F\nratio: 0.8\n")
    assert data == {"phone": "0012345", "order": "-007", "day": "2024-05-15", "sep": "1_000",
                    "zero": 0, "count": 12, "hex": 31, "ratio": 0.8}


def test_a_billion_laughs_document_is_refused_in_milliseconds() -> None:
    load_yaml("warm: [1]\n")  # the first call imports ruamel.yaml; time the refusal only
    started = time.perf_counter()
    with pytest.raises(YamlError, match="expands to more than 1,000,000 values") as refused:
        load_yaml(_billion_laughs())
    elapsed = time.perf_counter() - started
    assert elapsed < 0.05, f"took {elapsed * 1000:.1f} ms"
    assert refused.value.line is not None and refused.value.column is not None


def test_a_few_aliases_are_fine_and_expand_to_equal_values() -> None:
    data = load_yaml("base: &b {x: 1}\none: *b\ntwo: *b\n")
    assert data["one"] == data["two"] == {"x": 1}
    # The same document with a lower bound is refused: the bound is on the expansion.
    with pytest.raises(YamlError, match="expands to more than 5 values"):
        load_yaml("base: &b {x: 1}\none: *b\ntwo: *b\n", max_nodes=5)


def test_size_depth_recursion_and_duplicate_keys_are_refused_with_a_position() -> None:
    with pytest.raises(YamlError, match="too large"):
        load_yaml("a: " + "x" * 2000, max_bytes=1000)
    started = time.perf_counter()
    with pytest.raises(YamlError, match="nested deeper than 200 levels"):
        load_yaml("[" * 100_000)  # the scanner's look-ahead was quadratic in the depth
    with pytest.raises(YamlError, match="nested deeper than 200 levels"):
        load_yaml("".join("  " * level + "a:\n" for level in range(1000)))
    assert time.perf_counter() - started < 1.0
    with pytest.raises(YamlError, match="recursive alias"):
        load_yaml("a: &x [1, *x]\n")
    with pytest.raises(YamlError, match="duplicate key") as duplicate:
        load_yaml("a: 1\nb: 2\na: 3\n", source="cases.yaml")
    assert (duplicate.value.line, duplicate.value.column) == (3, 1)
    assert str(duplicate.value).startswith("cases.yaml, line 3, column 1: ")


def test_a_syntax_error_names_its_line_and_column() -> None:
    with pytest.raises(YamlError) as broken:
        load_yaml("cases:\n  - id: a\n    message: [unclosed\n")
    assert broken.value.line == 4 and broken.value.column == 1
    assert isinstance(broken.value, ValueError)


def test_empty_documents_load_as_none() -> None:
    assert load_yaml("") is None
    assert load_yaml("# only a comment\n") is None


@pytest.mark.parametrize(("text", "expected"), [
    (True, True), (False, False), ("yes", True), ("No", False), ("ON", True),
    ("off", False), ("true", True), ("False", False)])
def test_as_bool_accepts_true_false_and_yaml_1_1_words(text: object, expected: bool) -> None:
    assert as_bool(text) is expected


@pytest.mark.parametrize("value", ["y", "1", 1, None, "maybe"])
def test_as_bool_refuses_anything_else_saying_write_true_or_false(value: object) -> None:
    with pytest.raises(ValueError, match="write true or false"):
        as_bool(value)


def test_dump_round_trips_and_quotes_what_yaml_1_1_readers_would_misread() -> None:
    import yaml as pyyaml  # a YAML 1.1 reader, as other tools are

    data = {"z": "Yes", "phone": "0012345", "text": "中文", "on": "off",
            "list": [1, {"ok": True}], "none": None}
    text = dump_yaml(data)
    assert load_yaml(text) == data
    assert pyyaml.safe_load(text) == data
    assert list(load_yaml(text)) == ["z", "phone", "text", "on", "list", "none"]
    assert "中文" in text
