"""bench_fidelity.py: its breaks are real breaks (cue ball placed as the style says, judged by the
referee) and it prints its tables end to end with a tiny count (its figures are not checked here)."""

from __future__ import annotations

import math

import pytest

import bench_fidelity


def test_a_second_ball_break_meets_the_second_ball_and_the_head_ball_at_once():
    game, (dx, dy) = bench_fidelity.break_game(3, "typical", "second ball")
    spec = game.spec
    r = spec.ball_radius
    cue = game.layout[0]
    assert cue == (bench_fidelity.BREAK_SIDE_OFFSET, spec.head_string_y)
    apex = min((p for b, p in game.layout.items() if b != 0), key=lambda p: math.dist(p, spec.foot_spot))
    row_2_left = min((p for b, p in game.layout.items() if b != 0),
                     key=lambda p: math.dist(p, (spec.foot_spot[0] - r, spec.foot_spot[1] + math.sqrt(3) * r)))
    # the cue ball's centre on the aiming line when it touches each: the same point, level with the apex
    ux, uy = dx / math.hypot(dx, dy), dy / math.hypot(dx, dy)

    def touching(ball):
        along = (ball[0] - cue[0]) * ux + (ball[1] - cue[1]) * uy
        across = abs((ball[0] - cue[0]) * uy - (ball[1] - cue[1]) * ux)
        assert across < 2 * r, "the line must meet the ball"
        return along - math.sqrt((2 * r) ** 2 - across ** 2)

    assert touching(apex) == pytest.approx(touching(row_2_left), abs=0.2e-3)   # within the rack's jitter


def test_a_stroke_at_the_second_balls_centre_cuts_the_head_ball_first():
    game, (dx, dy) = bench_fidelity.break_game(3, "lattice", "second ball's centre")
    spec = game.spec
    cue = game.layout[0]
    apex = spec.foot_spot
    across = abs((apex[0] - cue[0]) * dy - (apex[1] - cue[1]) * dx) / math.hypot(dx, dy)
    assert 0.040 < across < 2 * spec.ball_radius      # 42 mm from the head ball's centre: it is hit first


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
    tally = bench_fidelity.play_breaks(4, "loose", "second ball", bench_fidelity.PUBLISHED_TABLE)
    assert tally.breaks == 4 and 0 <= tally.made_no_foul <= tally.any_pocketed <= 4
    assert tally.legal >= tally.made_no_foul and 0 <= tally.off_table <= 4 * 16


def test_the_published_table_is_a_7_ft_table_with_4_in_corners_and_no_preset():
    spec = bench_fidelity.PUBLISHED_TABLE
    assert (spec.length, spec.width) == pytest.approx((78 * 0.0254, 39 * 0.0254))
    assert 4.0 * 0.0254 < spec.corner_mouth < 4.125 * 0.0254
    from bola8.physics import TABLES

    assert all(preset.corner_mouth >= 4.5 * 0.0254 for preset in TABLES.values())     # the presets stay WPA


def test_the_frictionless_draw_is_the_textbooks():
    # bola8's frictionless ball model is the textbook collision: its draw and follow are the closed form's
    rows = bench_fidelity.draw_follow_rows(bench_fidelity.Context(breaks=1))
    for row in rows:
        frictionless = row.bola8.split("(")[1].rstrip(")")
        assert frictionless == row.published, row.figure


def test_running_english_is_told_from_reverse_by_the_spin():
    running, reverse = bench_fidelity.english_pair("mathavan2010", 20.0)
    assert running.running is True and reverse.running is False
    assert running.final > reverse.final and running.speed_ratio > reverse.speed_ratio   # the FAQ's signs


@pytest.mark.own_kernels   # the benchmark runs the event loop from given states (engine.run_events)
def test_the_benchmark_prints_one_table_of_every_figure(capsys):
    assert bench_fidelity.main(["--breaks", "2", "--no-pooltool"]) == 0
    out = capsys.readouterr().out
    for words in ("| single shots | rolling", "30-degree rule", "squirt", "| cushions |", "| pockets | corner, 30 deg",
                  "| breaks | made a ball without a foul", "balls off the table", "| published (pros"):
        assert words in out, words


@pytest.mark.own_kernels   # the benchmark runs the event loop from given states (engine.run_events)
def test_a_section_appended_at_the_end_is_run_and_printed(capsys, monkeypatch):
    monkeypatch.setattr(bench_fidelity, "SECTIONS", [])

    @bench_fidelity.section
    def extra(ctx):
        return [bench_fidelity.Row("jumps", "a figure", "1", "2", "a source")]

    assert bench_fidelity.main(["--breaks", "1", "--no-pooltool"]) == 0
    assert "| jumps | a figure | 1 | 2 | - | a source |" in capsys.readouterr().out


def test_the_target_sizes_reproduce_the_tps_own_figures():
    # TP 3.6 prints its corner pocket's critical angles and rail allowance; TP 3.5 its side pocket's limit
    import _target_size as T

    corner = T.CornerPocket(1.125, 4.5875, 7.0, 2.75, 1.125, 96.0)    # inches, TP 3.6's 8-ft table
    assert math.degrees(corner.theta_c) == pytest.approx(38.558, abs=1e-3)
    assert math.degrees(corner.theta_d) == pytest.approx(28.167, abs=1e-3)
    assert math.degrees(corner.theta_max) == pytest.approx(44.058, abs=1e-3)
    assert corner.d_max == pytest.approx(87.262, abs=1e-3)
    side = T.SidePocket(1.125, 5.0625, 14.0, 3.0, 0.1875)
    assert math.degrees(side.theta_max) == pytest.approx(68.292, abs=1e-3)
    # symmetric pockets: a straight-in target is the same on both sides
    assert corner.half(0.0) == pytest.approx(corner.half(-0.0)) and corner.size(0.0) > corner.size(30.0)


def test_the_air_figures_print_their_tables_and_reproduce_tp_b10(capsys):
    bench_fidelity.air_figures(2)
    out = capsys.readouterr().out
    assert "| 5 deg | 1 | 10.855 / 10.855 |" in out and "### Masse" in out and "### TP B.5" in out
    assert "| 10 deg |" in out and "object balls off / break" in out


def test_the_break_search_table_names_the_ball_hit_and_how(capsys):
    cells = [{"x": 0.15, "place": 1, "aim": "with the head ball", "b": 0.0, "speed": (11.2, 13.4), "grid": 0.7,
              "held_out": (400, 600)},
             {"x": None, "place": 0, "aim": "centre", "b": -0.3, "speed": (8.0, 9.0), "grid": 0.5}]
    bench_fidelity.print_search(cells)
    out = capsys.readouterr().out
    assert "| 0.15 | second row, left (with the head ball) | +0.0 | 11.2-13.4 | 70.0% | 66.7% (" in out
    assert "| centre | apex (full) | -0.3 | 8-9 | 50.0% | - |" in out
