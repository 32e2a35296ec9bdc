"""Every refusal of bad input is one sentence in English and in Spanish, naming the same field first.

``str(error)`` stays English (Python users, tracebacks); ``error.text("es")``
is what the commands print by default.
"""

from __future__ import annotations

import ast
import copy
import pathlib
import pickle

import pytest

from bola8.errors import InputError
from bola8.rules.referee_request import answer

SRC = pathlib.Path(__file__).resolve().parents[1] / "src" / "bola8"
BAD_VALUES = (None, True, -1, 99, 2.5, "x", "", [], [1, 1], {}, {"x": 1})

PLAY = {"state": {"groups": ["solids", "stripes"], "on_table": [1, 2, 8, 9], "shooter": 0},
        "shot": {"call": {"ball": 1, "pocket": "side-left"}, "first_contact": 1,
                 "pocketed": [{"ball": 1, "pocket": "side-left"}], "off_table": [],
                 "object_balls_to_rail": 0, "referee_fouls": []}}
BREAK = {"state": {"phase": "break", "cue_ball": "in_hand_behind_head_string", "on_table": list(range(1, 16))},
         "shot": {"first_contact": 1, "pocketed": [{"ball": 0, "pocket": "head-left"}]}}
CHOICE = {"state": {"on_table": list(range(1, 16)), "shooter": 1, "breaker": 0,
                    "decision": {"player": 1, "options": ["accept_table", "rebreak"]}},
          "choice": "accept_table"}
DECLARE = {"state": {"on_table": [1, 8, 9]}, "declare": "forfeit", "player": 0}


def _paths(value, path=()):
    """Every place inside a JSON value: object keys and array items, deepest last."""
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, path + (key,))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _paths(item, path + (i,))


def _set(value, path, new):
    value = copy.deepcopy(value)
    if not path:
        return new
    holder = value
    for step in path[:-1]:
        holder = holder[step]
    holder[path[-1]] = new
    return value


def bad_requests():
    for good in (PLAY, BREAK, CHOICE, DECLARE):
        for path in _paths(good):
            for bad in BAD_VALUES:
                yield _set(good, path, bad)
        yield {**good, "unknown": 1}
        yield {**good, "state": {**good["state"], "unknown": 1}}
    yield {"state": PLAY["state"]}
    yield {"state": PLAY["state"], "shot": PLAY["shot"], "choice": "rebreak"}


def refusals(run, inputs) -> list[InputError]:
    errors = []
    for data in inputs:
        try:
            run(data)
        except InputError as error:
            errors.append(error)
    return errors


def check_bilingual(errors: list[InputError]) -> None:
    assert errors
    for error in errors:
        assert error.en and error.es, error
        assert error.en != error.es, error.en
        assert str(error) == error.en == error.text("en") and error.text("es") == error.es == error.text()
        field = error.en.split(": ", 1)[0]
        assert error.es.startswith(field + ": "), (error.en, error.es)


def test_an_input_error_carries_both_sentences_and_str_is_english():
    error = InputError("shot.call: ball 9 is not on the table.", "shot.call: la bola 9 no está en la mesa.")
    assert str(error) == error.en == error.text("en") == "shot.call: ball 9 is not on the table."
    assert error.text() == error.text("es") == error.es == "shot.call: la bola 9 no está en la mesa."
    again = pickle.loads(pickle.dumps(error))
    assert (again.en, again.es) == (error.en, error.es)


def test_every_refusal_of_the_referee_is_in_both_languages():
    errors = refusals(answer, bad_requests())
    assert len(errors) > 200
    check_bilingual(errors)
    assert len({e.es for e in errors}) > 40       # many different sentences, not one


@pytest.mark.parametrize("where", ["rules"])
def test_no_input_error_in_the_source_is_left_with_one_language(where):
    """Every InputError (or PlacementError) built in src passes the English and the Spanish sentence."""
    paths = [SRC / where] if where.endswith(".py") else sorted((SRC / where).rglob("*.py"))
    one_language = []
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("InputError", "PlacementError")
                    and len(node.args) + len(node.keywords) < 2):
                one_language.append(f"{path.relative_to(SRC)}:{node.lineno}")
    assert not one_language
