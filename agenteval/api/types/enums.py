"""The contract's enums."""

from enum import Enum

import strawberry

from agenteval.domain.intelligent.eval_state import EvalAction, IntelligentEvalStatus, SessionStatus
from agenteval.domain.static.run_state import RunStatus

# The state machines' statuses and actions are defined once, as the domain's own enums;
# registered here with strawberry under their own (the contract's) names.
for _domain_enum in (IntelligentEvalStatus, EvalAction, SessionStatus, RunStatus):
    strawberry.enum(_domain_enum)


@strawberry.enum
class ErrorCode(Enum):
    UNAUTHENTICATED = "UNAUTHENTICATED"
    FORBIDDEN = "FORBIDDEN"
    NOT_FOUND = "NOT_FOUND"
    VALIDATION_FAILED = "VALIDATION_FAILED"
    INVALID_TRANSITION = "INVALID_TRANSITION"
    CONFLICT = "CONFLICT"
    BUDGET_EXCEEDED = "BUDGET_EXCEEDED"
    TARGET_ERROR = "TARGET_ERROR"
    MODEL_ERROR = "MODEL_ERROR"
    RATE_LIMITED = "RATE_LIMITED"
    UNAVAILABLE = "UNAVAILABLE"
    INTERNAL = "INTERNAL"


@strawberry.enum
class KeyRole(Enum):
    ADMIN = "ADMIN"
    OPERATOR = "OPERATOR"
    AGENT = "AGENT"
    VIEWER = "VIEWER"
    # Monitoring (issue 37): may only send conversations (POST /api/ingest, OTLP); reads nothing.
    INGEST = "INGEST"
    # Review queues (issue 39): reads the items of the queues it is given, records reviews.
    REVIEWER = "REVIEWER"


@strawberry.enum
class ModelRole(Enum):
    JUDGE = "JUDGE"
    EMBEDDING = "EMBEDDING"
    MODERATION = "MODERATION"
    PLANNER = "PLANNER"
    SIMULATOR = "SIMULATOR"
    ANALYST = "ANALYST"








@strawberry.enum
class MessageRole(Enum):
    USER = "USER"
    ASSISTANT = "ASSISTANT"


@strawberry.enum
class Severity(Enum):
    HIGH = "HIGH"
    MEDIUM = "MEDIUM"
    LOW = "LOW"


@strawberry.enum
class EvalEventType(Enum):
    CREATED = "CREATED"
    PLAN_SUBMITTED = "PLAN_SUBMITTED"
    PLAN_APPROVED = "PLAN_APPROVED"
    PLAN_REJECTED = "PLAN_REJECTED"
    SESSION_CREATED = "SESSION_CREATED"
    MESSAGE_EXCHANGED = "MESSAGE_EXCHANGED"
    SESSION_CLOSED = "SESSION_CLOSED"
    SESSION_EXPIRED = "SESSION_EXPIRED"
    SESSION_FAILED = "SESSION_FAILED"
    REPORT_SUBMITTED = "REPORT_SUBMITTED"
    CANCELLED = "CANCELLED"
    FAILED = "FAILED"
    COMPLETED = "COMPLETED"
    AGENT_WOKEN = "AGENT_WOKEN"
    HEARTBEAT = "HEARTBEAT"
    BUDGET_OVERRUN = "BUDGET_OVERRUN"


@strawberry.enum
class CaseType(Enum):
    SINGLE_TURN = "SINGLE_TURN"
    MULTI_TURN = "MULTI_TURN"
    # A persona talks to the target towards a goal (scripted follow-ups or the SIMULATOR).
    SIMULATED = "SIMULATED"


@strawberry.enum
class RuleLogic(Enum):
    ALL = "ALL"
    ANY = "ANY"
    WEIGHTED = "WEIGHTED"


@strawberry.enum
class SuccessLevel(Enum):
    SUCCESS = "SUCCESS"
    PARTIAL = "PARTIAL"
    FAILURE = "FAILURE"


