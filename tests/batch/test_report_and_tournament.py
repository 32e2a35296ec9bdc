"""The report from a small batch (every plot present) and the round robin's table."""

from __future__ import annotations

import base64
import re
import sys
from pathlib import Path

import pytest

from bola8.batch.report import read_batch, statistics
from bola8.batch.run import run_batch
from bola8.batch.spec import BatchSpec
from bola8.batch.tournament import TournamentSpec, bradley_terry, match_winners, play_tournament, wilson
from bola8.errors import InputError

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "cli"))
from cli_run import run_cli  # noqa: E402

PLOTS = 8


@pytest.fixture(scope="module")
def batch_folder(tmp_path_factory):
    out = tmp_path_factory.mktemp("batch") / "b"
    run_batch(BatchSpec(players=("bot", "bot"), matches=5, seed=2), str(out), workers=1)
    return out


def test_the_report_holds_every_plot_as_a_png(batch_folder, tmp_path):
    page = tmp_path / "report.html"
    done = run_cli("report", str(batch_folder), "-o", str(page), "--lang", "en")
    assert done.returncode == 0, done
    text = page.read_text()
    images = re.findall(r'src="data:image/png;base64,([^"]+)"', text)
    assert len(images) == PLOTS
    assert all(base64.b64decode(png).startswith(b"\x89PNG") for png in images)
    for title in ("Breaker wins the game", "Balls pocketed on the break", "Balls per visit", "Fouls by article",
                  "Shots per game", "Games lost under Art. 20", "Safeties per game", "Stalemates"):
        assert title in text
    again = run_cli("report", str(batch_folder), "-o", str(page))
    assert again.returncode == 2 and "--overwrite" in again.stdout       # nothing replaced unasked
    spanish = run_cli("report", str(batch_folder), "-o", str(page), "--overwrite")
    assert spanish.returncode == 0 and "El que abre gana" in page.read_text()


def test_the_statistics_add_up(batch_folder):
    games, shots = read_batch(str(batch_folder))
    stats = statistics(games, shots)
    assert stats.games == len(games) == 5
    assert sum(stats.break_pocketed.values()) == stats.games
    assert sum(stats.results.values()) == stats.games
    assert sum(k * v for k, v in stats.run_lengths.items()) == sum(len(s["legally_pocketed"]) for s in shots
                                                                   if s["kind"] == "shot")
    assert stats.breaker_wins <= stats.decided == sum(stats.wins)


def test_a_folder_that_is_no_finished_batch_is_refused(tmp_path):
    done = run_cli("report", str(tmp_path), "-o", str(tmp_path / "r.html"), "--lang", "en")
    assert done.returncode == 2 and "not a bola8 batch folder" in done.stdout
    with pytest.raises(InputError):
        read_batch(str(tmp_path / "nothing"))


def test_a_round_robin_ranks_every_player():
    result = play_tournament(TournamentSpec(players=("bot", "bot", "bot"), matches=2, seed=3), workers=1)
    assert [s.name for s in sorted(result.standings, key=lambda s: s.name)] == ["bot #1", "bot #2", "bot #3"]
    assert all(s.matches == 4 for s in result.standings)
    assert sum(s.wins for s in result.standings) == 6            # every match has one winner
    ratings = [s.rating for s in result.standings]
    assert ratings == sorted(ratings, reverse=True)
    assert abs(sum(ratings) / 3 - 1500) < 50


def test_ratings_and_intervals_from_known_results():
    r = bradley_terry(["a", "b"], {("a", "b"): 30, ("b", "a"): 10})
    assert r["a"] - r["b"] == pytest.approx(400 * __import__("math").log10(30.5 / 10.5), abs=0.5)
    low, high = wilson(0, 10)
    assert low == 0.0 and 0.25 < high < 0.35


def test_the_wilson_interval_holds_the_proportion_at_its_ends():
    # rounding put an end a few ulps past p = 0 or 1 for about a quarter of the sample sizes; the
    # report's error bars (p - low, high - p) then went negative and matplotlib refused the plot
    for n in range(1, 2000):
        for wins in (0, 1, n - 1, n):
            low, high = wilson(wins, n)
            assert 0.0 <= low <= wins / n <= high <= 1.0, (wins, n)
    assert match_winners([{"unit": 0, "score_0": 1, "score_1": 0, "winner": 0}], race=1) == {0: 0}


def test_the_tournament_command_prints_its_table_and_refuses_one_player():
    done = run_cli("tournament", "--players", "bot,bot", "--games", "2", "--workers", "1", "--json")
    assert done.returncode == 0, done
    assert '"standings"' in done.stdout
    alone = run_cli("tournament", "--players", "bot", "--games", "2", "--lang", "en")
    assert alone.returncode == 2 and "at least two" in alone.stdout
