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

# The venv is made without a pip of its own: the pip of the Python that makes it installs uv into it, and uv
# the rest (tools/install.py, which gives the venv its own pip only where that cannot be done).
$(BIN)/python:
	$(PYTHON) -m venv --without-pip $(VENV)

# The stamps are remade whenever pyproject.toml changes: bola8 with what every install gets (numpy, numba:
# all the kernels' compile step needs); with the server extra for make run; with every extra and the test
# tools (dev) for make test. A larger install stamps the smaller ones it includes. tools/install.py
# installs with uv (parallel: bola8 with every extra in 10 s where pip took 32 s) and falls back to pip
# where uv cannot install (no route to PyPI, a pip set to a private index).
INSTALL := $(BIN)/python tools/install.py

$(VENV)/.installed-core: pyproject.toml | $(BIN)/python
	$(INSTALL) -e .
	touch $@

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(INSTALL) -e '.[server]'
	touch $(VENV)/.installed-core $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(INSTALL) -e '.[dev]'
	touch $(VENV)/.installed-core $(VENV)/.installed $@

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

# After the install, mypy --strict runs beside the kernels' compile (one core each, 19 and 14 s of CPU),
# then beside the start of pytest. Both must pass.
test: $(VENV)/.installed-dev browser postgres
	@$(BIN)/mypy > $(VENV)/mypy.log 2>&1 & typing=$$!; \
	$(MAKE) --no-print-directory $(VENV)/.compiled && $(PYTEST) -n $(TEST_JOBS) --dist loadgroup; tests=$$?; \
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
