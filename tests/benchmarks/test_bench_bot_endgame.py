"""bench_bot_endgame.py: saved positions read back as games, run-outs reported, rollouts paired by position."""

from __future__ import annotations

import bench_bot_endgame as endgame

from bola8 import rules


def test_a_saved_position_is_the_same_game_again() -> None:
    state = rules.State.from_dict({"phase": "play", "groups": ["solids", "stripes"], "on_table": [3, 8, 12]})
    balls = [[0, 0.6, 1.2], [3, 0.9, 2.2], [8, 0.2, 1.6], [12, 0.2, 0.6]]
    game = endgame.game_of({"rack": 7, "needed": 2, "table": "9ft", "state": state.to_dict(), "balls": balls})
    assert game.state == state
    assert dict(game.balls) == {0: (0.6, 1.2), 3: (0.9, 2.2), 8: (0.2, 1.6), 12: (0.2, 0.6)}


def rollout(rack: int, index: int, end: str, needed: int = 3) -> dict:
    shot = {"note": "pot 3 in foot-left", "safety": False, "made": end == "won", "cpu": 0.5}
    return {"rack": rack, "rollout": index, "needed": needed, "end": end, "shots": [shot]}


BEFORE = [rollout(0, 0, "won"), rollout(0, 1, "miss"), rollout(1, 0, "miss", 2), rollout(1, 1, "safety", 2)]
AFTER = [rollout(0, 0, "won"), rollout(0, 1, "won"), rollout(1, 0, "won", 2), rollout(1, 1, "miss", 2)]


def test_the_report_counts_run_outs_by_the_balls_needed() -> None:
    text = endgame.report(BEFORE)
    assert "4 rollouts from 2 positions; run out 1/4 = 25.0%" in text
    assert "needing 2 (the 8 included): 0/2 = 0.0%" in text and "needing 3 (the 8 included): 1/2 = 50.0%" in text
    assert "ends: miss 2, won 1, safety 1" in text


def test_rollouts_are_paired_and_the_interval_counts_positions() -> None:
    text = endgame.compare(BEFORE, AFTER)
    assert "4 rollouts in both files, from 2 positions" in text
    assert "before 1/4 = 25.0%" in text and "after 3/4 = 75.0%" in text
    # each position's mean difference is one sample: +0.5 and +0.5, so no spread
    assert "difference +50.0 points (95% interval over the positions +50.0 to +50.0)" in text
    assert "run out only after 2, only before 0" in text
