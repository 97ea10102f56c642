"""GraphQL input types, one module per domain."""
