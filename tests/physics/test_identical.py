"""The simulator's results are bit-identical to the committed digests (benchmarks/check_identical.py).

207 shots (three tables x three cushion models: the benchmark's break and typical shots, random breaks,
random layouts) against digests saved from the code before the engine was split into modules. A change
that is meant to change results regenerates the file, and says so in its commit:

    rm tests/physics/identical_digests.json
    .venv/bin/python benchmarks/check_identical.py save tests/physics/identical_digests.json --per-case 23

The digests are of float64 bits computed on this project's machine; numba compiles for the host CPU, so on
another processor (another instruction set) a last-bit difference is possible, and this test says which
shots differ.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SAVED = Path(__file__).with_name("identical_digests.json")


def _harness():
    spec = importlib.util.spec_from_file_location("check_identical", ROOT / "benchmarks" / "check_identical.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_results_are_bit_identical_to_the_saved_digests():
    saved = json.loads(SAVED.read_text())
    found = _harness().digests(saved["per_case"])
    assert len(found) == 207
    differ = [label for label, value in saved["digests"].items() if found.get(label) != value]
    assert differ == [] and set(found) == set(saved["digests"])
