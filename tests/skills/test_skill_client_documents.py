"""The client's GraphQL documents are valid against the exported schema.

schema.graphql holds the whole public contract (tests/api/test_schema_contract.py) plus
its nullable additions, such as `IntelligentEval.timeScale` that `schedule` reads.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest
from graphql import build_schema, parse, validate
from graphql.language import OperationDefinitionNode

SCHEMA = Path(__file__).resolve().parents[2] / "schema.graphql"
AGENT_OPERATIONS = {"submitPlan", "createSession", "sendMessage", "closeSession",
                    "submitReport", "heartbeat"}


@pytest.fixture(scope="module")
def contract_schema():
    return build_schema(SCHEMA.read_text(encoding="utf-8"))


def test_every_document_is_valid_against_the_contract(client: ModuleType,
                                                       contract_schema) -> None:
    for name, document in client.DOCUMENTS.items():
        errors = validate(contract_schema, parse(document))
        assert errors == [], f"{name}: {[error.message for error in errors]}"


def test_each_document_holds_one_operation_named_as_its_key(client: ModuleType) -> None:
    for name, document in client.DOCUMENTS.items():
        operations = [d for d in parse(document).definitions
                      if isinstance(d, OperationDefinitionNode)]
        assert [operation.name.value for operation in operations] == [name]


def test_the_documents_cover_every_agent_mutation(client: ModuleType) -> None:
    fields = {selection.name.value
              for document in client.DOCUMENTS.values()
              for definition in parse(document).definitions
              if isinstance(definition, OperationDefinitionNode)
              and definition.operation.value == "mutation"
              for selection in definition.selection_set.selections}
    assert fields == AGENT_OPERATIONS


def test_validation_catches_a_misspelt_field(contract_schema) -> None:
    errors = validate(contract_schema, parse("query { intelligentEval(id: 1) { planFeedbak } }"))
    assert errors
