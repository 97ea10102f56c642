"""A scenario case an offline run left out, and why (a simulated case, a latency rule on
a log without latencies)."""

from __future__ import annotations

import strawberry


@strawberry.type(description="A case of the scenario that could not judge the logged "
                             "conversations, and why; the run judged the others.")
class OfflineSkippedCase:
    case_key: str
    reason: str
