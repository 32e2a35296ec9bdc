"""Ratings: OpenSkill's Plackett-Luce model on a 1500 scale, checked against the library's published example
and the library's own defaults mapped exactly."""

from __future__ import annotations

import math

import pytest
from openskill.models import PlackettLuce

from bola8.competition.ratings import INITIAL, MODEL, Rating, from_library, rate
from bola8.errors import InputError


def close(a: Rating, b: Rating) -> bool:
    return math.isclose(a.rating, b.rating, rel_tol=0, abs_tol=1e-9) and \
        math.isclose(a.deviation, b.deviation, rel_tol=0, abs_tol=1e-9)


def test_the_library_s_published_example_on_our_scale():
    # openskill's manual (docs/source/manual.rst, "Rating"): two teams of two new players, the first wins:
    # each winner mu=26.964294621803063, sigma=8.177962604389991; each loser mu=23.035705378196937
    published_winner = (26.964294621803063, 8.177962604389991)
    published_loser = (23.035705378196937, 8.177962604389991)
    r = MODEL.rating
    [[a, b], [x, y]] = MODEL.rate([[r(), r()], [r(), r()]])
    assert close(Rating(a.mu, a.sigma), from_library(*published_winner))
    assert close(Rating(b.mu, b.sigma), from_library(*published_winner))
    assert close(Rating(x.mu, x.sigma), from_library(*published_loser))
    library = PlackettLuce()
    [[a0, _], [x0, _]] = library.rate([[library.rating(), library.rating()], [library.rating(), library.rating()]])
    assert (a0.mu, a0.sigma, x0.mu) == (*published_winner, published_loser[0])


def test_a_fixed_sequence_of_results_is_the_library_s_defaults_mapped_exactly():
    library = PlackettLuce()
    theirs = {name: library.rating() for name in "ABCD"}
    ours = {name: INITIAL for name in "ABCD"}
    results = [("A", "B"), ("A", "C"), ("C", "B"), ("D", "A"), ("B", "D"), ("A", "B"), ("C", "D"), ("A", "D")]
    for winner, loser in results:
        [[w], [l]] = library.rate([[theirs[winner]], [theirs[loser]]])
        theirs[winner], theirs[loser] = w, l
        ours[winner], ours[loser] = rate(ours[winner], ours[loser])
        for name in "ABCD":
            assert close(ours[name], from_library(theirs[name].mu, theirs[name].sigma))
    assert max(ours, key=lambda name: ours[name].rating) == "A"          # five wins of six
    assert all(ours[name].deviation < 500 for name in "ABCD")


def test_the_scale_mapping():
    assert INITIAL == Rating(1500.0, 500.0) and close(INITIAL, from_library(25.0, 25.0 / 3.0))
    assert from_library(26.0, 1.0) == Rating(1560.0, 60.0)
    assert (MODEL.mu, MODEL.sigma, MODEL.beta, MODEL.tau) == (1500.0, 500.0, 250.0, 5.0)


def test_an_upset_moves_more_than_an_expected_win():
    strong, weak = Rating(1800.0, 120.0), Rating(1400.0, 120.0)
    expected, _ = rate(strong, weak)
    upset, _ = rate(weak, strong)
    assert upset.rating - weak.rating > expected.rating - strong.rating > 0


@pytest.mark.parametrize("value, field", [
    ({"rating": "1500", "deviation": 350}, "rating.rating"), ({"rating": 1500, "deviation": 0}, "rating.deviation"),
    ({"rating": float("inf"), "deviation": 350}, "rating.rating"), ({"rating": 1500}, "rating.deviation"),
    ({"rating": 1500, "deviation": 350, "volatility": 0.06}, "rating.volatility"), ([1500, 350], "rating"),
    ({"rating": True, "deviation": 350}, "rating.rating"),
])
def test_a_stored_rating_is_checked(value, field):
    with pytest.raises(InputError) as refused:
        Rating.from_dict(value)
    assert refused.value.en.startswith(field + ":") and refused.value.es.startswith(field + ":")
    assert Rating.from_dict(INITIAL.to_dict()) == INITIAL
