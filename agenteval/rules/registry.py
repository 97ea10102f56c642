"""The rule registry: `@register_rule`, params validation, and `run_rule` that never raises.

Registration fails fast (TypeError/ValueError at import time) when a rule's
`evaluate` is not async, its params schema is not a valid JSON Schema (checked
for rules from outside the package; the built-in ones by the tests), or the
schema and the constructor disagree on param names or defaults.
"""

from __future__ import annotations

import copy
import inspect
import math
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field, is_dataclass
from typing import Any, TypeVar

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError

from agenteval.domain.field_errors import FieldErrors
from agenteval.domain.judging.cases import (
    FIRST_RULE_VERSION,
    CaseSpec,
    RuleProvenance,
    RuleResult,
    RuleSpec,
    Turn,
)
from agenteval.plugins import Registry, is_builtin
from agenteval.rules.base import (
    RULE_MODEL_ROLES,
    RULE_SCOPES,
    ModelProvider,
    RuleEvaluator,
    RuleModelRole,
    RuleScope,
    RuleTypeInfo,
)
from agenteval.rules.builtin_index import builtin_rule_modules
from agenteval.rules.common_params import apply_aliases, with_common_params
from agenteval.rules.schema_messages import join_path, schema_errors

T = TypeVar("T", bound=Callable[..., Any])
# Extra checks JSON Schema cannot express (a regex compiles, a schema is valid);
# returns (path relative to params, message) pairs.
ParamsCheck = Callable[[dict[str, Any]], list[tuple[str, str]]]
# Distinct valid params remembered per rule type; the memory is cleared when full.
VALID_PARAMS_MEMORY = 4096


@dataclass
class PreparedRule:
    """Valid params remembered: a private copy to compare, the effective params, and
    the evaluator built from them when the rule is stateless (built once, then shared)."""

    params: dict[str, Any]
    effective: dict[str, Any]
    evaluate: RuleEvaluator | None = None


@dataclass(frozen=True)
class RegisteredRule:
    """A registered rule type: its public info, how to build it, how to check params."""

    info: RuleTypeInfo
    target: Callable[..., Any]
    validator: Draft202012Validator
    check_params: ParamsCheck | None = None
    # Params that passed validation, by `_memory_key` key, with a private copy to compare
    # (a key alone could confuse equal-looking values). Only successes are kept, so
    # bad params are refused every time; a re-registered rule starts with an empty memory.
    _valid: dict[str, PreparedRule] = field(default_factory=dict, compare=False, repr=False)

    def known_valid(self, params: dict[str, Any]) -> bool:
        """True when exactly these params already passed `validate_rule_params`."""
        return self.prepared(params) is not None

    def prepared(self, params: Any) -> PreparedRule | None:
        """What is remembered of exactly these params, when they passed validation."""
        key = _memory_key(params) if isinstance(params, dict) else None
        if key is None:
            return None
        remembered = self._valid.get(key)
        return remembered if remembered is not None and remembered.params == params else None

    def remember_valid(self, params: dict[str, Any]) -> None:
        key = _memory_key(params)
        if key is None:
            return
        if len(self._valid) >= VALID_PARAMS_MEMORY:
            self._valid.clear()
        own = copy.deepcopy(params)  # later changes to `params` must not reach the memory
        self._valid[key] = PreparedRule(own, self.effective_params(own))

    @property
    def stateless(self) -> bool:
        """A frozen dataclass rule: one built instance can judge every attempt."""
        target = self.target
        return (inspect.isclass(target) and is_dataclass(target)
                and target.__dataclass_params__.frozen)  # type: ignore[attr-defined]  # @dataclass sets it

    def evaluator(self, prepared: PreparedRule) -> RuleEvaluator:
        """The evaluator for remembered params: built once for a stateless rule."""
        if prepared.evaluate is not None:
            return prepared.evaluate
        evaluate = self.build(prepared.params)
        if self.stateless:
            prepared.evaluate = evaluate
        return evaluate

    def effective_params(self, params: dict[str, Any]) -> dict[str, Any]:
        """Params as the rule is built with: aliases renamed, schema defaults filled in."""
        properties = self.info.params_schema.get("properties", {})
        effective, _ = apply_aliases(params, properties, "params")
        for name, spec in properties.items():
            if "default" in spec and name not in effective:
                effective[name] = spec["default"]
        return effective

    def build(self, params: dict[str, Any]) -> RuleEvaluator:
        """An evaluator from validated params (the rule's constructor or factory called)."""
        built = self.target(**self.effective_params(params))
        evaluate: RuleEvaluator = getattr(built, "evaluate", built)  # checked just below
        if not inspect.iscoroutinefunction(evaluate):
            raise TypeError(f"rule '{self.info.name}' built a non-async evaluator: {built!r}")
        return evaluate


# Every rule type of the process: the built-in ones (each module imported when its type is
# first looked up, `builtin_index`) and those of the plugins named under ENTRY_POINT_GROUP
# (`agenteval.plugins.discover`).
RULES: Registry[RegisteredRule] = Registry("rule type", builtins=builtin_rule_modules)
ENTRY_POINT_GROUP = "agenteval.rules"


def register_rule(*, name: str, description: str, scope: RuleScope = "last_turn",
                  model_role: RuleModelRole | None = None,
                  params_schema: dict[str, Any] | None = None,
                  check_params: ParamsCheck | None = None,
                  version: int = FIRST_RULE_VERSION,
                  replace_existing: bool = False) -> Callable[[T], T]:
    """Register a rule class (with `async def evaluate`) or a factory under `name`.

    Raise `version` when the rule judges differently than before: results record it.
    """
    if scope not in RULE_SCOPES:
        raise ValueError(f"rule '{name}': scope must be one of {RULE_SCOPES}, not {scope!r}")
    if model_role is not None and model_role not in RULE_MODEL_ROLES:
        raise ValueError(f"rule '{name}': model_role must be one of {RULE_MODEL_ROLES} or None")
    schema = with_common_params(params_schema or {}, model_role, scope)

    def decorate(target: T) -> T:
        if name in RULES and not replace_existing:  # before the checks: the clearer error
            raise ValueError(f"rule type '{name}' is already registered")
        if not is_builtin(target):
            _check_schema(name, schema)
        _check_async(name, target)
        _check_signature(name, target, schema)
        info = RuleTypeInfo(name, description, scope, model_role, schema, version)
        RULES.add(name, RegisteredRule(info, target, Draft202012Validator(schema), check_params),
                   replace=replace_existing)
        return target

    return decorate


def _check_schema(name: str, schema: dict[str, Any]) -> None:
    try:
        Draft202012Validator.check_schema(schema)
    except SchemaError as exc:
        raise ValueError(f"rule '{name}': params_schema is not a valid JSON Schema: "
                         f"{exc.message}") from exc


def _check_async(name: str, target: Any) -> None:
    if inspect.isclass(target):
        if not inspect.iscoroutinefunction(getattr(target, "evaluate", None)):
            raise TypeError(f"rule '{name}': {target.__name__}.evaluate must be `async def`")
    elif inspect.iscoroutinefunction(target):
        raise TypeError(f"rule '{name}': decorate a factory that returns the async evaluator, "
                        "not the async evaluator itself")
    elif not callable(target):
        raise TypeError(f"rule '{name}': expected a class or a factory, got {target!r}")


def _check_signature(name: str, target: Any, schema: dict[str, Any]) -> None:
    """The constructor takes exactly the schema's params, with the same defaults."""
    parameters = inspect.signature(target).parameters
    takes_any = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values())
    properties = schema.get("properties", {})
    for param, spec in properties.items():
        accepted = parameters.get(param)
        if accepted is None and not takes_any:
            raise TypeError(f"rule '{name}': param '{param}' is in the schema "
                            "but the constructor does not take it")
        if (accepted is not None and "default" in spec
                and accepted.default is not inspect.Parameter.empty
                and accepted.default != spec["default"]):
            raise TypeError(f"rule '{name}': param '{param}' defaults to {accepted.default!r} "
                            f"in code but {spec['default']!r} in the schema")
    for param in parameters.values():
        if (param.default is inspect.Parameter.empty and param.name not in properties
                and param.kind not in (inspect.Parameter.VAR_KEYWORD,
                                       inspect.Parameter.VAR_POSITIONAL)):
            raise TypeError(f"rule '{name}': constructor requires '{param.name}', "
                            "which the params schema does not declare")


def registry_snapshot() -> AbstractContextManager[None]:
    """Restore the registry on exit: lets a test register fake rules safely."""
    return RULES.snapshot()


def rule_types() -> list[RuleTypeInfo]:
    """Every registered rule type, by name (for the `ruleTypes` query)."""
    return [rule.info for rule in RULES.entries()]


def get_rule(name: str) -> RegisteredRule | None:
    """The registered rule type `name`, or None."""
    return RULES.get(name)


def unknown_rule_type_message(name: object) -> str:
    """`unknown rule type 'x' (known: …)`."""
    return RULES.unknown_message(name)


def validate_rule_params(rule_type: str, params: Any, path: str = "params") -> FieldErrors:
    """Every problem with `params` for `rule_type`; `path` is where the params live."""
    errors = FieldErrors()
    rule = RULES.get(rule_type)
    if rule is None:
        errors.add(path, unknown_rule_type_message(rule_type))
        return errors
    if not isinstance(params, dict):
        errors.add(path, "must be an object")
        return errors
    # Validation costs ~0.3 ms and run_rule checks the params of every case attempt
    # (they were checked at import): a second look at the same valid params is free.
    if rule.known_valid(params):
        return errors
    properties = rule.info.params_schema.get("properties", {})
    renamed, alias_errors = apply_aliases(params, properties, path)
    errors.add_all(alias_errors)
    errors.add_all(schema_errors(rule.validator, renamed, path))
    if not errors and rule.check_params is not None:
        for relative, message in rule.check_params(rule.effective_params(params)):
            errors.add(join_path(path, [relative] if relative else []), message)
    if not errors:
        rule.remember_valid(params)
    return errors


def _memory_key(params: dict[str, Any]) -> str | None:
    """A memory key for params: their repr (a third of canonical JSON's cost, and looked
    up on every rule of every case attempt). Equal params in another key order only miss
    the memory; the private copy compared on a hit makes a key collision harmless."""
    return repr(params)


async def run_rule(spec: RuleSpec, case: CaseSpec, dialog: Sequence[Turn],
                   models: ModelProvider) -> RuleResult:
    """Run one configured rule; any failure becomes `RuleResult.failed_to_run`, never a raise.

    The result carries the spec's weight, and `rule` records the rule type, the
    effective params that produced it and the rule's version.
    """
    rule = RULES.get(spec.type)
    if rule is None:
        return RuleResult.failed_to_run(spec.type, unknown_rule_type_message(spec.type),
                                        weight=spec.weight)
    # Every attempt of a run judges with the same few params: once they are known
    # valid, their effective params and (for a stateless rule) the built evaluator
    # are reused; each result still gets its own provenance.
    prepared = rule.prepared(spec.params)
    if prepared is None:
        errors = validate_rule_params(spec.type, spec.params)
        if errors:
            params = (rule.effective_params(spec.params) if isinstance(spec.params, dict)
                      else spec.params)
            problems = "; ".join(f"{e['path']}: {e['message']}" for e in errors)
            return RuleResult.failed_to_run(spec.type, f"invalid params: {problems}",
                                            weight=spec.weight,
                                            rule=_provenance(rule, params))
        prepared = rule.prepared(spec.params)  # None only for params that are not JSON
    provenance = _provenance(rule, dict(prepared.effective) if prepared is not None
                             else rule.effective_params(spec.params))
    if rule.info.model_required and models.get(rule.info.model_role or "") is None:
        return RuleResult.failed_to_run(
            spec.type, f"rule '{spec.type}' needs a {rule.info.model_role} model and none is "
                       "configured", weight=spec.weight, rule=provenance)
    try:
        evaluate = (rule.evaluator(prepared) if prepared is not None
                    else rule.build(spec.params))
        result = await evaluate(case, dialog, models)
    except Exception as exc:  # a broken rule must not break the run: it is its verdict
        return RuleResult.failed_to_run(
            spec.type, f"rule '{spec.type}' failed: {type(exc).__name__}: {exc}",
            weight=spec.weight, rule=provenance)
    return _checked(result, spec, provenance)


def _provenance(rule: RegisteredRule, params: Any) -> RuleProvenance:
    return RuleProvenance(rule.info.name, params, rule.info.version)


def _checked(result: object, spec: RuleSpec, provenance: RuleProvenance) -> RuleResult:
    """Hold a rule's result to the RuleResult invariants, or turn it into an error result."""
    if not isinstance(result, RuleResult):
        return RuleResult.failed_to_run(spec.type, f"rule '{spec.type}' returned "
                                        f"{type(result).__name__}, not a RuleResult",
                                        weight=spec.weight, rule=provenance)
    score = result.score
    if isinstance(score, bool) or not isinstance(score, int | float) or not (
            math.isfinite(score) and 0.0 <= score <= 1.0):
        return RuleResult.failed_to_run(spec.type, f"rule '{spec.type}' returned score "
                                        f"{score!r}, outside [0, 1]",
                                        weight=spec.weight, rule=provenance)
    # Built directly: `dataclasses.replace` costs ~5 µs, here three times per attempt.
    failed = result.error is not None
    return RuleResult(rule_type=spec.type, passed=False if failed else result.passed,
                      score=0.0 if failed else float(score), weight=spec.weight,
                      detail=result.detail, error=result.error, implicit=result.implicit,
                      rule=provenance)
