"""The model-free audit of simulated users (issue 40): facts they state without having
them, role inversion, meta-talk, stopping early. See `audit.py`."""

from agenteval.domain.judging.simulator_audit.audit import (
    DEVIATION_KINDS,
    AuditedMessage,
    Deviation,
    DeviationKind,
    UserBrief,
    audit_dialog,
)
from agenteval.domain.judging.simulator_audit.case_dialog import (
    audit_case_dialog,
    deviation_error,
    deviation_record,
    is_simulators,
)

__all__ = ["DEVIATION_KINDS", "AuditedMessage", "Deviation", "DeviationKind", "UserBrief",
           "audit_case_dialog", "audit_dialog", "deviation_error",
           "deviation_record", "is_simulators"]
