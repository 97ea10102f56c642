"""The contract's enums."""

from enum import Enum

import strawberry


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


@strawberry.enum
class ModelRole(Enum):
    JUDGE = "JUDGE"
    EMBEDDING = "EMBEDDING"
    MODERATION = "MODERATION"
    PLANNER = "PLANNER"
    SIMULATOR = "SIMULATOR"
    ANALYST = "ANALYST"


@strawberry.enum
class IntelligentEvalStatus(Enum):
    DRAFT = "DRAFT"
    PLANNING = "PLANNING"
    PENDING_APPROVAL = "PENDING_APPROVAL"
    EXECUTING = "EXECUTING"
    COMPLETED = "COMPLETED"
    CANCELLED = "CANCELLED"
    FAILED = "FAILED"


@strawberry.enum
class EvalAction(Enum):
    SUBMIT_PLAN = "SUBMIT_PLAN"
    APPROVE = "APPROVE"
    REJECT = "REJECT"
    CANCEL = "CANCEL"
    CREATE_SESSION = "CREATE_SESSION"
    SUBMIT_REPORT = "SUBMIT_REPORT"
    HEARTBEAT = "HEARTBEAT"


@strawberry.enum
class SessionStatus(Enum):
    RUNNING = "RUNNING"
    COMPLETED = "COMPLETED"
    FAILED = "FAILED"
    EXPIRED = "EXPIRED"


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


@strawberry.enum
class RunStatus(Enum):
    QUEUED = "QUEUED"
    RUNNING = "RUNNING"
    COMPLETED = "COMPLETED"
    CANCELLED = "CANCELLED"
    FAILED = "FAILED"
