"""Monitoring's GraphQL types (issue 37): sources, monitors, conversations, hits, alerts."""
