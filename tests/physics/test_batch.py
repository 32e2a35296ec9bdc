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


def test_the_events_record_keeps_the_events_and_the_final_layout(spec) -> None:
    full = simulate_batch(spec, LAYOUT, STROKES)
    for whole, light in zip(full, simulate_batch(spec, LAYOUT, STROKES, record="events")):
        for name in ("ev_t", "ev_type", "ev_i", "ev_j", "ev_o"):
            assert np.array_equal(getattr(whole, name), getattr(light, name)), name
        assert light.final == whole.final and light.pocketed == whole.pocketed
        assert [e.to_dict() for e in light.events] == [e.to_dict() for e in whole.events]


def test_the_final_record_keeps_where_the_balls_stopped(spec) -> None:
    strokes = STROKES + [Strike(5.0, 0.0, 0.0, 0.0, 0.0)]
    full = simulate_batch(spec, LAYOUT, strokes)
    ends = simulate_batch(spec, LAYOUT, strokes, record="final")
    for whole, end in zip(full, ends):
        assert end.final == whole.final and end.event_count == len(whole.ev_t)
        assert end.dropped == tuple(sorted(b for b, _, _ in whole.pocketed))
        assert end.off_table == tuple(sorted(whole.off_table)) and end.truncated == whole.truncated


def test_an_unknown_record_is_refused(spec) -> None:
    import pytest

    from bola8.errors import InputError

    with pytest.raises(InputError, match="record: 'snapshots' is not one of final, events, trajectories"):
        simulate_batch(spec, LAYOUT, STROKES, record="snapshots")   # type: ignore[call-overload]


def test_a_long_stroke_grows_the_record_past_its_first_capacity(spec) -> None:
    from bola8.game.racking import rack
    from bola8.physics.engine import FIRST_CAPACITY

    balls = dict(rack(spec, 1))
    balls[0] = (spec.width / 2.0, spec.head_string_y)
    result = simulate_layout(spec, balls, Strike(8.0, 90.0))
    assert len(result.ev_t) > 2 * FIRST_CAPACITY
    (again,) = simulate_batch(spec, balls, [Strike(8.0, 90.0)])
    _same(result, again)
