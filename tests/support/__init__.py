"""Test helpers shared across test packages (local servers that misbehave on purpose)."""
