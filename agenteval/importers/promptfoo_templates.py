"""promptfoo's nunjucks templates (`{{var}}`) rendered with the test's vars.

Jinja2 renders the subset of nunjucks promptfoo files use (`{{ var }}`, filters such
as `upper`, `{% if %}`, `{% for %}`); nunjucks' `dump` is added as JSON. The sandbox
(`ImmutableSandboxedEnvironment`) keeps a template from reaching Python objects, and
`StrictUndefined` makes a var the test does not give an error. Text that cannot be
rendered is refused by the caller with the reason, never kept with its `{{…}}`.
"""

from __future__ import annotations

import json
from typing import Any

MARKERS = ("{{", "{%", "{#")


class TemplateRefused(Exception):
    """A template Jinja2 cannot render with these vars; the message says why."""


def is_template(text: str) -> bool:
    return any(marker in text for marker in MARKERS)


def _environment() -> Any:
    from jinja2 import StrictUndefined
    from jinja2.sandbox import ImmutableSandboxedEnvironment

    environment = ImmutableSandboxedEnvironment(undefined=StrictUndefined, autoescape=False,
                                                keep_trailing_newline=True)
    environment.filters["dump"] = lambda value, *_: json.dumps(value, ensure_ascii=False)
    return environment


def render(text: str, variables: dict[str, Any]) -> str:
    """`text` with its templates rendered; TemplateRefused when it cannot be."""
    if not is_template(text):
        return text
    from jinja2 import TemplateError

    try:
        rendered = str(_environment().from_string(text).render(**variables))
    except TemplateError as exc:
        raise TemplateRefused(f"cannot render {text!r:.60}: {exc}") from None
    if is_template(rendered):
        raise TemplateRefused(f"{text!r:.60} still holds a template after rendering "
                              "(a var's value is itself a template)")
    return rendered


def render_value(value: Any, variables: dict[str, Any]) -> Any:
    """Strings rendered inside lists and objects too (assertion values)."""
    if isinstance(value, str):
        return render(value, variables)
    if isinstance(value, list):
        return [render_value(item, variables) for item in value]
    if isinstance(value, dict):
        return {key: render_value(item, variables) for key, item in value.items()}
    return value
