# Two commands a newcomer needs: `make run` and `make test`.
# Neither passes flags that would override AGENTEVAL_* settings from the environment.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint schema migrations bench clean

# Reinstall only when the project definition changed.
$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/agenteval serve

# Lint, check the import contracts (pyproject.toml, docs/architecture.md) and type-check
# first: they fail in seconds, the suite takes minutes.
test: $(STAMP)
	$(BIN)/ruff check agenteval actors tests bench
	$(BIN)/lint-imports
	$(BIN)/mypy agenteval actors
	$(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check agenteval actors tests bench
	$(BIN)/lint-imports

schema: $(STAMP)
	$(BIN)/agenteval export-schema > schema.graphql

# Migrations are additive: a released file is never edited or regenerated, because
# users keep their databases across upgrades (tests/store/test_migrations_upgrade.py
# upgrades one). This writes the next numbered migration for the models' changes, or
# nothing ("No changes detected") when they match. Name it: make migrations NAME=add_x
migrations: $(STAMP)
	$(BIN)/tortoise makemigrations $(if $(NAME),--name $(NAME))

# Every script in bench/, one table (figure, target, met or not), bench/results.json.
# Timings depend on the machine and its load: docs/performance.md says how to read them.
bench: $(STAMP)
	$(BIN)/python bench/run_all.py

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache agenteval.db agenteval.db-shm agenteval.db-wal
