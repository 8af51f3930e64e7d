# doko: set-up and checks. Every target creates .venv by itself.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: test lint typecheck pytest play serve bench clean browser

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,tui,server]'
	touch $(STAMP)

test: $(STAMP) browser
	$(BIN)/ruff check src tests
	$(BIN)/mypy --strict src
	$(BIN)/pytest

# Debian's Chromium for the browser test (Playwright drives /usr/bin/chromium; no download)
browser:
	@command -v chromium >/dev/null || (apt-get update -qq && apt-get install -y -qq chromium)

lint: $(STAMP)
	$(BIN)/ruff check src tests

typecheck: $(STAMP)
	$(BIN)/mypy --strict src

pytest: $(STAMP)
	$(BIN)/pytest

# a game against three computer players in the terminal (ARGS="--lang en --level search")
play: $(STAMP)
	$(BIN)/doko play $(ARGS)

# the web table at http://127.0.0.1:8000
serve: $(STAMP)
	$(BIN)/doko serve $(ARGS)

bench: $(STAMP)
	$(BIN)/doko bench

clean:
	rm -rf $(VENV) build src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
