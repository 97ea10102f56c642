"""Endpoints outside GraphQL: health, metrics and the report downloads."""
