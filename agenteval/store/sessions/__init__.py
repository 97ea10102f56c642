"""The hot statements of a sendMessage turn, one round trip each, on SQLite and PostgreSQL."""
