"""Rules that need no model: keywords, latency, JSON, tool calls, forbidden replies, commitments, personal data, similarity (embedded fallback)."""
