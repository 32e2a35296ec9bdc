"""Commands that do not simulate must not import numpy or numba (fast start-up)."""

from __future__ import annotations

import subprocess
import sys

PROBE = """
import sys, runpy
sys.argv = ["bola8", {command!r}, "--help"]
try:
    runpy.run_module("bola8", run_name="__main__")
except SystemExit:
    pass
heavy = sorted(m for m in ("numpy", "numba", "llvmlite") if m in sys.modules)
print("HEAVY:" + ",".join(heavy))
"""


def heavy_modules_after(command: str) -> str:
    done = subprocess.run([sys.executable, "-c", PROBE.format(command=command)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    marker = [line for line in done.stdout.splitlines() if line.startswith("HEAVY:")]
    assert marker, done.stdout
    return marker[-1][len("HEAVY:"):]


def test_the_rules_package_imports_only_the_standard_library():
    code = "import sys, bola8.rules; print(','.join(m for m in ('numpy','numba') if m in sys.modules))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == ""


def test_help_of_every_command_starts_without_numpy():
    for command in ("referee", "simulate", "match", "replay", "render", "demo"):
        assert heavy_modules_after(command) == "", command
