"""Balls in the air on the simulated table, judged through Game.play: off the table (Art. 15, 20.1.c, 12.1.b),
a legal jump and a scoop (Art. 12.1.f). The referee is unchanged: the facts layer reports what flew where."""

from __future__ import annotations

import math

from bola8 import rules
from bola8.game.facts import contract_facts, jump_of
from bola8.physics import Strike

# the rising cue ball strikes the object ball, drives it into the slate, and it bounces over the foot cushion
LIFT = {0: (0.635, 1.932), "ob": (0.635, 2.139)}
LIFT_STROKE = Strike(5.39, 90.0, 41.7, 0.0, 0.16)


def _others(*skip):
    """Balls parked out of the way, by the head cushion: one of each group and the 8 unless skipped."""
    spots = {1: (0.15, 0.2), 9: (0.35, 0.2), 8: (0.55, 0.2), 10: (0.75, 0.2)}
    return {b: p for b, p in spots.items() if b not in skip}


def _aim(frm, to):
    return math.degrees(math.atan2(to[1] - frm[1], to[0] - frm[0]))


def _jump_layout(spec):
    """The cue ball, a blocking ball on its line and the 3, which lies on the line to the foot-left pocket."""
    pocket = spec.pocket_mouths["foot-left"]
    ob = (0.25, 2.15)
    d = math.dist(ob, pocket)
    u = ((ob[0] - pocket[0]) / d, (ob[1] - pocket[1]) / d)
    return {0: (ob[0] + u[0] * 0.9, ob[1] + u[1] * 0.9), 12: (ob[0] + u[0] * 0.55, ob[1] + u[1] * 0.55), 3: ob}, \
        (ob[0] + u[0] * 1.1, ob[1] + u[1] * 1.1), (ob[0] + u[0] * 0.6, ob[1] + u[1] * 0.6)


def test_an_object_ball_driven_off_the_table_is_respotted_and_ends_the_turn_art_15(at, spec):
    game = at({0: LIFT[0], 3: LIFT["ob"], **_others()}, groups=["solids", "stripes"])
    turn = game.play(LIFT_STROKE, rules.Call(3, "foot-left"))
    exit_ = turn.simulation.exits[0]
    assert (exit_.ball, exit_.side) == (3, "foot") and exit_.z >= spec.cushion_height   # over the nose
    assert turn.shot.off_table == (3,) and turn.shot.first_contact == 3
    codes = [r.code for r in turn.ruling.reasons]
    assert "object_ball_off_table" in codes and not turn.ruling.foul
    assert turn.ruling.respotted == (3,) and turn.game.state.shooter == 1      # his own ball: spotted, turn over
    assert turn.game.layout[3] == spec.foot_spot
    assert contract_facts(turn.simulation)["off_table"] == [3]


def test_the_eight_driven_off_the_table_loses_the_game_art_20_1_c(at):
    game = at({0: LIFT[0], 8: LIFT["ob"], **_others(8)}, groups=["solids", "stripes"])
    turn = game.play(LIFT_STROKE, rules.Call(1, "head-left"))
    assert turn.shot.off_table == (8,)
    assert "eight_off_table" in [r.code for r in turn.ruling.reasons]
    assert turn.game.state.winner == 1 and turn.game.is_over


def test_the_cue_ball_off_the_table_is_a_foul_art_12_1_b(at):
    game = at({0: (0.635, 2.2), **_others()}, groups=["solids", "stripes"])
    turn = game.play(Strike(6.0, 90.0, 40.0))                # over the foot cushion, touching nothing
    assert turn.simulation.off_table == (0,) and turn.simulation.exits[0].side == "foot"
    assert turn.ruling.foul and "cue_ball_off_table" in [r.code for r in turn.ruling.reasons]
    assert turn.game.cue_in_hand and 0 not in turn.game.layout and turn.game.state.shooter == 1


def test_a_legal_jump_over_a_blocking_ball_pockets_the_called_ball(at, spec):
    layout, _, _ = _jump_layout(spec)
    game = at({**layout, **_others()}, groups=["solids", "stripes"])
    strike = Strike(3.75, _aim(layout[0], layout[3]), 40.0)   # struck above centre (tip height > 0)
    assert strike.tip_height() > 0.0
    turn = game.play(strike, rules.Call(3, "foot-left"))
    assert jump_of(turn.simulation) == "legal"
    assert turn.shot.first_contact == 3 and turn.shot.pocketed_balls == (3,)   # cleared the 12, then the 3
    assert not turn.ruling.foul and turn.shot.referee_fouls == ()
    assert [r.code for r in turn.ruling.reasons] == ["called_ball_pocketed"] and turn.game.state.shooter == 0


def test_a_scooped_jump_is_a_foul_art_12_1_f(at, spec):
    layout, cue, blocker = _jump_layout(spec)
    layout = {**layout, 0: cue, 12: blocker}
    game = at({**layout, **_others()}, groups=["solids", "stripes"])
    strike = Strike(5.5, _aim(cue, layout[3]), 20.0, 0.0, -0.45)   # struck below centre: a scoop
    assert strike.tip_height() < 0.0
    turn = game.play(strike, rules.Call(3, "foot-left"))
    assert jump_of(turn.simulation) == "scoop" and turn.shot.pocketed_balls == (3,)
    assert turn.shot.referee_fouls == ("illegal_jump",)
    assert turn.ruling.foul and "illegal_jump" in [r.code for r in turn.ruling.reasons]
    assert turn.game.state.shooter == 1 and turn.game.cue_in_hand
    assert 3 in turn.game.layout                       # his ball, pocketed on a foul: spotted again (Art. 14)


def test_a_hop_that_flies_over_nothing_is_no_jump(at):
    # an elevated draw shot hops but passes over no ball: no jump for Art. 12.1.f, whatever the tip height
    game = at({0: (0.635, 0.8), 3: (0.635, 1.6), **_others()}, groups=["solids", "stripes"])
    turn = game.play(Strike(3.0, 90.0, 15.0, 0.0, -0.4), rules.Call(3, "foot-left"))
    assert any(e.type == "land" for e in turn.simulation.events)
    assert jump_of(turn.simulation) is None and turn.shot.referee_fouls == ()


def test_the_diagram_marks_where_a_ball_left_the_table(at, spec):
    from bola8.game.render import render_shot

    game = at({0: LIFT[0], 3: LIFT["ob"], **_others()}, groups=["solids", "stripes"])
    turn = game.play(LIFT_STROKE, rules.Call(3, "foot-left"))
    for lang, caption in (("es", "Fuera de la mesa (x: por donde salió): 3 (banda de pie)"),
                          ("en", "Off the table (x: where it left): 3 (foot cushion)")):
        svg = render_shot(spec, game.layout, turn.simulation, title="#1", call=turn.call, ruling=turn.ruling,
                          lang=lang, after=turn.game.layout)
        assert svg.count('class="off-table" data-ball="3"') == 1 and caption in svg


def test_the_jump_cue_clears_a_blocker_the_playing_cue_cannot_at_45_degrees(at, spec):
    # at 45 degrees the heavy playing cue traps the ball against the slate; the light jump cue lets it jump
    layout, _, _ = _jump_layout(spec)
    game = at({**layout, **_others()}, groups=["solids", "stripes"])
    aim = _aim(layout[0], layout[3])
    blocked = game.play(Strike(3.0, aim, 45.0), rules.Call(3, "foot-left"))
    assert jump_of(blocked.simulation) is None and blocked.shot.first_contact == 12
    jumped = game.play(Strike(3.0, aim, 45.0, cue="jump"), rules.Call(3, "foot-left"))
    assert jump_of(jumped.simulation) == "legal" and jumped.shot.first_contact == 3
    assert jumped.shot.pocketed_balls == (3,) and not jumped.ruling.foul and jumped.strike.cue == "jump"
