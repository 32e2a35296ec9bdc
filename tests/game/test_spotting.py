"""Art. 16 spotting geometry, from the rules text (RULINGS.md, Art. 16)."""

import math

import pytest
from hypothesis import given, settings, strategies as st

from bola8.game.layout import CUE_BALL_CLEARANCE, FROZEN_GAP
from bola8.game.spotting import spot_balls

R = 0.028575
W, L = 1.27, 2.54
SPOT = (W / 2, 3 * L / 4)
LIMITS = dict(foot_spot=SPOT, ball_radius=R, foot_limit=L - R, head_limit=R)


def spot(layout, balls):
    return spot_balls(layout, tuple(balls), **LIMITS)


def no_overlaps(layout):
    items = list(layout.items())
    for i, (a, p) in enumerate(items):
        for b, q in items[i + 1:]:
            assert math.dist(p, q) >= 2 * R - 1e-9, (a, b)


def test_free_foot_spot_takes_the_ball():
    assert spot({0: (0.3, 0.5)}, [5])[5] == SPOT


def test_occupied_spot_sends_the_ball_behind_frozen_to_the_ball_in_the_way():
    placed = spot({3: SPOT}, [5])
    x, y = placed[5]
    assert x == SPOT[0]
    assert y > SPOT[1]                                   # behind: towards the foot cushion
    assert math.dist(placed[5], SPOT) == pytest.approx(2 * R + FROZEN_GAP, abs=1e-9)


def test_several_balls_go_in_numerical_order_lowest_nearest_the_spot():
    placed = spot({9: SPOT}, [2, 7])
    assert SPOT[1] < placed[2][1] < placed[7][1]
    assert placed[7][1] - placed[2][1] == pytest.approx(2 * R + FROZEN_GAP, abs=1e-9)


def test_not_frozen_to_the_cue_ball():
    cue = (SPOT[0], SPOT[1] + 0.01)                      # cue ball sitting on the spot area
    placed = spot({0: cue}, [4])
    gap = math.dist(placed[4], cue) - 2 * R
    assert gap == pytest.approx(CUE_BALL_CLEARANCE, abs=1e-9)
    assert gap > 0


def test_a_ball_beside_the_string_is_touched_where_it_interferes():
    beside = (SPOT[0] + 1.5 * R, SPOT[1] + 0.02)         # off the string but in the way
    placed = spot({6: beside}, [1])
    assert math.dist(placed[1], beside) >= 2 * R
    assert placed[1][0] == SPOT[0]


def test_full_string_behind_continues_in_front_of_the_spot():
    # Fill the long string from the foot spot to the foot cushion.
    layout, y, ball = {}, SPOT[1], 9
    while y <= L - R:
        layout[ball] = (SPOT[0], y)
        y += 2 * R + FROZEN_GAP
        ball += 1
    assert len(layout) <= 15                             # it takes at most 11 balls on a 9-ft table
    layout[2] = (SPOT[0], SPOT[1] - 0.4)                 # a ball further in front, leaving room beyond it
    placed = spot(layout, [3, 4])
    # in front of the spot (towards the head), as close to the spot as possible: frozen to the
    # ball on the spot, then the next one frozen to it
    assert placed[3] == (SPOT[0], pytest.approx(SPOT[1] - (2 * R + FROZEN_GAP), abs=1e-9))
    assert placed[4] == (SPOT[0], pytest.approx(SPOT[1] - 2 * (2 * R + FROZEN_GAP), abs=1e-9))
    no_overlaps(placed)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.floats(R, W - R), st.floats(L / 2, L - R)), min_size=0, max_size=8),
       st.lists(st.integers(1, 15), min_size=1, max_size=4, unique=True))
def test_spotted_balls_never_overlap_and_stay_on_the_string(others, balls):
    layout = {}
    for i, p in enumerate(others):
        if all(math.dist(p, q) >= 2 * R for q in layout.values()):
            layout[100 + i] = p
    placed = spot(layout, sorted(balls))
    no_overlaps(placed)
    for b in balls:
        assert placed[b][0] == SPOT[0]
        assert R <= placed[b][1] <= L - R
