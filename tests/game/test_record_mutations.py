"""A mutation sweep over a record's fields: replay and render answer every mutated record - a report or
one InputError - and never crash.

3,000 seeded mutations of a short real record (header, lag, rack, placement, three shots, the ends):
a field (at any depth) replaced by a value of another kind, a huge number, a long string, a deep
nesting; a field deleted; a field added; a line's text cut. The strokes are simulated once each
(a cache in front of the simulator) and one mutated record in 50 is drawn as SVG (the others go
through everything render checks - the replay up to the shot - but not the drawing of its paths),
so the sweep takes seconds while every mutated record goes through the reader, the replay and
render's checks in full.
"""

from __future__ import annotations

import copy
import functools
import json
import random

import pytest
from records_helpers import index_of, json_lines, record_match

from bola8.errors import InputError
from bola8.game.record_reader import parse_line
from bola8.game.recorded_shots import render_recorded_shot, replayed_shot
from bola8.game.replay import replay

MUTATIONS = 3000
HUGE_INT = "7" * 5000          # written as text: Python refuses to print an int this long
VALUES: list[object] = [None, True, False, 0, -1, 1, 2, 16, 1.5, -0.0, 1e308, 10 ** 400, "", "x", "0", "15",
                        "spanish", "shot", [], [1, 2], [[0.5, 0.5]], {}, {"code": "x"}, {"0": [0.5, 0.5]},
                        "x" * 5000, "\ud800", HUGE_INT]


@pytest.fixture(scope="module")
def short_record(tmp_path_factory):
    lines = json_lines(record_match(tmp_path_factory.mktemp("sweep") / "m.jsonl", seed=3))
    return lines[:index_of(lines, "shot", 2) + 1] + lines[-2:]


@pytest.fixture
def cached_simulator(monkeypatch):
    """Each stroke simulated once: the same layout and strike give the same (immutable) result."""
    import bola8.physics as physics

    real = physics.simulate_layout

    @functools.lru_cache(maxsize=None)
    def cached(spec, balls, strike, settings):
        return real(spec, dict(balls), strike, settings)

    def simulate_layout(spec, balls, strike, settings=None):
        return cached(spec, tuple(sorted(balls.items())), strike, settings)

    monkeypatch.setattr(physics, "simulate_layout", simulate_layout)
    import bola8.game.lag as lag

    if hasattr(lag, "simulate_layout"):
        monkeypatch.setattr(lag, "simulate_layout", simulate_layout)


def _paths(value, prefix=()):
    """Every field of a line, at every depth: (key, key, ...) tuples."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield prefix + (key,)
            yield from _paths(item, prefix + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield prefix + (index,)
            yield from _paths(item, prefix + (index,))


def _text(line) -> str:
    text = json.dumps(line, ensure_ascii=False)
    return text.replace('"@HUGE@"', HUGE_INT)


def _mutate(lines, texts, rng):
    """The record's lines as text, one of them mutated (the others as they were: ``texts``)."""
    i = rng.randrange(len(lines))
    lines = list(lines)
    lines[i] = copy.deepcopy(lines[i])
    paths = [p for p in _paths(lines[i]) if p != ("type",)] or [("type",)]
    where = rng.choice(paths)
    holder = lines[i]
    for step in where[:-1]:
        holder = holder[step]
    kind = rng.random()
    if kind < 0.7:
        value = rng.choice(VALUES)
        holder[where[-1]] = "@HUGE@" if value is HUGE_INT else value
    elif kind < 0.8 and isinstance(holder, dict):
        del holder[where[-1]]
    elif kind < 0.9 and isinstance(holder, dict):
        holder[rng.choice(["extra", "0", "player", "_line"])] = rng.choice(VALUES[:12])
    else:
        holder[where[-1]] = json.loads("[" * 30 + "]" * 30)
    texts = list(texts)
    texts[i] = _text(lines[i])
    if rng.random() < 0.05:
        j = rng.randrange(len(texts))
        texts[j] = texts[j][:rng.randrange(len(texts[j]) + 1)]
    return texts


def _answers(texts, parsed, draw: bool) -> str:
    """What replay and render make of a record given as its lines' text: every failure is an InputError.

    ``parsed`` keeps the lines already read (replay and render never change a line): only the mutated
    line is read again. ``draw``: render the SVG too, not only the replayed shot it draws.
    """
    try:
        lines = []
        for number, text in enumerate(texts, start=1):
            key = (text, number, not lines)
            if key not in parsed:
                parsed[key] = parse_line(text.encode("utf-8", "surrogatepass"), number, first=not lines)
            if parsed[key] is not None:
                lines.append(parsed[key])
    except InputError as error:
        assert error.en and error.es and len(error.en) < 2000, error.en
        return "refused"
    answer = "read"
    shot = 1 + len(texts[-1]) % 3
    render = render_recorded_shot if draw else replayed_shot
    for step in (lambda: replay(lines), lambda: render(lines, shot)):
        try:
            step()
        except InputError as error:
            assert error.en and error.es and len(error.en) < 2000, error.en
            answer += "+refused"
    return answer


@pytest.mark.slow
def test_no_mutated_record_makes_replay_or_render_crash(short_record, cached_simulator):
    rng = random.Random(20261203)
    seen: dict[str, int] = {}
    texts = [_text(line) for line in short_record]
    parsed: dict = {}
    for case in range(MUTATIONS):
        answer = _answers(_mutate(short_record, texts, rng), parsed, draw=case % 50 == 0)
        seen[answer] = seen.get(answer, 0) + 1
    # the sweep reaches every stage: refused by the reader, by the replay, by the render, and played
    assert seen.get("refused", 0) > 300 and seen.get("read", 0) > 100, seen
    assert seen.get("read+refused+refused", 0) + seen.get("read+refused", 0) > 100, seen
