"""POST /v1/traces and /v1/logs: OpenTelemetry (OTLP/HTTP) into monitoring.

Protobuf or JSON, gzip allowed (the decompressed size limited like /api/ingest), the key
in X-API-Key or Authorization: Bearer (INGEST, OPERATOR or ADMIN), the source named by
the `agenteval.source` resource attribute, else `service.name`. Spans and log records
that carry no LLM call are ignored; those that say they do but cannot be read (or are
over the limits) are rejected and counted in the spec's partial success, the rest stored.
A body that is not OTLP is refused whole (400 in the REST envelope).
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from agenteval.api.http.ingest_endpoint import require_sender
from agenteval.api.http.otlp_decode import (
    ExportLogsServiceRequest,
    ExportTraceServiceRequest,
    answer,
    attributes,
    decode,
    plain,
)
from agenteval.api.http.request_body import BodyTooLarge, read_limited
from agenteval.api.http.rest import error_body, error_response, rest_endpoint
from agenteval.config import Settings
from agenteval.domain.monitoring.ingest_lines import IngestLimits
from agenteval.domain.monitoring.otel_logs import LogEvent
from agenteval.domain.monitoring.otel_spans import SpanRecord
from agenteval.engine.monitoring.ingestion import Backlog
from agenteval.engine.monitoring.otel_ingestion import ingest_logs, ingest_spans
from agenteval.errors import RateLimited


def _source(resource: dict[str, Any]) -> str:
    return str(resource.get("agenteval.source") or resource.get("service.name") or "otel")


def span_records(request: ExportTraceServiceRequest) -> list[SpanRecord]:
    records = []
    for resource_spans in request.resource_spans:
        resource = attributes(resource_spans.resource.attributes)
        for scope_spans in resource_spans.scope_spans:
            for span in scope_spans.spans:
                records.append(SpanRecord(
                    trace_id=span.trace_id.hex(), span_id=span.span_id.hex(),
                    parent_id=span.parent_span_id.hex() or None,
                    service=str(resource.get("service.name") or ""), source=_source(resource),
                    start_ns=span.start_time_unix_nano, end_ns=span.end_time_unix_nano,
                    attributes=attributes(span.attributes)))
    return records


def log_events(request: ExportLogsServiceRequest) -> list[LogEvent]:
    events = []
    for resource_logs in request.resource_logs:
        resource = attributes(resource_logs.resource.attributes)
        for scope_logs in resource_logs.scope_logs:
            for order, record in enumerate(scope_logs.log_records):
                attrs = attributes(record.attributes)
                name = record.event_name or str(attrs.get("event.name") or "")
                events.append(LogEvent(
                    trace_id=record.trace_id.hex(), span_id=record.span_id.hex(),
                    service=str(resource.get("service.name") or ""), source=_source(resource),
                    time_ns=record.time_unix_nano or record.observed_time_unix_nano,
                    order=order, name=name, attributes={**resource, **attrs},
                    body=plain(record.body)))
    return events


def otlp_routes(settings: Settings) -> list[Route]:
    limits = IngestLimits(max_lines=settings.ingest_max_lines,
                          max_content_chars=settings.ingest_max_content_chars)
    backlog = Backlog(settings.ingest_backlog_limit)

    async def export(request: Request, message: Any) -> Response:
        await require_sender(request)
        content_type = request.headers.get("content-type", "application/x-protobuf")
        try:
            body = await read_limited(request, settings.ingest_max_body_bytes)
            decode(body, content_type, message)
            await backlog.check()
            if isinstance(message, ExportTraceServiceRequest):
                rejected, error = await ingest_spans(span_records(message), limits)
            else:
                rejected, error = await ingest_logs(log_events(message), limits)
        except BodyTooLarge as error_:
            return JSONResponse(error_body(error_.code, error_.message, error_.details),
                                status_code=413)
        except RateLimited as error_:
            return error_response(error_.code, error_.message, error_.details,
                                  headers={"Retry-After": str(backlog.retry_after_s)})
        content, media_type = answer(message, rejected, error, content_type)
        return Response(content, media_type=media_type)

    async def traces(request: Request) -> Response:
        return await export(request, ExportTraceServiceRequest())

    async def logs(request: Request) -> Response:
        return await export(request, ExportLogsServiceRequest())

    return [Route("/v1/traces", rest_endpoint(traces, challenge="Bearer"), methods=["POST"]),
            Route("/v1/logs", rest_endpoint(logs, challenge="Bearer"), methods=["POST"])]
