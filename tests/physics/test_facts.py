"""The facts layer (bola8.game.facts): a simulated shot's measurements become the referee's Shot."""

from __future__ import annotations

from bola8 import rules
from bola8.game.facts import FROZEN_GAP, contract_facts, frozen_to_cue_ball, shot_of
from bola8.physics import Strike, simulate_layout, table_spec

from tests.physics.helpers import aim, play

SPEC = table_spec("9ft")
R = SPEC.ball_radius


def test_the_shot_is_built_directly_and_reads_as_its_contract_form():
    balls = {0: (0.635, 1.4), 3: (0.635, 2.2), 5: (R, 1.0)}
    r = play(SPEC, balls, 3.0, 90.0)
    call = rules.Call(3, "foot-left")
    shot = shot_of(r, call, ("slow_play",), before=None)
    assert isinstance(shot, rules.Shot) and shot.call == call and shot.referee_fouls == ("slow_play",)
    assert shot == rules.Shot.from_dict({**contract_facts(r), "call": call.to_dict(), "referee_fouls": ["slow_play"]})
    assert shot.first_contact == 3 and shot.pocketed == tuple(rules.Pocketed(b, p) for b, p, _ in r.pocketed)


def test_a_shot_without_contact_has_no_first_contact_and_no_rail_after_it():
    r = play(SPEC, {0: (0.635, 1.0), 9: (0.2, 2.3)}, 2.0, 0.0)   # across the table, away from the 9
    shot = shot_of(r, before=None)
    assert shot.first_contact is None and shot.rail_after_contact is False and shot.object_balls_to_rail == 0


def test_art18_the_balls_frozen_to_the_cue_ball_are_measured():
    cue = (0.635, 1.0)
    balls = {0: cue, 4: (0.635 + 2 * R, 1.0), 7: (0.635, 1.0 + 2 * R + 10 * FROZEN_GAP), 12: (0.3, 2.0)}
    r = simulate_layout(SPEC, balls, Strike(1.0, aim(cue, (0.3, 2.0))))
    assert frozen_to_cue_ball(r) == (4,)
