"""The size of a GraphQL operation once its fragments are expanded, computed without expanding.

A fragment is measured once and its measure reused wherever it is spread, so a
document whose fragments each spread the next one twice costs linear time here
although it would expand to 2^levels fields. This runs before GraphQL's own
validation, whose rules walk the expansion.
"""

from __future__ import annotations

from dataclasses import dataclass

from graphql import (
    DocumentNode,
    FieldNode,
    FragmentDefinitionNode,
    FragmentSpreadNode,
    InlineFragmentNode,
    OperationDefinitionNode,
    SelectionSetNode,
)


@dataclass(frozen=True)
class Cost:
    """Fields selected (introspection included), aliases used, and nesting depth.

    Depth leaves out introspection (`__schema`, `__type`): the standard
    introspection query is deep by nature and harmless.
    """

    fields: int = 0
    aliases: int = 0
    depth: int = 0

    def __add__(self, other: Cost) -> Cost:
        return Cost(self.fields + other.fields, self.aliases + other.aliases,
                    max(self.depth, other.depth))


class _Measure:
    def __init__(self, document: DocumentNode) -> None:
        self.fragments = {d.name.value: d for d in document.definitions
                          if isinstance(d, FragmentDefinitionNode)}
        self.memo: dict[str, Cost] = {}
        self.in_progress: set[str] = set()

    def selection_set(self, selection_set: SelectionSetNode | None) -> Cost:
        total = Cost()
        for selection in selection_set.selections if selection_set else ():
            if isinstance(selection, FieldNode):
                total += self.field(selection)
            elif isinstance(selection, InlineFragmentNode):
                total += self.selection_set(selection.selection_set)
            elif isinstance(selection, FragmentSpreadNode):
                total += self.fragment(selection.name.value)
        return total

    def field(self, field: FieldNode) -> Cost:
        inner = self.selection_set(field.selection_set)
        introspection = field.name.value.startswith("__") and field.selection_set is not None
        depth = 0 if introspection else inner.depth + 1
        return Cost(inner.fields + 1, inner.aliases + (1 if field.alias else 0), depth)

    def fragment(self, name: str) -> Cost:
        if name in self.memo:
            return self.memo[name]
        definition = self.fragments.get(name)
        if definition is None or name in self.in_progress:
            # Unknown or cyclic spreads are GraphQL validation's to report.
            return Cost()
        self.in_progress.add(name)
        cost = self.selection_set(definition.selection_set)
        self.in_progress.discard(name)
        self.memo[name] = cost
        return cost


def operation_cost(document: DocumentNode, operation: OperationDefinitionNode) -> Cost:
    """The expanded size of one operation of `document`."""
    return _Measure(document).selection_set(operation.selection_set)


def selected_operation(document: DocumentNode,
                       operation_name: str | None) -> OperationDefinitionNode | None:
    """The operation a request runs: the named one, or the only one (None if ambiguous)."""
    operations = [d for d in document.definitions if isinstance(d, OperationDefinitionNode)]
    if operation_name is None:
        return operations[0] if len(operations) == 1 else None
    return next((o for o in operations if o.name and o.name.value == operation_name), None)


def selects_introspection(document: DocumentNode, operation: OperationDefinitionNode) -> bool:
    """Whether the operation reaches `__schema` or `__type` (`__typename` is harmless)."""
    fragments = {d.name.value: d for d in document.definitions
                 if isinstance(d, FragmentDefinitionNode)}
    seen: set[str] = set()
    pending: list[SelectionSetNode | None] = [operation.selection_set]
    while pending:
        selection_set = pending.pop()
        for selection in selection_set.selections if selection_set else ():
            if isinstance(selection, FieldNode):
                if selection.name.value in ("__schema", "__type"):
                    return True
            elif isinstance(selection, InlineFragmentNode):
                pending.append(selection.selection_set)
            elif isinstance(selection, FragmentSpreadNode):
                name = selection.name.value
                if name not in seen and name in fragments:
                    seen.add(name)
                    pending.append(fragments[name].selection_set)
    return False
