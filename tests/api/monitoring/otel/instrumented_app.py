"""A chat application instrumented as docs/monitoring.md says, run as its own process.

    python instrumented_app.py LIBRARY CONVERSATION_ID MESSAGE...

It talks to OPENAI_BASE_URL with the real `openai` client, one call per user message
carrying the whole history, under LIBRARY's instrumentation (openinference | openai-v2 |
openai-v2-logs), and exports with the real OTLP/HTTP exporter configured only by the
standard OTEL_* environment variables (endpoint, headers, service name).
"""

from __future__ import annotations

import sys

import openai
from opentelemetry import trace
from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import BatchSpanProcessor


def main(library: str, conversation_id: str, messages: list[str]) -> None:
    provider = TracerProvider()
    provider.add_span_processor(BatchSpanProcessor(OTLPSpanExporter()))
    trace.set_tracer_provider(provider)
    flushers = [provider]
    if library == "openinference":
        from openinference.instrumentation import using_session
        from openinference.instrumentation.openai import OpenAIInstrumentor

        OpenAIInstrumentor().instrument(tracer_provider=provider)
        session = using_session(conversation_id)  # the one line: the conversation id
    else:
        from opentelemetry.instrumentation.openai_v2 import OpenAIInstrumentor as V2

        if library == "openai-v2-logs":
            from opentelemetry._logs import set_logger_provider
            from opentelemetry.exporter.otlp.proto.http._log_exporter import OTLPLogExporter
            from opentelemetry.sdk._logs import LoggerProvider
            from opentelemetry.sdk._logs.export import BatchLogRecordProcessor

            logs = LoggerProvider()
            logs.add_log_record_processor(BatchLogRecordProcessor(OTLPLogExporter()))
            set_logger_provider(logs)
            flushers.append(logs)  # type: ignore[arg-type]
        V2().instrument()
        tracer = trace.get_tracer("chat-app")
        # The one line: the conversation id on the span around the conversation's calls.
        session = tracer.start_as_current_span(
            "conversation", attributes={"gen_ai.conversation.id": conversation_id}
            if library == "openai-v2" else {})
    client = openai.OpenAI()
    history: list[dict[str, str]] = [{"role": "system", "content": "You are Mia."}]
    with session:
        for text in messages:
            history.append({"role": "user", "content": text})
            reply = client.chat.completions.create(model="mia-1", messages=history)  # type: ignore[arg-type]
            history.append({"role": "assistant", "content": reply.choices[0].message.content or ""})
    for flusher in flushers:
        flusher.force_flush()  # type: ignore[attr-defined]
    print("\n".join(m["content"] for m in history if m["role"] == "assistant"))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3:])
