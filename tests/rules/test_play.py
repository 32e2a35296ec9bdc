"""Shots after the break: Art. 2, 5, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19 and 20."""

from __future__ import annotations

import pytest

from bola8.errors import InputError
from bola8.rules import State, callable_balls
from rules_helpers import articles, break_state, call, codes, down, shoot, state

SOLIDS_STRIPES = ["solids", "stripes"]


def grouped(on_table, shooter=0, **fields) -> State:
    return state(groups=SOLIDS_STRIPES, on_table=on_table, shooter=shooter, **fields)


# ---------------------------------------------------------------- Art. 2 / 12a
def test_art2_legal_called_pot_continues():
    ruling, after = shoot(grouped([1, 2, 8, 9]), call=call(1), first_contact=1, pocketed=[down(1)])
    assert not ruling.foul and not ruling.turn_passes and after.shooter == 0
    assert ruling.legally_pocketed == (1,) and after.on_table == (2, 8, 9)
    assert codes(ruling) == ["called_ball_pocketed"] and articles(ruling) == ["12.1"]


def test_art2_1_no_call_passes_the_turn_without_foul():
    ruling, after = shoot(grouped([1, 2, 8, 9]), first_contact=1, rail_after_contact=True)
    assert not ruling.foul and ruling.turn_passes and after.shooter == 1
    assert after.cue_ball == "on_table" and codes(ruling) == ["no_call"] and articles(ruling) == ["2.1"]


def test_art2_1_called_ball_missed_passes_the_turn_without_foul():
    ruling, after = shoot(grouped([1, 2, 8, 9]), call=call(2), first_contact=2, rail_after_contact=True)
    assert not ruling.foul and ruling.turn_passes and codes(ruling) == ["called_ball_missed"]


def test_art2_2_other_balls_pocketed_with_the_called_ball_count_opponents_too():
    ruling, after = shoot(grouped([1, 2, 8, 9, 10]), call=call(1), first_contact=1,
                          pocketed=[down(1), down(2, "side-left"), down(9, "head-left")])
    assert ruling.legally_pocketed == (1, 2, 9) and after.on_table == (8, 10) and after.shooter == 0
    assert "other_balls_count" in codes(ruling)


def test_art2_3_called_ball_missed_own_balls_respotted_opponents_stay_down():
    ruling, after = shoot(grouped([1, 2, 8, 9, 10]), call=call(1), first_contact=1,
                          pocketed=[down(2, "side-left"), down(9, "head-left")])
    assert ruling.respotted == (2,) and 2 in after.on_table and 9 not in after.on_table
    assert ruling.legally_pocketed == () and ruling.turn_passes and not ruling.foul


def test_art2_3_no_call_respots_own_balls_that_dropped():
    ruling, after = shoot(grouped([1, 2, 8, 9], shooter=1), first_contact=9,
                          pocketed=[down(9, "side-left"), down(1)])
    assert ruling.respotted == (9,) and 9 in after.on_table and 1 not in after.on_table


def test_art2_3_open_table_respots_every_ball_that_dropped_by_default():
    ruling, after = shoot(state(), call=call(3), first_contact=3, pocketed=[down(12), down(5, "side-left")])
    assert ruling.respotted == (5, 12) and after.on_table == tuple(range(1, 16))
    assert "open_table_respotted" in codes(ruling) and after.groups is None


def test_art2_3_open_table_respot_setting_off_leaves_them_down():
    from bola8.rules import Shot, get_ruleset, judge

    rules = get_ruleset("spanish").with_settings(open_table_respot=False)
    shot = Shot.from_dict({"call": call(3), "first_contact": 3, "pocketed": [down(12)]})
    ruling, after = judge(state(), shot, ruleset=rules)
    assert ruling.respotted == () and 12 not in after.on_table


def test_art2_4_coin_op_nothing_pocketed_is_respotted():
    ruling, after = shoot(state(ruleset="spanish-coin-op"), call=call(3), first_contact=3,
                          pocketed=[down(12), down(5)])
    assert ruling.respotted == () and 12 not in after.on_table and 5 not in after.on_table
    assert "2.4" in articles(ruling)


def test_art14_1_called_ball_in_another_pocket_is_illegally_pocketed_and_respotted():
    ruling, after = shoot(grouped([1, 2, 8, 9]), call=call(1, "foot-left"), first_contact=1,
                          pocketed=[down(1, "foot-right"), down(9, "side-left")])
    assert not ruling.foul and ruling.turn_passes
    assert ruling.respotted == (1,) and 1 in after.on_table and 9 not in after.on_table
    assert codes(ruling)[0] == "called_ball_wrong_pocket" and articles(ruling)[0] == "14.1"


@pytest.mark.parametrize("data, expected", [
    ({"on_table": list(range(1, 16))}, tuple(b for b in range(1, 16) if b != 8)),
    ({"groups": SOLIDS_STRIPES, "on_table": [2, 5, 8, 9, 14]}, (2, 5)),
    ({"groups": SOLIDS_STRIPES, "on_table": [2, 5, 8, 9, 14], "shooter": 1}, (9, 14)),
    ({"groups": SOLIDS_STRIPES, "on_table": [8, 9, 14]}, (8,)),
    ({"phase": "break", "cue_ball": "in_hand_behind_head_string", "on_table": list(range(1, 16))}, ()),
])
def test_art2_5_callable_balls(data, expected):
    assert callable_balls(State.from_dict(data)) == expected


@pytest.mark.parametrize("data, ball", [
    ({"groups": SOLIDS_STRIPES, "on_table": [2, 8, 9]}, 8),      # the 8 too early
    ({"groups": SOLIDS_STRIPES, "on_table": [2, 8, 9]}, 9),      # an opponent's ball
    ({"groups": SOLIDS_STRIPES, "on_table": [2, 8, 9]}, 3),      # not on the table
    ({"on_table": list(range(1, 16))}, 8),                       # the 8 on an open table
])
def test_art2_5_a_call_the_shooter_may_not_make_is_refused(data, ball):
    with pytest.raises(InputError, match=r"^shot\.call"):
        shoot(State.from_dict(data), call=call(ball), first_contact=2)


# ------------------------------------------------------------- Art. 5 / 11
def test_art5_open_table_hitting_a_stripe_to_pocket_a_solid_assigns_solids():
    ruling, after = shoot(state(shooter=1), call=call(3), first_contact=11, pocketed=[down(3)])
    assert not ruling.foul and after.groups == ("stripes", "solids") and after.shooter == 1
    assert "group_assigned" in codes(ruling) and "11.2" in articles(ruling)


def test_art5_2_open_table_the_eight_may_be_hit_first():
    ruling, after = shoot(state(), call=call(14), first_contact=8, pocketed=[down(14)])
    assert not ruling.foul and after.groups == ("stripes", "solids")


def test_art11_2_group_assigned_by_called_ball_even_if_other_group_drops():
    ruling, after = shoot(state(), call=call(10), first_contact=10, pocketed=[down(10), down(1), down(2)])
    assert after.groups == ("stripes", "solids") and ruling.legally_pocketed == (1, 2, 10)


def test_art11_a_foul_never_assigns_a_group():
    ruling, after = shoot(state(), call=call(10), first_contact=10, pocketed=[down(10), down(0, "side-left")])
    assert ruling.foul and after.groups is None and ruling.respotted == (10,)


# ---------------------------------------------------------------- Art. 10 / 18
def test_art10_hitting_an_opponents_ball_first_is_a_foul():
    ruling, after = shoot(grouped([1, 8, 9]), call=call(1), first_contact=9, pocketed=[down(1)])
    assert ruling.foul and codes(ruling)[0] == "wrong_first_contact"
    assert ruling.respotted == (1,) and after.shooter == 1 and after.cue_ball == "in_hand"


def test_art18_1_the_eight_first_before_clearing_is_a_foul():
    ruling, _ = shoot(grouped([1, 8, 9]), call=call(1), first_contact=8, rail_after_contact=True)
    assert ruling.foul and codes(ruling)[0] == "eight_hit_first" and articles(ruling)[0] == "18.1"


def test_art18_1_combination_via_own_ball_is_allowed():
    ruling, _ = shoot(grouped([1, 2, 8, 9]), call=call(2), first_contact=1, pocketed=[down(2)])
    assert not ruling.foul and ruling.legally_pocketed == (2,)


def test_art10_no_contact_is_a_foul():
    ruling, after = shoot(grouped([1, 8, 9]), call=call(1), first_contact=None)
    assert ruling.foul and codes(ruling)[0] == "no_contact" and after.cue_ball == "in_hand"


def test_art10_no_cushion_and_no_pot_after_contact_is_a_foul():
    ruling, _ = shoot(grouped([1, 8, 9]), call=call(1), first_contact=1, rail_after_contact=False)
    assert ruling.foul and codes(ruling)[0] == "no_rail_after_contact"


def test_art10_a_pot_without_any_cushion_is_legal():
    ruling, _ = shoot(grouped([1, 2, 8, 9]), call=call(1), first_contact=1, pocketed=[down(1)],
                      rail_after_contact=False)
    assert not ruling.foul


def test_art17_a_frozen_ball_staying_on_its_cushion_is_no_rail():
    # Art. 17: the fact rail_after_contact is false for a ball merely frozen to a cushion.
    ruling, _ = shoot(grouped([1, 8, 9]), call=call(1), first_contact=1, rail_after_contact=False)
    assert ruling.foul and "10.1" in articles(ruling)


def test_art10_with_the_group_cleared_the_eight_must_be_hit_first():
    ruling, _ = shoot(grouped([8, 9, 10]), call=call(8), first_contact=9, rail_after_contact=True)
    assert ruling.foul and codes(ruling)[0] == "wrong_first_contact"


# ---------------------------------------------------------- Art. 12b / 13 / 24
@pytest.mark.parametrize("foul, article", [("foot_off_floor", "12.1.d"), ("touched_ball", "12.1.e"),
                                           ("illegal_jump", "12.1.f"), ("team_advice", "12.1.g"),
                                           ("slow_play", "24.1")])
def test_art12_referee_entered_fouls_give_ball_in_hand(foul, article):
    ruling, after = shoot(grouped([1, 2, 8, 9]), call=call(1), first_contact=1, pocketed=[down(1)],
                          referee_fouls=[foul])
    assert ruling.foul and codes(ruling)[0] == foul and articles(ruling)[0] == article
    assert after.shooter == 1 and after.cue_ball == "in_hand" and ruling.respotted == (1,)
    assert "13.1" in articles(ruling)


@pytest.mark.parametrize("facts, code", [({"pocketed": [down(0, "side-left")]}, "cue_ball_pocketed"),
                                         ({"off_table": [0]}, "cue_ball_off_table")])
def test_art12_1_b_cue_ball_down_is_a_foul(facts, code):
    ruling, after = shoot(grouped([1, 8, 9]), call=call(1), first_contact=1, rail_after_contact=True, **facts)
    assert ruling.foul and code in codes(ruling) and "12.1.b" in articles(ruling)
    assert after.cue_ball == "in_hand" and after.shooter == 1


def test_art14_2_foul_own_pocketed_respotted_opponents_stay_down():
    ruling, after = shoot(grouped([1, 2, 8, 9, 10], shooter=1), call=call(9), first_contact=9,
                          pocketed=[down(9), down(2), down(0, "head-left")])
    assert ruling.respotted == (9,) and after.on_table == (1, 8, 9, 10)


def test_art14_3_coin_op_foul_pocketed_balls_stay_down():
    ruling, after = shoot(grouped([1, 2, 8, 9], ruleset="spanish-coin-op"), call=call(1), first_contact=1,
                          pocketed=[down(1), down(0, "head-left")])
    assert ruling.foul and ruling.respotted == () and 1 not in after.on_table


def test_art8_2_kitchen_restriction_applies_after_a_break_foul():
    before = state(shooter=1, cue_ball="in_hand_behind_head_string")
    ruling, after = shoot(before, call=call(3), first_contact=3, pocketed=[down(3)],
                          illegal_first_contact_behind_head_string=True)
    assert ruling.foul and codes(ruling)[0] == "kitchen_first_contact" and articles(ruling)[0] == "8.2"
    assert after.cue_ball == "in_hand" and after.shooter == 0 and after.groups is None


@pytest.mark.parametrize("cue_ball", ["in_hand", "on_table"])
def test_the_kitchen_fact_on_a_cue_ball_not_in_hand_behind_the_head_string_is_refused(cue_ball):
    # RULINGS.md, cases decided later: "illegal_first_contact_behind_head_string on a shot whose cue
    # ball was not in hand behind the head string is such a contradiction - the request is refused
    # naming the field."
    with pytest.raises(InputError, match=r"^shot\.illegal_first_contact_behind_head_string: true, but the cue "
                                         r"ball was not in hand behind the head string") as refused:
        shoot(state(cue_ball=cue_ball), call=call(3), first_contact=3, pocketed=[down(3)],
              illegal_first_contact_behind_head_string=True)
    assert refused.value.text("es").startswith("shot.illegal_first_contact_behind_head_string: es true")
    ruling, _ = shoot(state(cue_ball=cue_ball), call=call(3), first_contact=3, pocketed=[down(3)],
                      illegal_first_contact_behind_head_string=False)
    assert not ruling.foul


def test_the_kitchen_fact_on_the_break_is_no_foul():
    # the break is played from in hand behind the head string, so the fact is no contradiction there;
    # Art. 8.2's foul follows a break foul only
    ruling, _ = shoot(break_state(), first_contact=1, object_balls_to_rail=4,
                      illegal_first_contact_behind_head_string=True)
    assert not ruling.foul and "kitchen_first_contact" not in codes(ruling)


def test_after_a_legal_shot_from_hand_the_cue_ball_is_on_the_table():
    _, after = shoot(state(cue_ball="in_hand"), call=call(3), first_contact=3, pocketed=[down(3)])
    assert after.cue_ball == "on_table"


# ---------------------------------------------------------------- Art. 15 / 16
def test_art15_own_ball_off_table_respotted_opponents_counts_as_pocketed_turn_passes():
    ruling, after = shoot(grouped([1, 2, 8, 9, 10]), call=call(1), first_contact=1, pocketed=[down(1)],
                          off_table=[10, 2])
    assert not ruling.foul and ruling.turn_passes and after.shooter == 1
    assert ruling.respotted == (2,) and after.on_table == (2, 8, 9)
    assert ruling.legally_pocketed == (1,) and "15.1" in articles(ruling)


def test_art15_the_stroke_that_assigns_the_groups_judges_its_jumped_balls_with_them():
    # RULINGS.md, cases decided later: "the legal called pot assigns the groups first, then the jumped
    # balls are judged with them - the shooter's group's are spotted, the opponent's count as pocketed."
    ruling, after = shoot(state(), call=call(1), first_contact=1, pocketed=[down(1)], off_table=[12, 3])
    assert after.groups == ("solids", "stripes") and ruling.turn_passes and not ruling.foul
    assert ruling.respotted == (3,) and 3 in after.on_table and 12 not in after.on_table
    assert ruling.legally_pocketed == (1,) and "object_ball_off_table" in codes(ruling)
    # the same stroke by the other player: he takes the stripes, his 12 comes back, the 3 stays off
    ruling, after = shoot(state(shooter=1), call=call(12), first_contact=12, pocketed=[down(12)],
                          off_table=[3, 10])
    assert after.groups == ("solids", "stripes") and ruling.respotted == (10,)
    assert 10 in after.on_table and 3 not in after.on_table


def test_art15_all_jumped_balls_are_respotted_only_while_the_table_stays_open():
    # "All jumped balls are spotted only when the table is still open after the stroke."
    for facts in ({"call": call(1), "first_contact": 1, "rail_after_contact": True},         # the call missed
                  {"first_contact": 1, "rail_after_contact": True},                         # no call
                  {"call": call(1), "first_contact": 1, "pocketed": [down(1), down(0, "side-left")]}):  # a foul
        ruling, after = shoot(state(), off_table=[12, 3], **facts)
        assert after.groups is None and {3, 12} <= set(ruling.respotted) <= {1, 3, 12}, facts
        assert {3, 12} <= set(after.on_table), facts


def test_art16_several_balls_are_respotted_in_numerical_order():
    ruling, _ = shoot(grouped(list(range(2, 16))), call=call(7), first_contact=7,
                      pocketed=[down(6), down(2), down(0)], off_table=[4])
    assert ruling.respotted == (2, 4, 6)


# ---------------------------------------------------------------- Art. 19 / 20
def test_art19_eight_in_the_called_pocket_after_clearing_wins():
    ruling, after = shoot(grouped([8, 9, 10]), call=call(8, "side-left"), first_contact=8,
                          pocketed=[down(8, "side-left"), down(9, "head-left")])
    assert after.phase == "over" and after.result == "win" and after.winner == 0
    assert not ruling.foul and not ruling.turn_passes and codes(ruling) == ["eight_pocketed_win"]


def test_art20_1_a_foul_when_pocketing_the_eight_loses():
    ruling, after = shoot(grouped([8, 9]), call=call(8), first_contact=8, pocketed=[down(8)],
                          referee_fouls=["touched_ball"])
    assert ruling.foul and after.winner == 1 and "20.1.a" in articles(ruling)


def test_art20_1_b_eight_with_the_last_ball_of_the_group_loses():
    ruling, after = shoot(grouped([1, 8, 9]), call=call(1), first_contact=1,
                          pocketed=[down(1), down(8, "side-right")])
    assert after.winner == 1 and articles(ruling) == ["20.1.b"]


def test_art20_1_c_eight_off_the_table_loses():
    ruling, after = shoot(grouped([1, 8, 9]), call=call(1), first_contact=1, off_table=[8],
                          rail_after_contact=True)
    assert not ruling.foul and after.winner == 1 and articles(ruling) == ["20.1.c"]


def test_art20_1_d_eight_in_another_pocket_loses():
    ruling, after = shoot(grouped([8, 9]), call=call(8, "side-left"), first_contact=8,
                          pocketed=[down(8, "foot-right")])
    assert after.winner == 1 and articles(ruling) == ["20.1.d"] and codes(ruling) == ["eight_wrong_pocket"]


def test_art19_1_eight_without_a_called_pocket_loses():
    ruling, after = shoot(grouped([8, 9]), first_contact=8, pocketed=[down(8, "foot-right")])
    assert after.winner == 1 and codes(ruling) == ["eight_pocket_not_called"]


def test_art20_1_e_eight_while_group_balls_remain_loses():
    ruling, after = shoot(grouped([1, 2, 8, 9]), call=call(1), first_contact=1,
                          pocketed=[down(1), down(8, "side-right")])
    assert after.winner == 1 and articles(ruling) == ["20.1.e"]


def test_art20_1_e_eight_on_an_open_table_loses():
    ruling, after = shoot(state(shooter=1), call=call(3), first_contact=8, pocketed=[down(3), down(8)])
    assert after.winner == 0 and "eight_pocketed_early" in codes(ruling)


def test_art20_1_f_eight_and_cue_ball_lose():
    ruling, after = shoot(grouped([8, 9]), call=call(8), first_contact=8,
                          pocketed=[down(8), down(0, "side-left")])
    assert ruling.foul and after.winner == 1
    assert {"20.1.a", "20.1.f"} <= set(articles(ruling))


def test_art20_a_foul_on_the_eight_that_leaves_it_on_the_table_is_an_ordinary_foul():
    ruling, after = shoot(grouped([8, 9]), call=call(8), first_contact=8, pocketed=[down(0)])
    assert ruling.foul and after.phase == "play" and after.shooter == 1 and after.cue_ball == "in_hand"


def test_art20_loss_state_is_over_with_one_result():
    _, after = shoot(grouped([1, 8, 9]), call=call(1), first_contact=1, off_table=[8])
    assert (after.phase, after.result, after.decision) == ("over", "win", None)
    with pytest.raises(InputError, match="over"):
        shoot(after, first_contact=1)


def test_coin_op_open_table_with_only_the_eight_left_calls_the_eight():
    # Decision where RULINGS.md is silent: both groups are cleared, the 8 is the ball to call.
    before = state(ruleset="spanish-coin-op", on_table=[8], shooter=1)
    assert callable_balls(before) == (8,)
    ruling, after = shoot(before, call=call(8), first_contact=8, pocketed=[down(8)])
    assert after.winner == 1 and after.result == "win"


def test_object_balls_to_rail_only_matters_on_the_break():
    ruling, _ = shoot(grouped([1, 2, 3, 4, 8, 9]), call=call(1), first_contact=1, object_balls_to_rail=4)
    assert ruling.foul and codes(ruling)[0] == "no_rail_after_contact"


# ---------------------------------------------------------------- Art. 18 (internal 18b)
# The fact "cue_ball_frozen_to" lists the balls the cue ball touched when the stroke began.
def test_art18_2_cue_ball_frozen_to_own_ball_pushing_through_it_is_legal():
    ruling, after = shoot(grouped([1, 8, 9]), call=call(1), first_contact=1, pocketed=[down(1)],
                          cue_ball_frozen_to=[1])
    assert not ruling.foul and ruling.legally_pocketed == (1,) and after.shooter == 0
    ruling, _ = shoot(grouped([1, 2, 8, 9]), call=call(1), first_contact=1, rail_after_contact=True,
                      cue_ball_frozen_to=[1, 9])
    assert not ruling.foul and codes(ruling) == ["called_ball_missed"]


def test_art18_3_cue_ball_frozen_to_an_opponents_ball_driving_into_it_is_an_art18_foul():
    ruling, after = shoot(grouped([1, 8, 9]), call=call(1), first_contact=9, rail_after_contact=True,
                          cue_ball_frozen_to=[9])
    assert ruling.foul and (codes(ruling)[0], articles(ruling)[0]) == ("frozen_opponent_ball_driven_into", "18.3")
    assert "wrong_first_contact" not in codes(ruling)
    assert after.shooter == 1 and after.cue_ball == "in_hand"
    # The same first contact without the cue ball frozen to it is Art. 10's foul, not Art. 18's.
    ruling, _ = shoot(grouped([1, 8, 9]), call=call(1), first_contact=9, rail_after_contact=True,
                      cue_ball_frozen_to=[1])
    assert (codes(ruling)[0], articles(ruling)[0]) == ("wrong_first_contact", "10.1")


def test_art18_3_frozen_to_an_opponents_ball_playing_away_from_it_is_legal():
    ruling, _ = shoot(grouped([1, 8, 9]), call=call(1), first_contact=1, pocketed=[down(1)],
                      cue_ball_frozen_to=[9])
    assert not ruling.foul and ruling.legally_pocketed == (1,)


def test_art18_3_the_penalty_is_art18_2s_own_ball_respotted_the_opponents_down_ball_in_hand():
    ruling, after = shoot(grouped([1, 2, 8, 9, 10]), call=call(2), first_contact=9,
                          pocketed=[down(1), down(10, "side-left")], cue_ball_frozen_to=[9])
    assert ruling.foul and codes(ruling)[0] == "frozen_opponent_ball_driven_into"
    assert ruling.respotted == (1,) and after.on_table == (1, 2, 8, 9)
    assert after.shooter == 1 and after.cue_ball == "in_hand"


def test_art18_4_frozen_to_the_eight_with_balls_left_is_a_foul_as_in_18_3():
    ruling, after = shoot(grouped([1, 8, 9]), call=call(1), first_contact=8, rail_after_contact=True,
                          cue_ball_frozen_to=[8])
    assert ruling.foul and (codes(ruling)[0], articles(ruling)[0]) == ("frozen_eight_driven_into", "18.4")
    assert after.phase == "play" and after.cue_ball == "in_hand"


def test_art18_4_frozen_to_the_eight_as_the_last_ball_is_played_as_18_2():
    ruling, after = shoot(grouped([8, 9]), call=call(8, "side-left"), first_contact=8,
                          pocketed=[down(8, "side-left")], cue_ball_frozen_to=[8])
    assert not ruling.foul and (after.result, after.winner) == ("win", 0)


def test_art18_on_an_open_table_every_frozen_ball_may_be_driven_into():
    ruling, _ = shoot(state(on_table=[1, 8, 9]), call=call(9), first_contact=8, rail_after_contact=True,
                      cue_ball_frozen_to=[8])
    assert not ruling.foul


def test_art18_the_fact_is_read_checked_and_written_only_when_present():
    from bola8.rules import Shot

    shot = Shot.from_dict({"first_contact": 9, "pocketed": [], "cue_ball_frozen_to": [9, 1]})
    assert shot.cue_ball_frozen_to == (9, 1) and shot.to_dict()["cue_ball_frozen_to"] == [9, 1]
    assert "cue_ball_frozen_to" not in Shot.from_dict({"first_contact": 9, "pocketed": []}).to_dict()
    with pytest.raises(InputError, match=r"^shot\.cue_ball_frozen_to\[1\]: ball 9 is listed twice\.$"):
        Shot.from_dict({"first_contact": 9, "pocketed": [], "cue_ball_frozen_to": [9, 9]})
    with pytest.raises(InputError, match=r"^shot\.cue_ball_frozen_to\[0\]: expected an integer"):
        Shot.from_dict({"first_contact": 9, "pocketed": [], "cue_ball_frozen_to": ["9"]})
    with pytest.raises(InputError, match=r"^shot\.cue_ball_frozen_to\[0\]: 0 is out of range"):
        Shot.from_dict({"first_contact": 9, "pocketed": [], "cue_ball_frozen_to": [0]})
    with pytest.raises(InputError, match=r"^shot\.cue_ball_frozen_to\[0\]: ball 4 is not on the table\.$"):
        shoot(grouped([1, 8, 9]), first_contact=1, rail_after_contact=True, cue_ball_frozen_to=[4])


def test_art1_3_the_win_is_decided_in_its_article_alone(monkeypatch):
    import bola8.rules.play_shot as play_shot

    winning = {"call": call(8, "side-left"), "first_contact": 8, "pocketed": [down(8, "side-left")]}
    _, after = shoot(grouped([8, 9]), **winning)
    assert (after.result, after.winner) == ("win", 0)
    monkeypatch.setattr(play_shot, "art_1_3_wins", lambda state, shot, fouls: False)
    _, after = shoot(grouped([8, 9]), **winning)
    assert after.result != "win"


def test_art2_5_with_groups_the_balls_to_call_are_the_balls_to_hit_first():
    from bola8.rules import legal_first_contacts

    for on_table in ([1, 2, 8, 9], [8, 9, 10], [8, 9]):
        for shooter in (0, 1):
            before = grouped(on_table, shooter=shooter)
            assert callable_balls(before) == legal_first_contacts(before)


@pytest.mark.parametrize("before, expected", [
    # Art. 5.1-5.2: on an open table any object ball, the 8 included.
    (dict(on_table=[1, 8, 9, 15]), (1, 8, 9, 15)),
    # Art. 10.1: with groups, one's own group (player 0 solids, player 1 stripes) ...
    (dict(groups=["solids", "stripes"], on_table=[1, 2, 8, 9]), (1, 2)),
    (dict(groups=["solids", "stripes"], on_table=[1, 2, 8, 9], shooter=1), (9,)),
    # ... and once it is cleared, only the 8 (Art. 18.1).
    (dict(groups=["solids", "stripes"], on_table=[8, 9]), (8,)),
    # No shot is judged against it on the break, with a decision pending, or when the game is over.
    (dict(phase="break", cue_ball="in_hand_behind_head_string", on_table=list(range(1, 16))), ()),
    (dict(on_table=[1, 8, 9], shooter=1, decision={"player": 1, "options": ["accept_table", "rebreak"]}), ()),
    (dict(phase="over", result="win", winner=0, on_table=[9]), ()),
])
def test_art5_art10_legal_first_contacts_as_the_rules_list_them(before, expected):
    from bola8.rules import legal_first_contacts

    assert legal_first_contacts(State.from_dict(before)) == expected


def test_art15_1_an_opponents_ball_off_the_table_ends_the_turn_after_a_legal_pot():
    # Found by the property tests: only the shooter's (re-spotted) jumped balls used to end the turn.
    ruling, after = shoot(grouped([1, 2, 8, 9, 10]), call=call(1), first_contact=1, pocketed=[down(1)],
                          off_table=[10])
    assert not ruling.foul and ruling.turn_passes and after.shooter == 1 and not after.called_this_turn
    assert ruling.respotted == () and after.on_table == (2, 8, 9) and ruling.legally_pocketed == (1,)
    assert "object_ball_off_table" in codes(ruling) and "called_ball_pocketed" not in codes(ruling)
