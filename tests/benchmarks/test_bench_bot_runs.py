"""bench_bot_runs.py's tables: the run-outs, how the other visits ended, and two runs paired rack by rack."""

from __future__ import annotations

import bench_bot_runs as runs


def shot(made: bool, *, safety: bool = False, foul: bool = False, offered: float = 0.95, estimate: float = 0.9):
    return {"note": "safety" if safety else "pot 3 in foot-left", "kind": "safety" if safety else "pot",
            "estimate": None if safety else estimate, "value": 0.7, "offered": offered, "safety": safety,
            "made": made, "foul": foul, "cpu": 0.5}


def rack(index: int, end: str | None, shots: list) -> dict:
    return {"rack": index, "kept": end is not None, "end": end, "shots": shots}


BEFORE = [rack(0, "won", [shot(True)] * 8), rack(1, "miss", [shot(True), shot(False, offered=0.4, estimate=0.7)]),
          rack(2, None, []), rack(3, "safety", [shot(True), shot(False, safety=True, offered=0.1)])]
BEFORE[1]["balls_left"], BEFORE[3]["balls_left"] = 0, 2
AFTER = [rack(0, "won", [shot(True)] * 8), rack(1, "won", [shot(True)] * 7), rack(2, None, []),
         rack(3, "foul", [shot(False, foul=True)])]


def test_the_report_counts_run_outs_among_kept_breaks_and_says_how_the_others_ended() -> None:
    text = runs.report(BEFORE)
    assert "breaks that kept the table 3/4 = 75.0%" in text
    assert "run-outs (the rack won in the breaker's first visit) 1/3 = 33.3%" in text
    assert "miss: 1 visits; at shot 2: 1" in text and "best straight pot offered there, mean 40.0%" in text
    assert "safety: 1 visits" in text and "left when a visit ended without the rack: none (on the 8): 1, 2: 1" in text
    assert "at least 90%: 10/10 = 100.0%" in text and "where it did not: 0/1 = 0.0%" in text


def test_two_runs_are_paired_on_the_racks_both_kept() -> None:
    text = runs.compare(BEFORE, AFTER)
    assert "3 kept breaks in both runs" in text
    assert "before 1/3 = 33.3%" in text and "after 2/3 = 66.7%" in text
    assert "difference +33.3 points" in text and "run out only after 1, only before 0" in text


def test_the_wilson_interval_holds_the_share() -> None:
    low, high = runs.wilson(27, 100)
    assert low < 0.27 < high and (round(low, 3), round(high, 3)) == (0.193, 0.364)


def test_the_interval_of_none_starts_at_zero() -> None:
    low, high = runs.wilson(0, 502)
    assert low == 0.0 and 0.0 < high < 0.01
    assert "(0.0-0.8)" in runs._pct(0, 502)
