"""The coach always proposes something: on the 8 with no pot in sight it still names a stroke it has
weighed - a safety, a kick off a cushion - with its chances, at every level."""

from __future__ import annotations

import pytest

from bola8 import rules
from bola8.game import Game
from bola8.game.layout import freeze
from bola8.players.coach import advise

# The shooter (solids) has cleared his group; the 8 sits between two stripes that block every straight
# line and every one-cushion line from the cue ball to it: no pot, no planned safety.
SCREENED_EIGHT = {0: (0.6, 0.5), 8: (0.635, 1.7), 9: (0.60, 1.64), 10: (0.68, 1.645), 13: (0.3, 1.2), 14: (1.0, 1.0)}


def solids_to_shoot(spec, layout) -> Game:
    state = rules.State.from_dict({"phase": "play", "on_table": sorted(b for b in layout if b),
                                   "groups": ["solids", "stripes"]})
    return Game(spec=spec, state=state, balls=freeze(layout))


@pytest.mark.parametrize("level", ["beginner", "champion"])
def test_on_a_screened_eight_the_coach_proposes_a_kick_it_has_weighed(spec, level) -> None:
    from bola8.players.shots import safety_plans

    game = solids_to_shoot(spec, SCREENED_EIGHT)
    assert safety_plans(game) == [] and rules.callable_balls(game.state) == (8,)
    advice = advise(game, level=level)
    safety = advice["safety"]
    assert advice["best"] == "safety" and safety is not None
    assert safety["first_contact"] == 8 and safety["cushion"] in ("head", "foot", "left", "right")
    assert safety["samples"] > 0 and 0.0 <= safety["chance_foul"] <= 1.0 and 0.0 < safety["win_chance"] < 1.0
    assert "off the" in safety["explanation"]["en"] and "por la banda" in safety["explanation"]["es"]
    # the stroke is legal as advised (on the noiseless table)
    from bola8.physics import Strike

    turn = game.play(Strike(**safety["strike"]), None)
    assert not turn.ruling.foul and turn.shot.first_contact == 8


# The 8 walled in by the opponent's balls: nothing the cue ball can reach may be hit first.
WALLED_EIGHT = {0: (0.6, 0.5), 8: (0.635, 1.7), 9: (0.6935, 1.7), 10: (0.6764, 1.7414), 11: (0.635, 1.7585),
                12: (0.5936, 1.7414), 13: (0.5765, 1.7), 14: (0.6, 1.62), 15: (0.67, 1.62)}


def test_with_no_legal_stroke_at_all_it_names_the_foul_that_costs_least(spec) -> None:
    advice = advise(solids_to_shoot(spec, WALLED_EIGHT), level="club")
    safety = advice["safety"]
    assert safety is not None and safety["chance_foul"] == 1.0 and safety["first_contact"] != 8
    assert safety["explanation"]["en"].startswith("No legal stroke is in sight")
    assert safety["explanation"]["es"].startswith("No hay ningún golpe legal a la vista")


# The shooter (solids) has the 3 straight into the foot-right pocket but for the 11, 25 cm along the
# cue ball's line: the champion plans that pot as a jump with the jump cue.
BLOCKED_POT = {0: (0.6, 1.2), 3: (0.9, 2.2), 11: (0.675, 1.45), 8: (0.2, 1.6), 12: (0.2, 0.6), 14: (0.3, 0.3)}


def test_a_jump_is_advised_with_its_cue_and_plays_as_advised(spec) -> None:
    import json

    from bola8.physics import Strike
    from bola8.players.coach import KIND_NAMES
    from bola8.players.shots import SHOT_KINDS

    assert tuple(KIND_NAMES) == SHOT_KINDS          # every kind of called shot has its words
    game = solids_to_shoot(spec, BLOCKED_POT)
    advice = advise(game, level="champion", noise=0.0)
    json.dumps(advice)                              # the answer is the contract's JSON as it is
    jump = next(s for s in advice["suggestions"] if s["kind"] == "jump")
    assert jump["call"] == {"ball": 3, "pocket": "foot-right"} and jump["strike"]["cue"] == "jump"
    assert "jump cue" in jump["explanation"]["en"] and "taco de salto" in jump["explanation"]["es"]
    turn = game.play(Strike.from_dict(jump["strike"]), rules.Call.from_dict(jump["call"]))
    assert turn.shot.first_contact == 3 and not turn.ruling.foul
