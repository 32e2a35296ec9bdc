"""The kernels' disk cache is keyed by the whole physics package (numba issue 1833).

numba's ``cache=True`` checks only the file of the cached function: a kernel
that inlines a function of another module (the cushion kernel inlined
``stronge.final_slip``) kept its old cached code after an edit of that
module until its cache files were deleted. These tests copy the package,
play a Han 2005 cushion hit in fresh processes sharing one cache folder, and
edit ``models.nose.nose_apply``, which ``han2005.rebound`` inlines, between
them. Checked on the code before this cache: with numba's own cache, the
cushion kernel edited through stronge.final_slip printed its old result.
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
import json
from bola8.physics import PhysicsSettings, table_spec
from bola8.physics.models import han2005
prm = PhysicsSettings(cushion_model="han2005").as_array(table_spec("9ft").cushion_height)
# a stun ball square into the cushion with side spin, in the cushion's frame
after = han2005.rebound(1.5, 0.2, 0.0, 0.0, 0.0, 30.0, prm)
stats = han2005.rebound.stats
print(json.dumps({"after": list(after), "hits": sum(stats.cache_hits.values()),
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
    nose = root / "bola8" / "physics" / "models" / "nose.py"
    text = nose.read_text()
    # nose_apply (inlined into han2005.rebound from another module) gives half the velocity change
    assert text.count("    v0 += jx / m\n") == 1
    nose.write_text(text.replace("    v0 += jx / m\n", "    v0 += 0.5 * jx / m\n"))
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
