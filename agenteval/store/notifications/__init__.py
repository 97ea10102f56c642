"""The webhook outbox."""
