"""bench_fidelity.py: its breaks are real breaks (cue ball placed as the style says, judged by the
referee) and it prints its tables end to end with a tiny count (its figures are not checked here)."""

from __future__ import annotations

import math

import pytest

import bench_fidelity


def test_a_second_ball_break_aims_from_the_side_at_the_second_row():
    game, (dx, dy) = bench_fidelity.break_game(3, "typical", "second ball")
    spec = game.spec
    cue = game.layout[0]
    assert cue == (bench_fidelity.BREAK_SIDE_OFFSET, spec.head_string_y)
    target = (cue[0] + dx, cue[1] + dy)
    row_2_left = (spec.foot_spot[0] - spec.ball_radius, spec.foot_spot[1] + math.sqrt(3) * spec.ball_radius)
    assert math.dist(target, row_2_left) < 1e-3 and target in game.layout.values()


def test_a_head_ball_break_aims_from_the_head_spot_at_the_apex():
    game, (dx, dy) = bench_fidelity.break_game(3, "tight", "head ball")
    cue = game.layout[0]
    assert cue == game.spec.head_spot and (cue[0] + dx, cue[1] + dy) == game.spec.foot_spot


def test_the_cue_ball_leaves_at_the_break_speed():
    from bola8.physics import Strike

    strike = Strike(1.0, 90.0)
    assert bench_fidelity.ball_per_stick(strike) == pytest.approx(1.346, abs=0.001)   # tip e = 0.75


def test_wilson_interval():
    lo, hi = bench_fidelity.wilson(82, 124)
    assert lo < 82 / 124 < hi and (round(lo, 3), round(hi, 3)) == (0.574, 0.739)   # worked by hand
    assert bench_fidelity.wilson(0, 20)[0] == 0.0


def test_play_breaks_counts_every_break():
    tally = bench_fidelity.play_breaks(4, "loose", "second ball")
    assert tally.breaks == 4 and 0 <= tally.made_no_foul <= tally.any_pocketed <= 4
    assert tally.legal >= tally.made_no_foul


def test_the_benchmark_prints_its_tables(capsys):
    assert bench_fidelity.main(["--breaks", "2"]) == 0
    out = capsys.readouterr().out
    assert "| second ball | typical |" in out and "| published (pros, 7-ft) |" in out
    assert "30-degree rule" in out and "squirt" in out


def test_the_air_figures_print_their_tables_and_reproduce_tp_b10(capsys):
    bench_fidelity.air_figures(2)
    out = capsys.readouterr().out
    assert "| 5 deg | 1 | 10.855 / 10.855 |" in out and "### Masse" in out and "### TP B.5" in out
    assert "| 10 deg |" in out and "object balls off / break" in out
