"""Watching the service: Prometheus metrics and structured logs, below every other layer.

- `metrics`: the counters and histograms, and the one-line hooks other modules call.
- `operation_metrics`: the GraphQL extension that counts operations and errors.
- `log_context` / `log_format`: eval, run and session ids on log lines; JSON lines.

It imports nothing else of agenteval, so every layer may call it. What needs the
rest of the service lives beside its users: the `GET /metrics` route with what
it reads at scrape time in `api/http/metrics_endpoint.py`, the per-target
measurement of channels in `channels/measured.py`.
"""
