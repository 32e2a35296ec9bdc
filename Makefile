# Two commands on a fresh machine: `make run` (the main job) and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# The stamp is remade whenever pyproject.toml changes.
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(VENV)/.installed $@

run: $(VENV)/.installed
	$(BIN)/bola8 demo

test: $(VENV)/.installed-dev
	$(BIN)/python -m pytest

bench: $(VENV)/.installed
	$(BIN)/python benchmarks/bench_break.py
	$(BIN)/python benchmarks/bench_fidelity.py

clean:
	rm -rf $(VENV) build src/*.egg-info .pytest_cache .hypothesis
