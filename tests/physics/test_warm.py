"""The set-up's warm-up (``python -m bola8.physics.warm``) leaves the engine's kernels in the disk cache."""

from __future__ import annotations

import subprocess
import sys

from bola8.physics import _jit


def test_the_warm_up_runs_as_a_module_and_fills_the_cache():
    done = subprocess.run([sys.executable, "-m", "bola8.physics.warm"], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert "kernels compiled and cached" in done.stderr
    assert _jit.engine_compiled()
