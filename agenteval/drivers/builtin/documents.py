"""The GraphQL documents the built-in driver sends: the same operations any agent uses.

They come from `operations.graphql` next to this module, the one source of the agent
operations: `skills/sync.py` embeds the same file in the skills' command-line client.
"""

from __future__ import annotations

from importlib.resources import files

from graphql import DefinitionNode, parse, print_ast
from graphql.utilities import separate_operations

OPERATIONS_FILE = "operations.graphql"


def load_documents(text: str) -> dict[str, str]:
    """One document per named operation: the operation and the fragments it spreads,
    each as written in `text` (so requests stay as compact as the file)."""

    def source(definition: DefinitionNode) -> str:
        location = definition.loc
        return text[location.start:location.end] if location else print_ast(definition)

    return {name: "\n\n".join(source(definition) for definition in document.definitions)
            for name, document in separate_operations(parse(text)).items()}


DOCUMENTS = load_documents(
    files(__package__).joinpath(OPERATIONS_FILE).read_text(encoding="utf-8"))

GET_EVAL = DOCUMENTS["GetEval"]
LIST_EVALS = DOCUMENTS["ListEvals"]
SUBMIT_PLAN = DOCUMENTS["SubmitPlan"]
CREATE_SESSION = DOCUMENTS["CreateSession"]
SEND_MESSAGE = DOCUMENTS["SendMessage"]
CLOSE_SESSION = DOCUMENTS["CloseSession"]
SESSION_TRANSCRIPT = DOCUMENTS["SessionTranscript"]
EVAL_SESSIONS = DOCUMENTS["EvalSessions"]
SUBMIT_REPORT = DOCUMENTS["SubmitReport"]
HEARTBEAT = DOCUMENTS["Heartbeat"]
