"""Which tests may run beside each other when `make test` spreads the suite over three processes.

`make test` runs pytest-xdist's ``-n 3 --dist loadgroup``: each test goes to whichever worker is
free, except the tests of one ``xdist_group``, which one worker runs one after the other. The
groups are given here, from the fixtures a test uses, so a new test lands in the right one:

- ``postgres``: every test of the session's throwaway PostgreSQL cluster (tests/server/postgres.py),
  so one cluster is made, not one per worker.
- a test module whose tests share a module-scoped fixture (a game played once, a folder of
  records): its own group, so that fixture is made once, not once in each worker.
- ``kernels``: every test marked ``own_kernels`` - it calls a physics kernel directly (the event
  loop from given states, a cushion model, a root finder) that the set-up's warm-up does not
  compile, since the package never calls it from Python. A kernel compiles on its first call in
  each process, and the workers called the same ones at the same time: from the set-up's cache,
  tests/physics took 43 s of CPU spread over three workers against 22 s in one process, and in a
  fresh clone two of bench_fidelity's tests compiled the event loop at once, 12 s of CPU each.

The browser tests (tests/e2e) form no group: each worker starts its own Chromium and its own served
app the first time it is given a browser test and keeps both for the rest of the session, so the
browser tests spread over the workers like the others. As one group they kept one worker busy for
most of pytest's time while the other had finished everything else long before: a browser test
waits on the page and the server more than it uses the CPU.

Without ``-n`` the markers change nothing. With ``--dist loadgroup``, xdist writes each test's group
into its id for the scheduler; where it cannot (pytest 9.2 and pytest-xdist 3.8, pytest-xdist issue
1386: the tests are then spread as if ungrouped), the run stops at once rather than make the PostgreSQL
cluster and the modules' fixtures in several workers unnoticed.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest

# a session fixture that is costly or single -> the group of every test that uses it
SHARED_SESSION_FIXTURES = {"postgres_server": "postgres"}


def _group(item: pytest.Item) -> str | None:
    if item.get_closest_marker("own_kernels"):
        return "kernels"
    names = getattr(item, "fixturenames", ())
    for fixture, group in SHARED_SESSION_FIXTURES.items():
        if fixture in names:
            return group
    info = getattr(item, "_fixtureinfo", None)
    if info is not None:
        for definitions in info.name2fixturedefs.values():
            if definitions and definitions[-1].scope in ("module", "class", "package"):
                return item.nodeid.split("::", 1)[0]
    return None


@pytest.hookimpl(wrapper=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> Iterator[None]:
    # The modules with a test marked slow run first, each module's tests still together and in order:
    # the workers are handed tests in this order, and a long test handed out last kept one worker busy
    # while the others had finished (a 16-s test of worker processes ended one run 9 s after the rest).
    slow_modules = {item.nodeid.split("::", 1)[0] for item in items if item.get_closest_marker("slow")}
    items.sort(key=lambda item: item.nodeid.split("::", 1)[0] not in slow_modules)
    groups = {item.nodeid: group for item in items if (group := _group(item)) is not None}
    for item in items:
        if item.nodeid in groups:
            item.add_marker(pytest.mark.xdist_group(groups[item.nodeid]))
    yield   # the other plugins' hooks, xdist's among them: it writes each test's group into its id
    if getattr(config.option, "loadgroup", False):
        lost = [item.nodeid for item in items if item.nodeid in groups]
        if lost:
            # a worker's exception reaches the terminal only as xdist's INTERNALERROR: say why on stderr
            why = (f"pytest-xdist kept no group for {len(lost)} tests ({lost[0]} ...): this pytest and pytest-xdist "
                   "do not keep --dist loadgroup's groups (pyproject.toml's dev extra gives the versions that do)")
            sys.__stderr__.write(why + "\n")
            raise pytest.UsageError(why)
