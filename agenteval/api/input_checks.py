"""Input no database can store or no browser can read, refused at the edge with its path.

Every operation's variables and inline argument values are walked once before
validation (HTTP and websocket alike): a NUL character or a lone surrogate in
any string or object key (PostgreSQL refuses `\\u0000`, UTF-8 has no surrogates),
a number that is not finite (`NaN`, `Infinity`, `1e400`: stored on SQLite they
made later listings invalid JSON), and JSON nested deeper than the limit. The
same rule holds for message content sent to a target: it is refused, not cleaned.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from graphql import (
    ArgumentNode,
    DocumentNode,
    FloatValueNode,
    FragmentDefinitionNode,
    ListValueNode,
    Node,
    ObjectValueNode,
    OperationDefinitionNode,
    StringValueNode,
    ValueNode,
)

from agenteval.errors import FieldError

_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")
MAX_REPORTED = 20


def _text_problem(text: str) -> str | None:
    found = _UNSTORABLE.search(text)
    if found is None:
        return None
    if found.group() == "\x00":
        return "contains a NUL character (\\u0000), which cannot be stored"
    return "contains a lone surrogate (invalid Unicode), which cannot be stored"


def _number_problem(number: float) -> str | None:
    if math.isfinite(number):
        return None
    return f"is {number}: only finite numbers are valid JSON"


def value_problems(value: Any, path: str, max_depth: int) -> Iterator[FieldError]:
    """The unstorable parts of a JSON-like value (iterative: any depth is safe)."""
    pending: list[tuple[Any, str, int]] = [(value, path, 1)]
    while pending:
        item, where, depth = pending.pop()
        if isinstance(item, str):
            problem = _text_problem(item)
        elif isinstance(item, float):
            problem = _number_problem(item)
        elif isinstance(item, Mapping | list) and depth > max_depth:
            problem = f"nests deeper than the limit of {max_depth} levels"
        elif isinstance(item, Mapping):
            problem = None
            for key, child in item.items():
                key_problem = _text_problem(str(key))
                if key_problem:
                    yield FieldError(f"{where}.{key!r}", f"key {key_problem}")
                else:
                    pending.append((child, f"{where}.{key}", depth + 1))
        elif isinstance(item, list):
            problem = None
            pending.extend((child, f"{where}[{i}]", depth + 1) for i, child in enumerate(item))
        else:
            problem = None
        if problem:
            yield FieldError(where, problem)


def literal_problems(document: DocumentNode, operation: OperationDefinitionNode,
                     max_depth: int) -> Iterator[FieldError]:
    """The same checks over the inline argument values of an operation and the fragments."""
    roots: list[Node] = [operation]
    roots += [d for d in document.definitions if isinstance(d, FragmentDefinitionNode)]
    for argument in _arguments(roots):
        pending: list[tuple[ValueNode, str, int]] = [(argument.value, argument.name.value, 1)]
        while pending:
            node, where, depth = pending.pop()
            problem = None
            if isinstance(node, StringValueNode):
                problem = _text_problem(node.value)
            elif isinstance(node, FloatValueNode):
                problem = _number_problem(float(node.value))
            elif isinstance(node, ObjectValueNode | ListValueNode) and depth > max_depth:
                problem = f"nests deeper than the limit of {max_depth} levels"
            elif isinstance(node, ObjectValueNode):
                pending.extend((f.value, f"{where}.{f.name.value}", depth + 1)
                               for f in node.fields)
            elif isinstance(node, ListValueNode):
                pending.extend((v, f"{where}[{i}]", depth + 1) for i, v in enumerate(node.values))
            if problem:
                yield FieldError(where, problem)


def _arguments(roots: Iterable[Node]) -> Iterator[ArgumentNode]:
    pending = list(roots)
    while pending:
        node = pending.pop()
        if isinstance(node, ArgumentNode):
            yield node
            continue
        for key in node.keys:
            child = getattr(node, key, None)
            children = child if isinstance(child, tuple | list) else (child,)
            pending.extend(c for c in children if isinstance(c, Node))


def input_problems(variables: Mapping[str, Any] | None, document: DocumentNode,
                   operation: OperationDefinitionNode, max_depth: int) -> list[FieldError]:
    """Every unstorable input of an operation (at most MAX_REPORTED), variables first."""
    problems: list[FieldError] = []
    for name, value in (variables or {}).items():
        problems.extend(value_problems(value, name, max_depth))
    problems.extend(literal_problems(document, operation, max_depth))
    return problems[:MAX_REPORTED]
