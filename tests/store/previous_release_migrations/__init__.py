"""The migrations exactly as the previous release shipped them (release commit b23f8b2).

tests/store/test_migrations_upgrade.py builds a database with these, fills it and
upgrades it with the current migrations. When a release ships, replace the files
here with that release's agenteval/store/migrations/*.py (never edit them otherwise).
"""
