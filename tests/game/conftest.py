"""Shared helpers for the game tests: a table, and games set up in a given position."""

from __future__ import annotations

import pytest

from bola8 import rules
from bola8.game import Game
from bola8.game.layout import freeze


@pytest.fixture(scope="session")
def spec():
    from bola8.physics import table_spec

    return table_spec("9ft")


def position(spec, layout, **state) -> Game:
    """A game in the middle of a rack: these balls on the table, this referee state."""
    on_table = sorted(b for b in layout if b != 0)
    data = {"phase": "play", "on_table": on_table, **state}
    return Game(spec=spec, state=rules.State.from_dict(data), balls=freeze(layout))


@pytest.fixture
def at(spec):
    """``at(layout, **state)``: a game in that position on the 9-ft table."""
    return lambda layout, **state: position(spec, layout, **state)
