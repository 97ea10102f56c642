# Two commands a newcomer needs: `make run` and `make test`.
# Neither passes flags that would override AGENTEVAL_* settings from the environment.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint schema migrations clean

# Reinstall only when the project definition changed.
$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/agenteval serve

# Lint and type-check first: they fail in seconds, the suite takes minutes.
test: $(STAMP)
	$(BIN)/ruff check agenteval actors tests bench
	$(BIN)/mypy agenteval actors
	$(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check agenteval actors tests bench

schema: $(STAMP)
	$(BIN)/agenteval export-schema > schema.graphql

# Nothing has shipped yet, so the initial migration is regenerated from the models.
migrations: $(STAMP)
	rm -f agenteval/store/migrations/0001_initial.py
	$(BIN)/tortoise makemigrations

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache agenteval.db agenteval.db-shm agenteval.db-wal
