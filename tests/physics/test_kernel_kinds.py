"""The three kinds of kernel (``bola8.physics._jit.kernel``): who may call each from Python."""

from __future__ import annotations

import numpy as np
import pytest

from bola8.physics import PhysicsSettings, _jit, table_spec
from bola8.physics.codes import SLIDING
from bola8.physics.engine import play_stroke
from bola8.physics.motion import classify, slip_xy

pytestmark = pytest.mark.own_kernels   # the motion states (motion.classify): compiled by its first call


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


def test_a_stroke_s_result_built_from_the_kernel_s_arrays_has_every_field_the_constructor_sets():
    # ShotResult.of_stroke writes the fields straight into the instance (the frozen constructor is slow):
    # it must give the same object the constructor gives, field by field, and stay frozen
    import dataclasses

    from bola8.physics import Strike, simulate_layout
    from bola8.physics.result import ShotResult

    spec = table_spec("9ft")
    fast = simulate_layout(spec, {0: (0.6, 0.6), 5: (0.6, 1.4)}, Strike(2.0, 90.0))
    ev = np.stack([fast.ev_type, fast.ev_i, fast.ev_j, fast.ev_o], axis=1)
    made = ShotResult(spec=spec, start=fast.start, numbers=fast.numbers, prm=fast.prm, ev_t=fast.ev_t,
                      ev_type=ev[:, 0], ev_i=ev[:, 1], ev_j=ev[:, 2], ev_o=ev[:, 3], snap=fast.snap,
                      truncated=fast.truncated, strike=fast.strike)
    assert set(vars(fast)) == {f.name for f in dataclasses.fields(ShotResult)}
    for field in dataclasses.fields(ShotResult):
        mine, theirs = getattr(fast, field.name), getattr(made, field.name)
        if isinstance(mine, np.ndarray):
            assert np.array_equal(mine, theirs) and mine.dtype == theirs.dtype
        else:
            assert mine == theirs
    assert fast.events == made.events and fast.final == made.final
    with pytest.raises(dataclasses.FrozenInstanceError):
        fast.truncated = True   # type: ignore[misc]


def test_a_batch_s_results_have_every_field_of_their_class_and_stay_frozen():
    # simulate_batch builds its results with result.built (no constructor): each must hold exactly its
    # class's fields, as the constructor's would
    import dataclasses

    from bola8.physics import Strike
    from bola8.physics.batch import simulate_batch
    from bola8.physics.result import built

    spec = table_spec("9ft")
    strikes = [Strike(2.0, 90.0), Strike(3.0, 70.0, 0.0, 0.1, 0.0)]
    for record in ("trajectories", "events", "final"):
        for result in simulate_batch(spec, {0: (0.6, 0.6), 5: (0.6, 1.4)}, strikes, record=record):
            assert set(vars(result)) == {f.name for f in dataclasses.fields(result)}
            with pytest.raises(dataclasses.FrozenInstanceError):
                result.strike = None   # type: ignore[misc]
    with pytest.raises(TypeError, match="needs exactly the fields"):
        built(type(result), numbers=(0,))
