"""The kernels' disk cache is keyed by the whole physics package (numba issue 1833).

numba's ``cache=True`` checks only the file of the cached function: a kernel
that inlines a function of another module (the cushion kernel inlined
``stronge.final_slip``) kept its old cached code after an edit of that
module until its cache files were deleted. These tests copy the package,
sample a ball's flight with the server's ``trajectory._positions`` (an entry
kernel: only those are cached) in fresh processes sharing one cache folder,
and edit ``motion.flown``, which it inlines from another module, between them. Checked on the code before this cache: with numba's own cache, the
cushion kernel edited through stronge.final_slip printed its old result.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import bola8
from bola8.physics import _jit

HIT = """
import json
import numpy as np
from bola8.physics import PhysicsSettings, table_spec
from bola8.server.trajectory import _positions
# a ball in flight (state 5), rising at 1 m/s: its position 0.1 s later, drawn by the server's sampler,
# an entry kernel in another package that inlines motion.evolve and motion.flown
snap = np.zeros((1, 1, 10))
snap[0, 0, 4], snap[0, 0, 5], snap[0, 0, 9] = 1.0, 1.0, 5.0
prm = PhysicsSettings().as_array(table_spec("9ft").cushion_height)
after = _positions(snap, 0, np.zeros(1), np.array([0.1]), np.zeros(1, dtype=np.int64), prm)
stats = _positions.stats
print(json.dumps({"after": after[0].tolist(), "hits": sum(stats.cache_hits.values()),
                  "misses": sum(stats.cache_misses.values())}))
"""


def _play(root: Path, cache: Path) -> dict:
    env = dict(os.environ, PYTHONPATH=str(root), NUMBA_CACHE_DIR=str(cache))
    out = subprocess.run([sys.executable, "-c", HIT], env=env, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


@pytest.mark.slow
def test_an_edit_of_a_helper_module_recompiles_the_kernel_that_inlines_it(tmp_path):
    root = tmp_path / "src"
    shutil.copytree(Path(bola8.__file__).parent, root / "bola8",
                    ignore=shutil.ignore_patterns("__pycache__"))
    cache = tmp_path / "cache"
    first = _play(root, cache)
    again = _play(root, cache)
    assert first["misses"] == 1 and again == dict(first, hits=1, misses=0)   # the cache is used
    motion = root / "bola8" / "physics" / "motion.py"
    text = motion.read_text()
    # flown (inlined into the sampler from another module) with half the gravity
    assert text.count("0.5 * g * dt * dt") == 1
    motion.write_text(text.replace("0.5 * g * dt * dt", "0.25 * g * dt * dt"))
    edited = _play(root, cache)
    assert edited["misses"] == 1 and edited["hits"] == 0
    assert edited["after"] != first["after"]
    assert len(list(cache.iterdir())) == 2   # one folder per version of the sources


def test_the_key_covers_every_source_file_of_the_package(tmp_path):
    package = tmp_path / "physics"
    shutil.copytree(_jit.PACKAGE_DIR, package, ignore=shutil.ignore_patterns("__pycache__"))
    key = _jit.source_key(package)
    assert key == _jit.KEY
    for path in sorted(package.rglob("*.py")):
        saved = path.read_bytes()
        path.write_bytes(saved + b"\n")
        assert _jit.source_key(package) != key, path.name
        path.write_bytes(saved)
    (package / "__pycache__").mkdir()
    (package / "__pycache__" / "stale.py").write_text("x = 1\n")
    assert _jit.source_key(package) == key   # compiled leftovers are not sources
