"""The one YAML loader for every YAML file AgentEval reads (issue 35 item 4).

YAML 1.2 semantics (ruamel.yaml's pure-Python safe loader): `Yes`, `No`, `on`, `off`
and `y` are strings; only `true` / `false` (any case) are booleans. Two further
choices keep a value the author typed as text from turning into something else:

- an integer written with leading zeros (`0012345`, a phone or order number) stays a
  string, as in YAML 1.2's JSON schema (the core schema would read 12345; YAML 1.1
  read the octal 5349); so does a number with `_` separators;
- a date or timestamp (`2024-05-15`) stays a string: YAML 1.2 has no timestamp type
  and JSON cannot hold a date.

Bounds, so a small hostile file cannot cost much: the text is at most `max_bytes`;
aliases may repeat a node, but the document as expanded (every alias counted as the
nodes it stands for) holds at most `max_nodes`, so a billion-laughs file is refused
after composing its few hundred nodes, in milliseconds; a recursive alias and nesting
deeper than `MAX_DEPTH` are refused. Duplicate keys are refused (YAML 1.2 forbids them;
PyYAML kept the last one silently).

Booleans written before: files written for YAML 1.1 may say `yes` / `no` / `on` /
`off` where a boolean is expected. Those now load as strings. A validator that
expects a boolean either reads it with `as_bool` (accepts them; anything else is
refused with "write true or false") or refuses it with `not_a_boolean(value)`, whose
message says to write true or false. AgentEval's scenario, rules and models files
take the second way (their schema says boolean; the error names the word).

This module imports nothing from agenteval (it sits in the kernel layer).
"""

from __future__ import annotations

import re
from typing import Any

MAX_BYTES = 5 * 1024 * 1024
MAX_NODES = 1_000_000
MAX_DEPTH = 200
TRUE_WORDS = ("true", "yes", "on")
FALSE_WORDS = ("false", "no", "off")
YAML11_BOOLEAN_WORDS = frozenset({"y", "n", "yes", "no", "on", "off", "true", "false"})
_LEADING_ZERO = re.compile(r"^[-+]?0[0-9_]+$")


class YamlError(ValueError):
    """A YAML text that cannot be loaded; `line` and `column` are 1-based when known."""

    def __init__(self, problem: str, line: int | None = None, column: int | None = None,
                 source: str | None = None) -> None:
        self.problem, self.line, self.column, self.source = problem, line, column, source
        where = ", ".join(part for part in (
            source, f"line {line}" if line is not None else None,
            f"column {column}" if column is not None else None) if part)
        super().__init__(f"{where}: {problem}" if where else problem)


def _ruamel() -> Any:
    """A fresh safe YAML 1.2 loader with the two text-keeping rules above."""
    from ruamel.yaml import YAML
    from ruamel.yaml.constructor import SafeConstructor
    from ruamel.yaml.scanner import Scanner, ScannerError

    class TextKeepingConstructor(SafeConstructor):
        def construct_yaml_int(self, node: Any) -> Any:
            text = str(node.value)
            if _LEADING_ZERO.match(text) or "_" in text:
                return text
            return super().construct_yaml_int(node)

        def construct_yaml_timestamp(self, node: Any, values: Any = None) -> Any:
            return str(node.value)

    TextKeepingConstructor.add_constructor(
        "tag:yaml.org,2002:int", TextKeepingConstructor.construct_yaml_int)
    TextKeepingConstructor.add_constructor(
        "tag:yaml.org,2002:timestamp", TextKeepingConstructor.construct_yaml_timestamp)
    class DepthBoundScanner(Scanner):
        # The scanner looks ahead over every open `[`/`{` (each may start a key), so
        # deep nesting costs quadratic time before any later check sees it: refuse it
        # here, at the level that passes the bound.
        def fetch_flow_collection_start(self, TokenClass: Any, to_push: Any) -> None:
            super().fetch_flow_collection_start(TokenClass, to_push)
            if self.flow_level > MAX_DEPTH:
                self._too_deep()

        def add_indent(self, column: int) -> bool:
            added = bool(super().add_indent(column))
            if len(self.indents) > MAX_DEPTH:
                self._too_deep()
            return added

        def _too_deep(self) -> None:
            raise ScannerError(None, None, f"nested deeper than {MAX_DEPTH} levels",
                               self.reader.get_mark())

    yaml = YAML(typ="safe", pure=True)
    yaml.Constructor = TextKeepingConstructor
    yaml.Scanner = DepthBoundScanner
    yaml.allow_duplicate_keys = False
    return yaml


def _mark(error: Any) -> tuple[int | None, int | None]:
    mark = getattr(error, "problem_mark", None) or getattr(error, "context_mark", None)
    if mark is None:
        return None, None
    return mark.line + 1, mark.column + 1


def _expanded_size(root: Any, max_nodes: int, source: str | None) -> int:
    """How many nodes the document holds once every alias is expanded (bounded)."""
    sizes: dict[int, int] = {}
    in_progress: set[int] = set()

    def size(node: Any, depth: int) -> int:
        key = id(node)
        if key in sizes:
            return sizes[key]
        line, column = node.start_mark.line + 1, node.start_mark.column + 1
        if key in in_progress:
            raise YamlError("a recursive alias (a node that contains itself)", line, column,
                            source)
        if depth > MAX_DEPTH:
            raise YamlError(f"nested deeper than {MAX_DEPTH} levels", line, column, source)
        in_progress.add(key)
        total = 1
        if node.id == "mapping":
            for key_node, value_node in node.value:
                total += size(key_node, depth + 1) + size(value_node, depth + 1)
                if total > max_nodes:
                    break
        elif node.id == "sequence":
            for item in node.value:
                total += size(item, depth + 1)
                if total > max_nodes:
                    break
        in_progress.discard(key)
        if total > max_nodes:
            raise YamlError(f"expands to more than {max_nodes:,} values through its aliases "
                            "(anchors `&` used with `*`): refused", line, column, source)
        sizes[key] = total
        return total

    return size(root, 0)


def load_yaml(text: str, *, source: str | None = None, max_bytes: int = MAX_BYTES,
              max_nodes: int = MAX_NODES) -> Any:
    """The data of one YAML 1.2 document (None for an empty one); YamlError otherwise.

    `source` (a file name) is named in the error.
    """
    from ruamel.yaml.error import MarkedYAMLError, YAMLError

    size = len(text.encode("utf-8"))
    if size > max_bytes:
        raise YamlError(f"is too large ({size:,} bytes; the limit is {max_bytes:,})",
                        source=source)
    yaml = _ruamel()
    try:
        root = yaml.compose(text)
        if root is None:
            return None
        _expanded_size(root, max_nodes, source)
        return yaml.constructor.construct_document(root)
    except MarkedYAMLError as exc:
        line, column = _mark(exc)
        problem = " ".join(part for part in (exc.context, exc.problem) if part)
        raise YamlError(problem or str(exc), line, column, source) from None
    except YAMLError as exc:
        raise YamlError(str(exc).replace("\n", " "), source=source) from None
    except RecursionError:
        raise YamlError(f"nested too deeply (more than {MAX_DEPTH} levels)",
                        source=source) from None


def as_bool(value: Any) -> bool:
    """A boolean from true/false, or from yes/no/on/off (any case) of files written for
    YAML 1.1; ValueError saying "write true or false" for anything else."""
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        word = value.strip().lower()
        if word in TRUE_WORDS:
            return True
        if word in FALSE_WORDS:
            return False
    raise ValueError(f"{value!r} is not a boolean: write true or false")


def not_a_boolean(value: Any) -> str:
    """The validation message for a value where true or false is expected: it names a
    YAML 1.1 boolean word (`yes`, `off`) that now loads as text."""
    if isinstance(value, str) and value.strip().lower() in YAML11_BOOLEAN_WORDS:
        return (f"must be true or false, not the text {value!r} (YAML 1.2 reads yes/no/on/off "
                "as text): write true or false")
    return "must be true or false"


def dump_yaml(data: Any) -> str:
    """YAML 1.2 text of plain data (dicts, lists, strings, numbers, booleans, None),
    keys in their order, non-ASCII text as written; a string that would read back as
    another type (`Yes`, `0012345`, `true`) is quoted."""
    import io

    from ruamel.yaml import YAML
    from ruamel.yaml.representer import SafeRepresenter

    class QuotingRepresenter(SafeRepresenter):
        def represent_str(self, data: str) -> Any:
            # YAML 1.1 readers (PyYAML, older tools) would read these as booleans.
            if data.lower() in YAML11_BOOLEAN_WORDS:
                return self.represent_scalar("tag:yaml.org,2002:str", data, style="'")
            return super().represent_str(data)

    QuotingRepresenter.add_representer(str, QuotingRepresenter.represent_str)
    yaml = YAML(typ="safe", pure=True)
    yaml.Representer = QuotingRepresenter
    yaml.default_flow_style = False
    yaml.allow_unicode = True
    yaml.sort_base_mapping_type_on_output = False  # type: ignore[assignment]  # untyped attr
    yaml.width = 100
    out = io.StringIO()
    yaml.dump(data, out)
    return out.getvalue()
