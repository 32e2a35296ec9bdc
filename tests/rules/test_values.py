"""The contract's values: defaults, validation at the edge, lossless JSON, frozen equality."""

from __future__ import annotations

import dataclasses
import json

import pytest

from bola8.errors import InputError
from bola8.rules import (CUE, EIGHT, POCKETS, RULESETS, SOLIDS, STRIPES, Call, Decision, Group, Reason,
                         Ruling, Ruleset, Shot, State, check_consistent, decide, declare, get_ruleset, judge)
from rules_helpers import ALL, BREAK as BREAK_STATE


def test_names():
    assert (CUE, EIGHT, SOLIDS, STRIPES) == (0, 8, (1, 2, 3, 4, 5, 6, 7), (9, 10, 11, 12, 13, 14, 15))
    assert POCKETS == ("head-left", "head-right", "side-left", "side-right", "foot-left", "foot-right")
    assert Group("solids") is Group.SOLIDS and Group.STRIPES == "stripes"
    assert set(RULESETS) == {"spanish", "spanish-coin-op"}


def test_coin_op_differs_only_in_its_settings():
    spanish, coin_op = get_ruleset("spanish"), get_ruleset("spanish-coin-op")
    assert dataclasses.replace(coin_op, name="spanish", respot_pocketed=True, eight_on_break="choice") == spanish


def test_unknown_ruleset_is_refused():
    with pytest.raises(InputError, match="^ruleset"):
        get_ruleset("wpa")


def test_state_defaults_are_the_contracts():
    assert State.from_dict({"on_table": ALL}).to_dict() == {
        "ruleset": "spanish", "phase": "play", "shooter": 0, "breaker": 0, "groups": None,
        "on_table": ALL, "cue_ball": "on_table", "decision": None, "turns_without_attempt": 0,
        "called_this_turn": False, "winner": None, "result": None}


def test_shot_defaults_are_the_contracts():
    assert Shot.from_dict({"first_contact": None, "pocketed": []}).to_dict() == {
        "call": None, "first_contact": None, "pocketed": [], "off_table": [], "rail_after_contact": False,
        "object_balls_to_rail": 0, "illegal_first_contact_behind_head_string": False, "referee_fouls": []}


def test_values_are_frozen_and_equal_by_content():
    a = State.from_dict({"on_table": [9, 8, 1], "groups": ["stripes", "solids"]})
    b = State.from_dict({"on_table": [1, 8, 9], "groups": ["stripes", "solids"]})
    assert a == b and hash(a) == hash(b) and a.on_table == (1, 8, 9)
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.shooter = 1
    assert Call(3, "foot-left") == Call.from_dict({"ball": 3, "pocket": "foot-left"})


@pytest.mark.parametrize("data, field", [
    ({}, r"state\.on_table: required"),
    ({"on_table": ALL, "colour": 1}, r"state\.colour: unknown field"),
    ({"on_table": [0]}, r"state\.on_table\[0\]"),
    ({"on_table": [16]}, r"state\.on_table\[0\]"),
    ({"on_table": [1, 1, 8]}, r"state\.on_table\[1\]: ball 1 is listed twice"),
    ({"on_table": "1,2"}, r"state\.on_table"),
    ({"on_table": [1.0, 8]}, r"state\.on_table\[0\]"),
    ({"on_table": ALL, "shooter": 2}, r"state\.shooter"),
    ({"on_table": ALL, "shooter": True}, r"state\.shooter"),
    ({"on_table": ALL, "ruleset": "wpa"}, r"state\.ruleset"),
    ({"on_table": ALL, "phase": "end"}, r"state\.phase"),
    ({"on_table": ALL, "cue_ball": "kitchen"}, r"state\.cue_ball"),
    ({"on_table": ALL, "groups": ["solids", "solids"]}, r"state\.groups: both players"),
    ({"on_table": ALL, "groups": ["solids"]}, r"state\.groups"),
    ({"on_table": ALL, "groups": ["solids", "eights"]}, r"state\.groups\[1\]"),
    ({"on_table": ALL, "winner": 0}, r"state\.winner: a winner is set while the phase"),
    ({"on_table": ALL, "result": "win"}, r"state\.result"),
    ({"on_table": ALL, "phase": "over"}, r"state\.result"),
    ({"on_table": ALL, "phase": "over", "result": "win"}, r"state\.winner"),
    ({"on_table": ALL, "phase": "over", "result": "stalemate", "winner": 1}, r"state\.winner"),
    ({"on_table": ALL, "turns_without_attempt": -1}, r"state\.turns_without_attempt"),
    ({"on_table": ALL, "called_this_turn": 0}, r"state\.called_this_turn: expected true or false"),
    ({"on_table": ALL, "called_this_turn": None}, r"state\.called_this_turn: expected true or false"),
    ({**BREAK_STATE, "called_this_turn": True}, r"state\.called_this_turn"),
    ({"on_table": ALL, "phase": "over", "result": "stalemate", "called_this_turn": True},
     r"state\.called_this_turn"),
    ({"on_table": ALL, "shooter": 1, "called_this_turn": True,
      "decision": {"player": 1, "options": ["accept_table", "rebreak"]}}, r"state\.called_this_turn"),
    ({"on_table": ALL, "called_this_turn": True, "turns_without_attempt": 2}, r"state\.turns_without_attempt"),
    ({"on_table": [1, 2]}, r"state\.on_table: the 8 is missing"),
    ({"on_table": [1, 8], "phase": "break", "cue_ball": "in_hand_behind_head_string"}, r"state\.on_table"),
    ({"on_table": ALL, "phase": "break"}, r"state\.cue_ball"),
    ({"on_table": ALL, "phase": "break", "cue_ball": "in_hand_behind_head_string", "shooter": 1},
     r"state\.shooter"),
    ({"on_table": ALL, "decision": {"player": 0, "options": ["accept_table"]}}, r"state\.decision\.options"),
    ({"on_table": ALL, "decision": {"player": 0, "options": ["accept_table", "rebreak"]}},
     r"state\.decision\.player"),
    ({"on_table": ALL, "shooter": 1, "decision": {"player": 1, "options": ["respot_eight", "rerack"]}},
     r"state\.decision"),
    ({"on_table": ALL[1:], "groups": ["solids", "stripes"], "cue_ball": "in_hand_behind_head_string"},
     r"state\.cue_ball"),
    # Art. 11.2: a group is assigned by a ball that went down; decisions follow a break (Art. 6, 7.2);
    # Art. 21.1: six turns without attempt end the game.
    ({"on_table": ALL, "groups": ["solids", "stripes"]}, r"state\.groups: a group is assigned only"),
    ({"on_table": ALL, "groups": ["stripes", "solids"], "phase": "over", "result": "forfeit", "winner": 0},
     r"state\.groups"),
    ({"on_table": ALL, "shooter": 1, "turns_without_attempt": 1,
      "decision": {"player": 1, "options": ["accept_table", "rebreak"]}}, r"state\.turns_without_attempt"),
    ({"on_table": ALL, "shooter": 1, "decision": {"player": 1, "options": ["accept_table", "rebreak", "rebreak"]}},
     r"state\.decision\.options\[2\]: \"rebreak\" is listed twice"),
    ({"on_table": ALL, "shooter": 1, "decision": {"player": 1, "options": ["rebreak", "accept_table", "rebreak"]}},
     r"state\.decision\.options\[2\]"),
    ({"on_table": ALL, "turns_without_attempt": 6}, r"state\.turns_without_attempt: 6 .*stalemate"),
    ({"on_table": ALL, "ruleset": "spanish-coin-op", "turns_without_attempt": 60}, r"state\.turns_without_attempt"),
])
def test_inconsistent_or_malformed_states_are_refused(data, field):
    # a malformed field by the reader, a state no game can reach by the referee's check
    with pytest.raises(InputError, match="^" + field):
        check_consistent(State.from_dict(data))


def test_the_referee_refuses_a_state_no_game_can_reach_however_it_was_built():
    unreachable = State(on_table=ALL, groups=(Group("solids"), Group("stripes")))      # Art. 11.2
    safety = Shot.from_dict({"first_contact": 1, "pocketed": [], "rail_after_contact": True})
    for act in (lambda: judge(unreachable, safety), lambda: declare(unreachable, "stalemate"),
                lambda: decide(unreachable, "rebreak")):
        with pytest.raises(InputError, match=r"^state\.groups: a group is assigned only"):
            act()


@pytest.mark.parametrize("data, field", [
    ({"pocketed": []}, r"shot\.first_contact: required"),
    ({"first_contact": 1}, r"shot\.pocketed: required"),
    ({"first_contact": 0, "pocketed": []}, r"shot\.first_contact"),
    ({"first_contact": "3", "pocketed": []}, r"shot\.first_contact"),
    ({"first_contact": 1, "pocketed": [{"ball": 3, "pocket": "middle"}]}, r"shot\.pocketed\[0\]\.pocket"),
    ({"first_contact": 1, "pocketed": [{"ball": 3}]}, r"shot\.pocketed\[0\]\.pocket: required"),
    ({"first_contact": 1, "pocketed": [{"ball": 3, "pocket": "head-left", "speed": 1}]},
     r"shot\.pocketed\[0\]\.speed"),
    ({"first_contact": 1, "pocketed": [{"ball": 3, "pocket": "head-left"}, {"ball": 3, "pocket": "side-left"}]},
     r"shot\.pocketed\[1\]\.ball: ball 3 is listed twice"),
    ({"first_contact": 1, "pocketed": [{"ball": 3, "pocket": "head-left"}], "off_table": [3]},
     r"shot\.off_table\[0\]: ball 3 is already listed"),
    ({"first_contact": 1, "pocketed": [], "off_table": [16]}, r"shot\.off_table\[0\]"),
    ({"first_contact": 1, "pocketed": [], "rail_after_contact": 1}, r"shot\.rail_after_contact"),
    ({"first_contact": 1, "pocketed": [], "object_balls_to_rail": 16}, r"shot\.object_balls_to_rail"),
    ({"first_contact": 1, "pocketed": [], "referee_fouls": ["spitting"]}, r"shot\.referee_fouls\[0\]"),
    ({"first_contact": 1, "pocketed": [], "referee_fouls": ["slow_play", "slow_play"]},
     r"shot\.referee_fouls\[1\]"),
    ({"first_contact": 1, "pocketed": [], "call": {"ball": 0, "pocket": "head-left"}}, r"shot\.call\.ball"),
    ({"first_contact": 1, "pocketed": [], "call": {"ball": 3}}, r"shot\.call\.pocket: required"),
    ({"first_contact": 1, "pocketed": [], "call": 3}, r"shot\.call"),
    ({"first_contact": 1, "pocketed": [], "bank": True}, r"shot\.bank: unknown field"),
])
def test_malformed_shots_are_refused(data, field):
    with pytest.raises(InputError, match="^" + field):
        Shot.from_dict(data)


def test_errors_are_one_sentence():
    try:
        State.from_dict({"on_table": ALL, "groups": ["solids", "solids"]})
    except InputError as error:
        message = str(error)
    assert message.endswith(".") and "\n" not in message


def test_more_balls_to_rail_than_on_the_table_is_refused():
    state = State.from_dict({"on_table": [8, 9]})
    with pytest.raises(InputError, match=r"^shot\.object_balls_to_rail"):
        judge(state, Shot.from_dict({"first_contact": 9, "pocketed": [], "object_balls_to_rail": 3}))


def test_ruling_json_round_trips_in_both_languages():
    state = State.from_dict({"on_table": [1, 8, 9], "groups": ["solids", "stripes"]})
    ruling, _ = judge(state, Shot.from_dict({"call": {"ball": 1, "pocket": "side-left"}, "first_contact": 9,
                                             "pocketed": [{"ball": 1, "pocket": "side-left"}]}))
    for lang in ("es", "en"):
        data = json.loads(json.dumps(ruling.to_dict(lang)))
        assert Ruling.from_dict(data) == ruling
    assert ruling.to_dict("en")["reasons"][0]["text"] != ruling.to_dict("es")["reasons"][0]["text"]


def test_reason_text_refuses_unknown_language():
    with pytest.raises(InputError, match="^lang"):
        Reason("x", "1.1", "a", "b").text("fr")


def test_decision_round_trips():
    d = Decision(1, ("accept_table", "rebreak"))
    assert Decision.from_dict(d.to_dict()) == d


@pytest.mark.parametrize("bad, expected", [
    ({"stalemate": "sometimes"}, 'ruleset.stalemate: "sometimes" is not allowed; expected "auto" or "off".'),
    ({"eight_on_break": "win"}, 'ruleset.eight_on_break: "win" is not allowed; expected "choice" or "rerack".'),
    ({"stalemate_turns": 0}, "ruleset.stalemate_turns: 0 is not allowed; expected a whole number of turns >= 1."),
    ({"stalemate_turns": True}, "ruleset.stalemate_turns: true is not allowed"),
    ({"respot_pocketed": 1}, "ruleset.respot_pocketed: 1 is not allowed; expected true or false."),
    ({"shot_clock_s": float("nan")}, "ruleset.shot_clock_s: NaN is not allowed; expected a number of seconds > 0."),
    ({"shot_clock_s": 0}, "ruleset.shot_clock_s: 0 is not allowed"),
])
def test_ruleset_settings_are_checked_naming_the_setting(bad, expected):
    spanish = get_ruleset("spanish")
    assert spanish.with_settings(stalemate="off").stalemate == "off"
    with pytest.raises(InputError) as caught:
        spanish.with_settings(**bad)
    assert caught.value.en.startswith(expected), caught.value.en
    assert caught.value.es.startswith("ruleset." + next(iter(bad)) + ":")


def test_a_ruleset_is_a_value_with_its_json():
    variant = get_ruleset("spanish").with_settings(stalemate="off", shot_clock_s=30.0)
    assert variant.name == "spanish" and variant != get_ruleset("spanish")
    data = variant.to_dict()
    assert data == {"name": "spanish", "respot_pocketed": True, "open_table_respot": True,
                    "eight_on_break": "choice", "stalemate": "off", "stalemate_turns": 6, "shot_clock_s": 30.0}
    assert Ruleset.from_dict(json.loads(json.dumps(data))) == variant
    # A name alone, or a name with some settings: the named ruleset's values for the rest.
    assert Ruleset.from_dict("spanish-coin-op") is get_ruleset("spanish-coin-op")
    assert Ruleset.from_dict({"name": "spanish-coin-op", "stalemate": "off"}) == \
        get_ruleset("spanish-coin-op").with_settings(stalemate="off")
    assert get_ruleset(variant) is variant


@pytest.mark.parametrize("data, expected", [
    ({"stalemate": "off"}, "ruleset.name: required field is missing."),
    ({"name": "pool"}, 'ruleset.name: "pool" is not a ruleset; expected one of spanish, spanish-coin-op.'),
    ({"name": "spanish", "colour": "red"}, "ruleset.colour: unknown field"),
    ({"name": "spanish", "stalemate_turns": "6"}, 'ruleset.stalemate_turns: "6" is not allowed'),
    (["spanish"], "ruleset: expected a ruleset name or an object with name and settings, got an array."),
    (None, "ruleset: expected a ruleset name or an object with name and settings, got null."),
])
def test_a_ruleset_read_from_json_is_refused_naming_the_field(data, expected):
    with pytest.raises(InputError) as caught:
        Ruleset.from_dict(data)
    assert caught.value.en.startswith(expected), caught.value.en


def test_ruleset_settings_from_text_take_each_settings_kind():
    spanish = get_ruleset("spanish")
    got = spanish.with_text_settings({"stalemate": "off", "stalemate_turns": "8", "respot_pocketed": "false",
                                      "shot_clock_s": "45.5", "eight_on_break": "rerack"})
    assert got == spanish.with_settings(stalemate="off", stalemate_turns=8, respot_pocketed=False,
                                        shot_clock_s=45.5, eight_on_break="rerack")
    for text, expected in (({"respot_pocketed": "yes"}, '--set respot_pocketed: "yes" is not allowed'),
                           ({"stalemate_turns": "-1"}, '--set stalemate_turns: "-1" is not allowed'),
                           ({"shot_clock_s": "inf"}, '--set shot_clock_s: "inf" is not allowed'),
                           ({"name": "wpa"}, '--set: "name" is not a ruleset setting')):
        with pytest.raises(InputError) as caught:
            spanish.with_text_settings(text)
        assert caught.value.en.startswith(expected), caught.value.en


def test_judge_decide_and_declare_act_under_the_ruleset_given_and_refuse_another_name():
    from bola8.rules import decide, declare

    one_turn = get_ruleset("spanish").with_settings(stalemate_turns=1)
    before = State.from_dict({"on_table": ALL})
    safety = Shot.from_dict({"first_contact": 1, "pocketed": [], "rail_after_contact": True})
    assert judge(before, safety)[1].phase == "play"
    assert judge(before, safety, ruleset=one_turn)[1].result == "stalemate"
    coin_op = get_ruleset("spanish-coin-op")
    deciding = State.from_dict({"on_table": ALL[1:], "shooter": 1,
                                "decision": {"player": 1, "options": ["accept_table", "rebreak"]}})
    for act in (lambda r: judge(before, safety, ruleset=r), lambda r: decide(deciding, "rebreak", ruleset=r),
                lambda r: declare(before, "stalemate", ruleset=r)):
        with pytest.raises(InputError, match=r'^ruleset: "spanish-coin-op" is not the state\'s ruleset "spanish"\.$'):
            act(coin_op)
        with pytest.raises(InputError, match=r'^ruleset: "spanish" is not a bola8\.rules\.Ruleset'):
            act("spanish")
    assert decide(deciding, "accept_table", ruleset=one_turn)[1].decision is None
    assert declare(before, "stalemate", ruleset=one_turn)[1].result == "stalemate"


def test_referee_fouls_are_reported_in_the_seeds_order():
    state = State.from_dict({"on_table": [1, 8, 9], "groups": ["solids", "stripes"]})
    shot = Shot.from_dict({"call": {"ball": 1, "pocket": "side-left"}, "first_contact": 1, "pocketed": [],
                           "rail_after_contact": True, "referee_fouls": ["slow_play", "foot_off_floor"]})
    ruling, _ = judge(state, shot)
    assert [r.article for r in ruling.reasons][:2] == ["12.1.d", "24.1"]


@pytest.mark.parametrize("build, expected", [
    (lambda: State.from_dict({"on_table": ALL, "shooter": True}), "state.shooter: true is not a player"),
    (lambda: State.from_dict({"on_table": ALL, "winner": False, "phase": "over", "result": "win"}),
     "state.winner: false is not a player"),
    (lambda: Shot.from_dict({"first_contact": 1, "pocketed": [{"ball": 3, "pocket": None}]}),
     "shot.pocketed[0].pocket: null is not a pocket"),
    (lambda: Shot.from_dict({"first_contact": 1, "pocketed": [{"ball": 3, "pocket": "middle"}]}),
     'shot.pocketed[0].pocket: "middle" is not a pocket'),
    (lambda: State.from_dict({"on_table": ALL, "phase": "end"}), 'state.phase: "end" is not allowed'),
    (lambda: State.from_dict({"on_table": ALL, "ruleset": "wpa"}), 'state.ruleset: "wpa" is not allowed'),
    (lambda: State.from_dict({"on_table": [True]}), "state.on_table[0]: expected an integer, got true"),
    (lambda: State.from_dict({"on_table": ALL, "turns_without_attempt": None}),
     "state.turns_without_attempt: expected an integer, got null"),
    (lambda: Shot.from_dict({"first_contact": 1, "pocketed": [], "rail_after_contact": None}),
     "shot.rail_after_contact: expected true or false, got null"),
    (lambda: get_ruleset(None), "ruleset: null is not a ruleset"),
    (lambda: Reason("x", "1.1", "a", "b").text(None), "lang: null is not a language"),
])
def test_errors_spell_values_as_json_does(build, expected):
    with pytest.raises(InputError) as caught:
        build()
    message = str(caught.value)
    assert message.startswith(expected), message
    for python in ("True", "False", "None", "'"):
        assert python not in message, message


def test_states_at_the_edge_of_the_new_checks_are_accepted():
    # Five turns without attempt, a group after one ball went down, a game over at six.
    check_consistent(State.from_dict({"on_table": ALL, "turns_without_attempt": 5}))
    check_consistent(State.from_dict({"on_table": ALL[1:], "groups": ["solids", "stripes"]}))
    check_consistent(State.from_dict({"on_table": ALL, "phase": "over", "result": "stalemate",
                                      "turns_without_attempt": 6}))
    off = get_ruleset("spanish").with_settings(stalemate="off")
    check_consistent(State.from_dict({"on_table": ALL, "turns_without_attempt": 9}), ruleset=off)
