"""Reading a request body within a size limit, gzip included (ingestion, OTLP).

The limit applies to what is read and, for `Content-Encoding: gzip`, to the decompressed
bytes as well: a small bomb is refused after `limit` bytes, never inflated whole.
"""

from __future__ import annotations

import zlib

from starlette.requests import Request

from agenteval.errors import AgentEvalError, FieldError, ValidationFailed


class BodyTooLarge(AgentEvalError):
    """413: the body (or what it decompresses to) is over the limit."""

    code = "VALIDATION_FAILED"
    status = 413


async def read_limited(request: Request, limit: int) -> bytes:
    """The body, decompressed when gzip; BodyTooLarge past `limit` bytes."""
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise _too_large(limit)
        chunks.append(chunk)
    body = b"".join(chunks)
    encoding = request.headers.get("content-encoding", "identity").strip().lower()
    if encoding in ("", "identity"):
        return body
    if encoding != "gzip":
        raise ValidationFailed.one("Content-Encoding", f"Content-Encoding {encoding!r} is not "
                                                       "supported (gzip or identity)")
    inflater = zlib.decompressobj(16 + zlib.MAX_WBITS)
    try:
        out = inflater.decompress(body, limit + 1)
    except zlib.error as exc:
        raise ValidationFailed.one("body", f"the body is not valid gzip: {exc}") from None
    if len(out) > limit or inflater.unconsumed_tail:
        raise _too_large(limit, decompressed=True)
    return out


def _too_large(limit: int, decompressed: bool = False) -> BodyTooLarge:
    what = "decompressed body" if decompressed else "body"
    message = f"the {what} is over {limit} bytes (AGENTEVAL_INGEST_MAX_BODY_BYTES)"
    return BodyTooLarge(message, [FieldError("body", message)])
