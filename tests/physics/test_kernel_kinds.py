"""The three kinds of kernel (``bola8.physics._jit.kernel``): who may call each from Python."""

from __future__ import annotations

import numpy as np
import pytest

from bola8.physics import PhysicsSettings, _jit, table_spec
from bola8.physics.codes import SLIDING
from bola8.physics.engine import play_stroke
from bola8.physics.motion import classify, slip_xy


def test_a_helper_called_from_python_raises_a_clear_error_instead_of_crashing():
    # compiled without numba's Python wrapper: called through numba's dispatcher it killed the interpreter
    with pytest.raises(TypeError, match=r"motion\.slip_xy is a kernel helper"):
        slip_xy(np.zeros((3, 3)), 0.028575)


def test_a_tested_helper_runs_from_python_through_its_own_copy():
    ball = np.zeros((3, 3))
    ball[1, 0] = 1.0                       # 1 m/s along x with no spin: it slides
    prm = PhysicsSettings().as_array(table_spec("9ft").cushion_height)
    assert isinstance(classify, _jit._TestedHelper)
    assert classify(ball, prm) == SLIDING
    # the kernels see the copy without wrappers, never the one Python called
    assert classify.in_kernels is not classify._from_python


def test_an_entry_kernel_is_numbas_cached_dispatcher():
    assert not isinstance(play_stroke, _jit._Helper)
    assert play_stroke._cache.__class__.__name__ == "_PackageCache"


def test_kernels_take_max_and_min_of_two_floats_from_scalar():
    # numba 0.68 types its max/min overloads anew at every call (about 5 ms of the first compile each):
    # the kernels use scalar.larger/smaller, compiled once (docs/performance.md)
    import ast
    from pathlib import Path

    found = []
    for path in sorted(_jit.PACKAGE_DIR.rglob("*.py")):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if not isinstance(node, ast.FunctionDef):
                continue
            if not any(isinstance(d, ast.Call) and getattr(d.func, "id", "") == "kernel" for d in node.decorator_list):
                continue
            for call in ast.walk(node):
                if isinstance(call, ast.Call) and getattr(call.func, "id", "") in ("max", "min"):
                    found.append(f"{Path(path).name}:{call.lineno}")
    assert found == []
