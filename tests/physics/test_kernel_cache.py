"""The kernels' disk cache is keyed by the whole physics package (numba issue 1833).

numba's ``cache=True`` checks only the file of the cached function: the
cushion kernel inlines ``stronge.final_slip``, so an edit of stronge.py kept
the old cached cushion until its cache files were deleted. These tests copy
the package, play a Stronge cushion hit in fresh processes sharing one cache
folder, and edit ``final_slip`` between them.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import bola8
from bola8.physics import _jit

HIT = """
import json, math
import numpy as np
from bola8.physics import PhysicsSettings, table_spec
from bola8.physics.cushion import resolve_cushion
prm = PhysicsSettings(cushion_model="stronge").as_array(table_spec("9ft").cushion_height)
b = np.zeros((3, 3))
b[0, :2] = (0.5, 1.0)
b[1, 1] = 1.5          # square into the cushion at y > 0 (normal (0, -1))
b[2, 0] = 0.3 / 0.028  # a stun-and-draw mix: the contact sticks, so the spring matters
resolve_cushion(b, 0.0, -1.0, prm, math.inf)
stats = resolve_cushion.stats
print(json.dumps({"after": b.tolist(), "hits": sum(stats.cache_hits.values()),
                  "misses": sum(stats.cache_misses.values())}))
"""


def _play(root: Path, cache: Path) -> dict:
    env = dict(os.environ, PYTHONPATH=str(root), NUMBA_CACHE_DIR=str(cache))
    out = subprocess.run([sys.executable, "-c", HIT], env=env, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_an_edit_of_a_helper_module_recompiles_the_kernel_that_inlines_it(tmp_path):
    root = tmp_path / "src"
    shutil.copytree(Path(bola8.__file__).parent, root / "bola8",
                    ignore=shutil.ignore_patterns("__pycache__"))
    cache = tmp_path / "cache"
    first = _play(root, cache)
    again = _play(root, cache)
    assert first["misses"] == 1 and again == dict(first, hits=1, misses=0)   # the cache is used
    stronge = root / "bola8" / "physics" / "models" / "stronge.py"
    text = stronge.read_text()
    assert "def final_slip(" in text
    # final_slip becomes half of what it was: the cushion's tangential impulse changes
    stronge.write_text(text.replace("def final_slip(", "def _original_final_slip(") + (
        '\n\n@kernel(inline="always")\ndef final_slip(r, mu, e, omega):\n'
        '    return 0.5 * _original_final_slip(r, mu, e, omega)\n'))
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
