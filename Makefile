# Two commands on a fresh machine: `make run` (the main job) and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# The project's Python processes (the server, the kernels' compile step, pytest's workers and the
# hundreds of programs the tests start) keep their bytecode in .venv/pycache, also where the
# environment turns Python's bytecode cache off (PYTHONDONTWRITEBYTECODE): each would otherwise compile
# bola8 and its libraries again, and rewrite the test modules. The source tree stays free of .pyc files.
BYTECODE := PYTHONDONTWRITEBYTECODE= PYTHONPYCACHEPREFIX=$(CURDIR)/$(VENV)/pycache

.PHONY: run demo test test-fast browser postgres typecheck bench screenshots clean

# The venv's own pip (the one Python bundles) installs everything here; upgrading it first would only
# add a download and an install to every fresh set-up.
$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# The stamps are remade whenever pyproject.toml changes. First bola8 and what every install gets (numpy,
# numba: all the kernels' compile step needs), then the extras' packages: make run needs the server
# extra, make test every extra and the test tools (dev). The extras are installed from their list
# (tools/extras.py reads it from pyproject.toml) and not as `-e '.[dev]'`, which would install bola8
# again - removing and rewriting it while make test compiles the kernels beside that install (below).
# The packages the first install put in are held at their versions (-c held.txt), so nothing the compile
# step imports is replaced under it (an extra that needs another numpy fails the install instead).
# --no-compile: pip would otherwise compile every installed module (all of Ray, pyarrow, matplotlib ...)
# to bytecode that the project's processes never read (they keep theirs in .venv/pycache, BYTECODE
# above); each module is compiled there when first imported instead.
PIP := $(BIN)/python -m pip install --quiet --no-compile

$(VENV)/.installed-core: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip freeze --exclude-editable > $(VENV)/before.txt
	$(PIP) -e .
	$(BIN)/python -m pip freeze --exclude-editable | grep -vxFf $(VENV)/before.txt > $(VENV)/held.txt || true
	touch $@

$(VENV)/.installed: $(VENV)/.installed-core
	$(BIN)/python tools/extras.py server > $(VENV)/requirements-server.txt
	$(PIP) -c $(VENV)/held.txt -r $(VENV)/requirements-server.txt
	touch $@

$(VENV)/.installed-dev: $(VENV)/.installed-core
	$(BIN)/python tools/extras.py dev > $(VENV)/requirements-dev.txt
	$(PIP) -c $(VENV)/held.txt -r $(VENV)/requirements-dev.txt
	touch $(VENV)/.installed $@

# The physics kernels compiled into numba's disk cache during the set-up (bola8.physics.warm), so the
# first shot answers at once; remade whenever a physics source changes. The bytecode of numpy, numba and
# bola8.physics it makes on the way is the one the tests and the server read (BYTECODE).
$(VENV)/.compiled: $(VENV)/.installed-core $(shell find src/bola8/physics -name '*.py')
	$(BYTECODE) $(BIN)/python -m bola8.physics.warm
	touch $@

# The main job: the server of the browser app on 127.0.0.1; it prints the URL.
run: $(VENV)/.installed $(VENV)/.compiled
	$(BYTECODE) $(BIN)/bola8 serve

demo: $(VENV)/.installed
	$(BYTECODE) $(BIN)/bola8 demo

# The browser tests drive Debian's chromium (browsers cannot be downloaded here):
# installed when missing on a machine with apt, as root; otherwise the tests fail.
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "installing Debian's chromium for the browser tests"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	  else echo "chromium is missing: the browser tests will fail (install Debian's chromium)"; fi; }

# The tests of several servers on one database start a throwaway PostgreSQL cluster (tests/server/postgres.py)
# with Debian's postgresql: installed when missing on a machine with apt, as root; otherwise they fail.
postgres:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "installing Debian's postgresql for the tests of several servers"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null; \
	  else echo "postgresql is missing: the tests of several servers will fail (install Debian's postgresql)"; fi; }

typecheck: $(VENV)/.installed-dev
	$(BIN)/mypy

PYTEST := $(BYTECODE) $(BIN)/python -m pytest
# pytest-xdist spreads the tests over three worker processes on the two cores: the suite waits (on
# pages, servers, subprocesses, Ray) about as much as it computes, and a third worker runs a test in
# those waits. tests/conftest.py keeps in one worker the tests that share the PostgreSQL cluster or a
# module's fixture.
TEST_JOBS ?= 3

# The set-up's two long steps side by side (one core each): the kernels' compile and the extras'
# install; then mypy --strict beside pytest. Both must pass.
test: $(VENV)/.installed-core browser postgres
	@$(MAKE) --no-print-directory $(VENV)/.compiled > $(VENV)/compile.log 2>&1 & compiling=$$!; \
	$(MAKE) --no-print-directory $(VENV)/.installed-dev; installed=$$?; \
	wait $$compiling; compiled=$$?; cat $(VENV)/compile.log; \
	[ $$installed -eq 0 ] && [ $$compiled -eq 0 ] || exit 1; \
	$(BIN)/mypy > $(VENV)/mypy.log 2>&1 & typing=$$!; \
	$(PYTEST) -n $(TEST_JOBS) --dist loadgroup; tests=$$?; \
	wait $$typing; typed=$$?; echo "mypy --strict:"; cat $(VENV)/mypy.log; \
	[ $$tests -eq 0 ] && [ $$typed -eq 0 ]

# The edit loop: every test but those marked slow, without mypy.
test-fast: $(VENV)/.installed-dev $(VENV)/.compiled browser postgres
	$(PYTEST) -n $(TEST_JOBS) --dist loadgroup -m "not slow"

bench: $(VENV)/.installed-dev $(VENV)/.compiled
	-$(BIN)/python benchmarks/_fastfiz_build.py
	$(BIN)/python benchmarks/bench_break.py
	$(BIN)/python benchmarks/bench_simulate_batch.py
	$(BIN)/python benchmarks/bench_physics_cushion.py
	$(BIN)/python benchmarks/bench_fidelity.py
	$(BIN)/python benchmarks/bench_batch.py
	$(BIN)/python benchmarks/bench_rl.py
	$(BIN)/python benchmarks/bench_levels.py makerate

# The README's pictures of the browser app, from the real server in Debian's chromium.
screenshots: $(VENV)/.installed-dev browser
	$(BIN)/python docs/img/screenshots.py

clean:
	rm -rf $(VENV) build src/*.egg-info .pytest_cache .hypothesis
