"""docs/rules.md is generated from the registry: it must be current, with a valid example each."""

from __future__ import annotations

from pathlib import Path

from agenteval.cli.rule_docs import EXAMPLES, render_rules_markdown
from agenteval.rules import rule_types, validate_rule_params
from agenteval.rules.qa.demo_scorecard import load_demo_scorecard

DOC = Path(__file__).resolve().parents[1] / "docs" / "rules.md"


def test_docs_rules_md_is_current() -> None:
    assert DOC.read_text(encoding="utf-8") == render_rules_markdown(), (
        "docs/rules.md is stale: run `python -m agenteval.cli.rule_docs > docs/rules.md`")


def test_every_registered_rule_has_an_example_whose_params_validate() -> None:
    # The scorecard example names the demo's scorecard, registered when the examples are
    # imported; a server test that stored and then closed the demo forgot it since.
    load_demo_scorecard()
    names = {info.name for info in rule_types()}
    assert names <= set(EXAMPLES), f"rules without an example: {names - set(EXAMPLES)}"
    for name in names:
        example = EXAMPLES[name]
        assert example["type"] == name
        assert validate_rule_params(name, example["params"]) == [], name


def test_each_parameter_and_its_default_is_documented() -> None:
    text = render_rules_markdown()
    assert "| `min_score` | number | `7` |" in text
    assert "| `keywords` | list of string | required |" in text


def test_the_docs_rules_command_prints_the_file() -> None:
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-m", "agenteval.cli", "docs-rules"], check=True,
                         capture_output=True, text=True, cwd=DOC.parents[1]).stdout
    assert out == DOC.read_text(encoding="utf-8")
