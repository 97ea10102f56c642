# Two commands a newcomer needs: `make run` and `make test`.
# Neither passes flags that would override AGENTEVAL_* settings from the environment.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint schema migrations bench clean web web-check web-e2e

# Reinstall only when the project definition changed.
$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# The web UI (web/): node modules when the lock changed, a build when its inputs changed.
WEB := web
WEB_MODULES := $(WEB)/node_modules/.package-lock.json
WEB_BUILT := $(WEB)/dist/.built
WEB_SOURCES := $(shell find $(WEB)/src $(WEB)/scripts -type f -not -name graphql-env.d.ts \
	-not -name schema.tada.graphql 2>/dev/null) $(WEB)/index.html $(WEB)/package.json \
	$(WEB)/vite.config.ts $(WEB)/tsconfig.json schema.graphql

# Without npm the server still runs (its `/` says how to build the UI), so `run` goes on.
NO_NPM := echo "npm not found: the web UI is not built (install Node.js 20 and npm)"

$(WEB_MODULES): $(WEB)/package-lock.json
	@if command -v npm >/dev/null; then cd $(WEB) && npm ci --no-audit --no-fund && touch node_modules/.package-lock.json; else $(NO_NPM); fi

$(WEB_BUILT): $(WEB_MODULES) $(WEB_SOURCES)
	@if command -v npm >/dev/null; then cd $(WEB) && npm run build && touch dist/.built; else $(NO_NPM); fi

web: $(WEB_BUILT)

# Type-check, lint and unit-test the UI (seconds), then drive it in Chromium (minutes).
web-check: $(WEB_MODULES)
	cd $(WEB) && npm run typecheck && npm run lint && npm run test:unit

web-e2e: $(STAMP) $(WEB_BUILT)
	cd $(WEB) && AGENTEVAL_BIN=$(CURDIR)/$(BIN)/agenteval npm run e2e

run: $(STAMP) $(WEB_BUILT)
	$(BIN)/agenteval serve

# Lint, check the import contracts (pyproject.toml, docs/architecture.md) and type-check
# first: they fail in seconds, the suite takes minutes.
test: $(STAMP) $(WEB_BUILT)
	$(BIN)/ruff check agenteval actors tests bench
	$(BIN)/lint-imports
	$(BIN)/mypy agenteval actors
	$(MAKE) web-check
	@# The Python suite and the browser suite run side by side: the browser suite waits on
	@# its server and Chromium more than it computes, and one after the other they came
	@# within minutes of CI's 40-minute limit. The browser log is printed when both end.
	@log=$$(mktemp); $(MAKE) --no-print-directory web-e2e >"$$log" 2>&1 & e2e=$$!; \
	$(BIN)/python -m pytest; py=$$?; \
	wait $$e2e; web=$$?; echo "--- browser suite (make web-e2e) ---"; cat "$$log"; rm -f "$$log"; \
	echo "pytest exit $$py, browser suite exit $$web"; test $$py -eq 0 && test $$web -eq 0

lint: $(STAMP)
	$(BIN)/ruff check agenteval actors tests bench
	$(BIN)/lint-imports

schema: $(STAMP)
	$(BIN)/agenteval export-schema > schema.graphql
	$(BIN)/python -m agenteval.engine.static.run_json_schema > docs/run-json.schema.json

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
	rm -rf $(WEB)/node_modules $(WEB)/dist
