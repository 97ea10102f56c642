"""What case validation needs to know about rule types, as a port the engine fills.

The domain validates scenario cases but must not import the rule plugins (they
pull in JSON Schema, the LLM client and aiohttp). The engine passes the real
catalogue (`agenteval.rules.RULE_CATALOG`); tests may pass a small fake.
"""

from __future__ import annotations

from typing import Any, Protocol


class CatalogRule(Protocol):
    """The part of a registered rule type that case validation reads."""

    @property
    def model_required(self) -> bool:
        """True when the rule cannot run without a JUDGE model."""
        ...

    @property
    def scope(self) -> str:
        """What the rule type judges: "last_turn" or "full_dialog"."""
        ...


class RuleCatalog(Protocol):
    """The registered rule types: lookup, params checks and expectation checks.

    Every check returns `{"path", "message"}` entries, one per problem; an
    empty list means valid.
    """

    def get_rule(self, rule_type: str) -> CatalogRule | None:
        """The registered rule type, or None when there is none by that name."""
        ...

    def unknown_rule_type_message(self, rule_type: object) -> str:
        """The message for a rule type that is not registered (lists the known ones)."""
        ...

    def validate_params(self, rule_type: str, params: Any, path: str) -> list[dict[str, str]]:
        """Every problem with `params` for `rule_type`; `path` is where the params live."""
        ...

    def validate_expectation(self, expectation: Any, path: str) -> list[dict[str, str]]:
        """Every problem with a case's `expectation` object (None is fine)."""
        ...
