"""bench_levels.py's make-rate ceiling: the window of aims found in a sweep."""

from __future__ import annotations

import pytest

import bench_levels as levels


def test_the_window_is_the_longest_run_of_aims_that_pot() -> None:
    step = levels.CEILING_STEP
    aims = [80.0 + k * step for k in range(10)]
    made = [False, True, False, True, True, True, True, False, True, True]
    middle, width = levels._window(made, aims)
    assert middle == pytest.approx(80.0 + 4.5 * step) and width == pytest.approx(4 * step)


def test_no_aim_that_pots_is_no_window() -> None:
    assert levels._window([False] * 5, [80.0 + k * levels.CEILING_STEP for k in range(5)]) is None
