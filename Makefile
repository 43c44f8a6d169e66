# One command to play, one to test. Both create .venv on first use.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin

.PHONY: play test bench serve clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.dev-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@ $(VENV)/.installed

## play: a whole 2-player game between two heuristic bots, turn by turn, then the result
play: $(VENV)/.installed
	$(BIN)/gravehold play --mages Brama,Mist --nemesis Rageborne --bots heuristic --seed 1

## test: ruff, mypy on the package, and the whole pytest suite. It installs nothing outside .venv:
## the browser tests run when a Chromium is found and skip otherwise (scripts/ensure-chromium.sh says which).
test: $(VENV)/.dev-installed
	./scripts/ensure-chromium.sh
	$(BIN)/ruff check src tests
	$(BIN)/mypy
	$(BIN)/pytest -n 2 --doctest-modules src/gravehold tests

bench: $(VENV)/.installed
	$(BIN)/gravehold bench

serve: $(VENV)/.installed
	$(BIN)/gravehold serve

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
