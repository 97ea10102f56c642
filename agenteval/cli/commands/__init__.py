"""The `agenteval` subcommands, one module each (registered lazily in `agenteval.cli`)."""
