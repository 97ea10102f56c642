"""Watching the service: Prometheus metrics (`GET /metrics`) and structured logs.

- `metrics`: the counters and histograms, and the one-line hooks other modules call.
- `exposition`: the /metrics route, with what is read at scrape time (actors, rows).
- `operation_metrics`: the GraphQL extension that counts operations and errors.
- `measured_channel`: target latency and errors, wrapped around every channel opened.
- `log_context` / `log_format`: eval, run and session ids on log lines; JSON lines.
"""
