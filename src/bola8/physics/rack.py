"""Art. 3: the triangle. Apex on the foot spot, rows towards the foot cushion,
the 8 in the middle of the third row, the two back corners one solid and one
stripe, every other place random, reproducible from ``random.Random(seed)``.

Neighbouring balls are placed 2R + ``RACK_GAP`` apart (RACK_GAP = 1e-6 m) so
that no two balls overlap in floating point and the break's first contacts
are well defined.
"""

from __future__ import annotations

import math
import random

RACK_GAP = 1e-6


def rack_positions(table) -> list[tuple[float, float]]:
    """The 15 places, row by row from the apex (row k has k + 1 places, left to right)."""
    d = 2.0 * table.ball_radius + RACK_GAP
    fx, fy = table.foot_spot
    places = []
    for row in range(5):
        for j in range(row + 1):
            places.append((fx + (j - row / 2.0) * d, fy + row * d * math.sqrt(3.0) / 2.0))
    return places


def rack(table, seed: int) -> dict[int, tuple[float, float]]:
    rng = random.Random(seed)
    places = rack_positions(table)
    centre, back_left, back_right = 4, 10, 14   # row 3 middle; row 5 ends
    solid = rng.choice(range(1, 8))
    stripe = rng.choice(range(9, 16))
    if rng.random() < 0.5:
        corners = (solid, stripe)
    else:
        corners = (stripe, solid)
    rest = [b for b in range(1, 16) if b not in (8, solid, stripe)]
    rng.shuffle(rest)
    out: dict[int, tuple[float, float]] = {8: places[centre], corners[0]: places[back_left],
                                           corners[1]: places[back_right]}
    it = iter(rest)
    for index, place in enumerate(places):
        if index not in (centre, back_left, back_right):
            out[next(it)] = place
    return dict(sorted(out.items()))
