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
    # several breaks: the strokes that do not fit go into new arrays (batch.play_span's pieces)
    breaks = [Strike(speed, 90.0 + 0.3 * k, 0.0, 0.0, 0.1 * k) for k, speed in enumerate((8.0, 6.5, 9.0, 7.0))]
    for whole, threaded in zip([simulate_layout(spec, balls, s) for s in breaks], simulate_batch(spec, balls, breaks),
                               strict=True):
        _same(whole, threaded)


# Enough strokes for several spans (batch.spans): the threads really share the batch.
MANY = [Strike(0.5 + 0.25 * (k % 23), 7.0 * k, 0.0, 0.02 * (k % 11) - 0.1, 0.3 - 0.03 * (k % 19)) for k in range(40)]


def test_a_batch_on_two_workers_equals_one_by_one_in_every_record(spec) -> None:
    from bola8.physics.batch import spans

    assert len(spans(len(MANY), 2)) > 1
    alone = [simulate_layout(spec, LAYOUT, strike) for strike in MANY]
    for whole, threaded in zip(alone, simulate_batch(spec, LAYOUT, MANY, workers=2)):
        _same(whole, threaded)
    for record in ("events", "final"):
        one = simulate_batch(spec, LAYOUT, MANY, record=record)           # type: ignore[call-overload]
        two = simulate_batch(spec, LAYOUT, MANY, record=record, workers=2)  # type: ignore[call-overload]
        for a, b in zip(one, two, strict=True):
            assert a.final == b.final and a.truncated == b.truncated and a.strike == b.strike
            if record == "events":
                for name in ("ev_t", "ev_type", "ev_i", "ev_j", "ev_o"):
                    assert np.array_equal(getattr(a, name), getattr(b, name)), name
            else:
                assert (a.event_count, a.dropped, a.off_table) == (b.event_count, b.dropped, b.off_table)


def test_the_spans_cover_every_stroke_once_in_order() -> None:
    from bola8.physics.batch import MIN_SPAN, spans

    for count in (0, 1, MIN_SPAN - 1, 2 * MIN_SPAN, 500):
        for workers in (1, 2, 3, 8):
            cut = spans(count, workers)
            assert cut[0][0] == 0 and cut[-1][1] == count
            assert all(a == b for (_, a), (b, _) in zip(cut, cut[1:]))
            assert len(cut) == 1 or min(b - a for a, b in cut) >= MIN_SPAN


def test_a_batch_refuses_a_number_of_workers_that_is_not_a_whole_number_from_one() -> None:
    import pytest

    from bola8.errors import InputError
    from bola8.physics import table_spec

    for bad in (0, -1, 1.5, True, "2", np.int64(0)):
        with pytest.raises(InputError, match="workers: .* is not a whole number of threads of at least 1"):
            simulate_batch(table_spec("9ft"), LAYOUT, STROKES, workers=bad)  # type: ignore[call-overload]
    assert len(simulate_batch(table_spec("9ft"), LAYOUT, STROKES, workers=np.int64(2))) == len(STROKES)


def test_a_process_forked_after_a_threaded_batch_plays_its_own(spec) -> None:
    # the arena forks its workers from a process that may have played threaded batches: the child has
    # none of the pool's threads and must not wait for them
    import multiprocessing

    simulate_batch(spec, LAYOUT, MANY, record="final", workers=2)
    context = multiprocessing.get_context("fork")
    answers = context.Queue()
    child = context.Process(target=_final_counts, args=(spec, answers))
    child.start()
    try:
        ends = answers.get(timeout=60)
    finally:
        child.kill()
        child.join()
    assert ends == [end.event_count for end in simulate_batch(spec, LAYOUT, MANY, record="final")]


def _final_counts(spec, answers) -> None:
    answers.put([end.event_count for end in simulate_batch(spec, LAYOUT, MANY, record="final", workers=2)])
