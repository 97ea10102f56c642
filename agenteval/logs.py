"""Secrets never reach a log line: every record is redacted where it is created.

`install_redaction()` wraps the logging record factory once per process, so every
logger (ours, strawberry's, uvicorn's, the ORM's) and every traceback goes through
`redact` before any handler sees it. `redact` is also applied to error messages
that reach clients, since GraphQL quotes the offending input back.
"""

from __future__ import annotations

import contextlib
import logging
import re
import traceback
from collections.abc import Iterator
from typing import Any

REDACTED = "[redacted]"

# A name that says "secret" followed by its value: `apiKey: "sk-…"`, `"api_key": "…"`,
# `X-API-Key=…`, `password='…'`. The name is kept, the value replaced.
_SECRET_NAMES = (r"api[_-]?key|x-api-key|authorization|password|passwd|secret|"
                 r"access[_-]?token|refresh[_-]?token|token|hooks[_-]?token")
_NAMED_VALUE = re.compile(
    rf"""(?P<name>["']?\b(?:{_SECRET_NAMES})\b["']?\s*[:=]\s*)"""
    r"""(?!["']?\[redacted\])"""  # already redacted: redact() is idempotent
    r"""(?P<value>"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|[^\s,;}\])"']+)""",
    re.IGNORECASE)
# Header maps are secrets as a whole (their values often carry tokens).
_HEADERS = re.compile(r"""(?P<name>["']?\bheaders\b["']?\s*[:=]\s*)\{[^{}]*\}""",
                      re.IGNORECASE)
_BEARER = re.compile(r"\b(Bearer|Basic)\s+(?!\[redacted\])[\w.~+/=-]+", re.IGNORECASE)
# Our own API key secrets (store/access/api_keys.py: "ae_" + 43 url-safe characters).
_API_KEY_SECRET = re.compile(r"\bae_[\w-]{20,}")
# A URL's credentials: its userinfo (`user:pass@`) and its query values (`?token=…`).
_URL = re.compile(r"""\b[a-zA-Z][a-zA-Z0-9+.-]*://[^\s'"<>]+""")
_USERINFO = re.compile(r"^([^:/]+://)[^/?#]*@")
_QUERY_VALUE = re.compile(r"([?&;][^=&#;]*=)[^&#;]*")


def redact(text: str) -> str:
    """`text` with every recognisable secret value replaced by "[redacted]"."""
    if not text:
        return text
    text = _HEADERS.sub(lambda m: f"{m.group('name')}{{{REDACTED}}}", text)
    text = _BEARER.sub(lambda m: f"{m.group(1)} {REDACTED}", text)
    text = _NAMED_VALUE.sub(_keep_name, text)
    text = _URL.sub(_url_without_credentials, text)
    return _API_KEY_SECRET.sub(REDACTED, text)


def _url_without_credentials(match: re.Match[str]) -> str:
    url = _USERINFO.sub(rf"\1{REDACTED}@", match.group())
    head, mark, rest = url.partition("?")
    if not mark:
        return url
    return head + _QUERY_VALUE.sub(rf"\1{REDACTED}", mark + rest)


def _keep_name(match: re.Match[str]) -> str:
    value = match.group("value")
    quote = value[0] if value[:1] in ("'", '"') else ""
    return f"{match.group('name')}{quote}{REDACTED}{quote}"


@contextlib.contextmanager
def quiet(logger_name: str, level: int = logging.WARNING) -> Iterator[None]:
    """Drop a logger's records below `level` for the block (a start-up step's noise)."""
    logger = logging.getLogger(logger_name)
    previous = logger.level
    logger.setLevel(level)
    try:
        yield
    finally:
        logger.setLevel(previous)


def _message(record: logging.LogRecord) -> str:
    try:
        return record.getMessage()
    except Exception:  # a broken format string: the logging module reports it itself
        return str(record.msg)


def _redact_message(record: logging.LogRecord) -> None:
    """Redact a record's message, keeping `args` in shape where that suffices.

    Some formatters (uvicorn's access log) unpack `record.args` themselves, so
    string arguments are redacted one by one first; only when a secret spans
    the format and its arguments is the message replaced by its redacted text.
    """
    message = _message(record)
    if redact(message) == message:
        return
    if isinstance(record.msg, str):
        record.msg = redact(record.msg)
    if isinstance(record.args, tuple):
        record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
    message_now = _message(record)
    if redact(message_now) != message_now:
        record.msg, record.args = redact(message), None


_installed = False


def install_redaction() -> None:
    """Redact every log record of this process from now on (idempotent)."""
    global _installed
    if _installed:
        return
    previous = logging.getLogRecordFactory()

    def redacting_factory(*args: Any, **kwargs: Any) -> logging.LogRecord:
        record = previous(*args, **kwargs)
        _redact_message(record)
        if record.exc_info and record.exc_info[1] is not None:
            record.exc_text = redact("".join(traceback.format_exception(*record.exc_info)))
            record.exc_text = record.exc_text.rstrip("\n")
        return record

    logging.setLogRecordFactory(redacting_factory)
    _installed = True
