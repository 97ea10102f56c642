"""promptfoo's `defaultTest`: what every test of a config inherits, each key in the table.

`assert` is added to every test's assertions, `vars` merged under each test's vars,
`metadata` under its metadata, `threshold` is every test's threshold unless it sets
its own, `provider` (promptfoo's simulated user) makes every test a simulated case,
`options.transform` applies to every assertion; the rest is refused with its reason.
`defaultTest` may itself be a `file://` reference.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from agenteval.importers.mapping import ImportResult
from agenteval.importers.promptfoo_files import ConfigFolder, FileRefused

OPTION_REASONS = {
    "provider": "the grader of model-graded assertions is AgentEval's JUDGE model config",
    "rubricPrompt": "AgentEval's judge prompt is its own (versioned with the rule)",
    "prefix": "a prompt prefix: the target's prompt is its own",
    "suffix": "a prompt suffix: the target's prompt is its own",
}


@dataclass
class TestDefaults:
    asserts: list[Any] = field(default_factory=list)
    variables: dict[str, Any] = field(default_factory=dict)
    metadata: dict[str, Any] = field(default_factory=dict)
    threshold: float | None = None
    provider: Any = None
    transform: str | None = None


def simulated_user(provider: Any) -> int | None:
    """maxTurns (10 when not given) when `provider` is promptfoo's simulated user."""
    provider_id = provider.get("id") if isinstance(provider, dict) else provider
    if provider_id not in ("promptfoo:simulated-user", "agentic:simulated-user"):
        return None
    config = provider.get("config") if isinstance(provider, dict) else None
    turns = config.get("maxTurns") if isinstance(config, dict) else None
    return turns if isinstance(turns, int) and turns > 0 else 10


def read_defaults(raw: Any, folder: ConfigFolder, result: ImportResult,
                  name: str) -> TestDefaults:
    defaults = TestDefaults()
    if raw is None:
        return defaults
    if isinstance(raw, str) and raw.startswith("file://"):
        try:
            raw = folder.load(raw)
        except FileRefused as refused:
            result.dropped(name, "defaultTest", f"not read: {refused}")
            return defaults
    if not isinstance(raw, dict):
        result.dropped(name, "defaultTest", "not an object")
        return defaults
    for key, value in raw.items():
        item = f"defaultTest.{key}"
        if key == "assert" and isinstance(value, list):
            defaults.asserts = value
            result.mapped(name, item, f"{len(value)} assertions added to every test (their "
                          "rows are under each test)")
        elif key == "vars" and isinstance(value, dict):
            defaults.variables = value
            result.mapped(name, item, f"merged under every test's vars: {sorted(value)}")
        elif key == "metadata" and isinstance(value, dict):
            defaults.metadata = value
            result.mapped(name, item, "merged under every test's metadata")
        elif key == "threshold" and isinstance(value, int | float):
            defaults.threshold = float(value)
            result.mapped(name, item, "every test's threshold unless it sets its own")
        elif key == "provider" and simulated_user(value) is not None:
            defaults.provider = value
            result.mapped(name, item, "promptfoo's simulated user: every test becomes a "
                          f"simulated case (max_turns {simulated_user(value)})")
        elif key == "provider":
            result.dropped(name, item, "a provider for every test: AgentEval talks to the "
                           "target file's target")
        elif key == "options" and isinstance(value, dict):
            _options(value, defaults, result, name)
        else:
            result.dropped(name, item, "no AgentEval equivalent")
    return defaults


def _options(options: dict[str, Any], defaults: TestDefaults, result: ImportResult,
             name: str) -> None:
    for key, value in options.items():
        item = f"defaultTest.options.{key}"
        if key == "transform" and isinstance(value, str):
            defaults.transform = value
            result.mapped(name, item, "applied to every assertion (a JSON path → json_path; "
                          "other transforms refused per assertion)")
        else:
            result.dropped(name, item, OPTION_REASONS.get(key, "a promptfoo run option with "
                                                               "no AgentEval equivalent"))
