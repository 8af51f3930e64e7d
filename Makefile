# doko: set-up and checks. Every target creates .venv by itself.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# one stamp per set of extras: `make play` needs only the terminal front end
STAMP := $(VENV)/.installed
PLAY_STAMP := $(VENV)/.installed-tui
SERVE_STAMP := $(VENV)/.installed-server
# the native core (Rust, PyO3): built by maturin and installed into .venv as doko_native
NATIVE_STAMP := $(VENV)/.installed-native
NATIVE_SRC := native/Cargo.toml native/Cargo.lock native/pyproject.toml $(wildcard native/src/*.rs) \
	$(wildcard native/*.pyi)
CARGO ?= cargo

.PHONY: test lint typecheck pytest play serve bench clean browser native native-check

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test,tui,server,postgres,rl,openspiel,pdf]'
	touch $(STAMP) $(PLAY_STAMP) $(SERVE_STAMP)

$(PLAY_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[tui]'
	touch $(PLAY_STAMP)

$(SERVE_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[server]'
	touch $(SERVE_STAMP)

# everything: the native core built and checked (cargo fmt, clippy, cargo test), ruff, mypy,
# pytest over both backends (the native tests need doko_native: `make test` installs it), one
# pytest worker per core (pytest-xdist)
test: $(STAMP) browser native native-check
	$(BIN)/ruff check src tests
	$(BIN)/mypy --strict src
	DOKO_REQUIRE_NATIVE=1 $(BIN)/pytest -n auto

# the native core into .venv (needs a Rust toolchain; `make play` and `make serve` do not)
native: $(NATIVE_STAMP)

$(NATIVE_STAMP): $(NATIVE_SRC) | $(BIN)/python
	$(BIN)/python -m pip install --quiet ./native
	touch $(NATIVE_STAMP)

native-check:
	cd native && $(CARGO) fmt --check
	cd native && $(CARGO) clippy --quiet --all-targets --features python -- -D warnings
	cd native && $(CARGO) test --quiet

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
play: $(PLAY_STAMP)
	$(BIN)/doko play $(ARGS)

# the web table at http://127.0.0.1:8000
serve: $(SERVE_STAMP)
	$(BIN)/doko serve $(ARGS)

bench: $(PLAY_STAMP)
	$(BIN)/doko bench

clean:
	rm -rf $(VENV) build src/*.egg-info .pytest_cache .mypy_cache .ruff_cache native/target
