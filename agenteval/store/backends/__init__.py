"""What the two databases need besides the ORM: outage detection, SQLite's template and batched hand-offs, key-ordered JSON."""
