"""`AGENTEVAL_LOG_FORMAT`: `text` (the default) or `json`, one object per line.

A JSON line has `time` (ISO-8601 UTC), `level`, `logger`, `message`, the
`eval_id` / `run_id` / `session_id` bound where the line was logged (see
`log_context`), and `exception` (the traceback) when there is one. Secrets are
redacted where records are created, before any formatter runs; a traceback
already rendered there (`record.exc_text`) is used as it is.
"""

from __future__ import annotations

import json
import logging
import sys
from datetime import UTC, datetime
from typing import Any

from agenteval.observability.log_context import current_ids

TEXT_FORMAT = "%(levelname)s %(name)s: %(message)s"


class JsonLineFormatter(logging.Formatter):
    """One JSON object per record, on one line."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(
                timespec="milliseconds").replace("+00:00", "Z"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
            **current_ids(),
        }
        if record.exc_info and not record.exc_text:
            record.exc_text = self.formatException(record.exc_info)
        if record.exc_text:
            line["exception"] = record.exc_text
        if record.stack_info:
            line["stack"] = record.stack_info
        return json.dumps(line, ensure_ascii=False, default=str)


def configure_logging(log_format: str) -> dict[str, Any] | None:
    """Send every log record to stderr as `log_format` (text or json) says, at INFO.

    Returns the `log_config` to give uvicorn: its own default for text, None for
    json, so uvicorn's loggers propagate to the JSON handler instead of printing
    their own lines.
    """
    if log_format == "text":
        logging.basicConfig(level=logging.INFO, format=TEXT_FORMAT)
        from uvicorn.config import LOGGING_CONFIG

        return LOGGING_CONFIG
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonLineFormatter())
    logging.basicConfig(level=logging.INFO, handlers=[handler], force=True)
    logging.captureWarnings(True)  # Python warnings become log records: JSON lines too
    return None
