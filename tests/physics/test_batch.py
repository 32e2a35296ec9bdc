"""simulate_batch plays each stroke exactly as simulate_layout does (same events, same snapshots)."""

from __future__ import annotations

import numpy as np

from bola8.physics import Strike, simulate_layout
from bola8.physics.batch import simulate_batch

LAYOUT = {0: (0.6, 0.635), 1: (1.6, 0.7), 2: (1.9, 0.3), 8: (2.2, 1.0), 9: (1.2, 1.1)}
STROKES = [
    Strike(3.0, 2.0),                      # into the 1 and on
    Strike(6.5, 10.0, 0.0, 0.3, -0.4),     # hard, side and draw: many cushions
    Strike(0.4, 180.0),                    # soft, away from every ball
    Strike(2.0, 45.0, 30.0, 0.0, 0.5),     # elevated follow
    Strike(4.0, 300.0, 0.0, 0.0, 0.0),
]


def _same(a, b) -> None:
    assert a.numbers == b.numbers and a.start == b.start and a.truncated == b.truncated
    for name in ("ev_t", "ev_type", "ev_i", "ev_j", "ev_o", "snap"):
        assert np.array_equal(getattr(a, name), getattr(b, name)), name
    assert [e.to_dict() for e in a.events] == [e.to_dict() for e in b.events]


def test_batch_equals_one_by_one(spec) -> None:
    batch = simulate_batch(spec, LAYOUT, STROKES)
    assert len(batch) == len(STROKES)
    assert len({len(r.ev_t) for r in batch}) > 1  # the strokes really differ
    for strike, result in zip(STROKES, batch):
        _same(result, simulate_layout(spec, LAYOUT, strike))


def test_batch_of_none_and_of_a_miscue(spec) -> None:
    assert simulate_batch(spec, LAYOUT, []) == []
    miscue = Strike(2.0, 0.0, 0.0, 0.9, 0.0)
    (result,) = simulate_batch(spec, LAYOUT, [miscue])
    _same(result, simulate_layout(spec, LAYOUT, miscue))
