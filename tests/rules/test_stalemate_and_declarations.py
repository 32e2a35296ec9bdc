"""Art. 21 (stalemate, fouls in a row), forfeits (Art. 18.5, 22) and the refusals of choices."""

from __future__ import annotations

import pytest

from bola8.errors import InputError
from bola8.rules import Shot, State, check_consistent, decide, declare, get_ruleset, judge
from rules_helpers import articles, call, codes, down, shoot, state

SAFETY = {"first_contact": 1, "rail_after_contact": True}


def test_art21_1_five_turns_without_attempt_do_not_end_the_game():
    s = state()
    for turn in range(5):
        ruling, s = shoot(s, **SAFETY)
        assert s.phase == "play" and s.turns_without_attempt == turn + 1
    assert s.shooter == 1


def test_art21_1_the_sixth_turn_without_attempt_is_a_stalemate():
    s = state(turns_without_attempt=5)
    ruling, after = shoot(s, **SAFETY)
    assert (after.phase, after.result, after.winner) == ("over", "stalemate", None)
    assert "stalemate_no_attempts" in codes(ruling) and "21.1" in articles(ruling)


def test_art21_1_a_called_shot_resets_the_count():
    _, after = shoot(state(turns_without_attempt=4), call=call(1), **SAFETY)
    assert after.turns_without_attempt == 0 and after.phase == "play"


def test_art21_1_a_foul_without_call_counts_as_no_attempt():
    _, after = shoot(state(turns_without_attempt=5), first_contact=None)
    assert after.result == "stalemate"


def test_art21_1_stalemate_off_never_ends_the_game():
    rules = get_ruleset("spanish").with_settings(stalemate="off")
    s = state()
    for _ in range(10):
        _, s = judge(s, Shot.from_dict({"pocketed": [], **SAFETY}), ruleset=rules)
    assert s.phase == "play" and s.turns_without_attempt == 10


def test_art21_1_settings_default_to_auto_and_six_turns():
    for name in ("spanish", "spanish-coin-op"):
        rules = get_ruleset(name)
        assert (rules.stalemate, rules.stalemate_turns, rules.open_table_respot, rules.shot_clock_s) == (
            "auto", 6, True, 60.0)


def test_art21_2_agreed_stalemate_ends_the_game_with_no_winner():
    ruling, after = declare(state(breaker=1, shooter=0), "stalemate")
    assert (after.phase, after.result, after.winner, after.breaker) == ("over", "stalemate", None, 1)
    assert articles(ruling) == ["21.2"]


def test_art21_3_three_fouls_in_a_row_do_not_lose():
    s = state(groups=["solids", "stripes"], on_table=[1, 3, 8, 9, 10])
    for _ in range(2):
        # player 0 fouls, player 1 plays a called miss, three times in a row for player 0
        ruling, s = shoot(s, call=call(1), first_contact=9, rail_after_contact=True)
        assert ruling.foul
        _, s = shoot(s, call=call(9), first_contact=9, rail_after_contact=True)
    ruling, s = shoot(s, call=call(1), first_contact=9, rail_after_contact=True)
    assert ruling.foul and s.phase == "play" and s.winner is None and s.shooter == 1


def test_forfeit_the_named_player_loses():
    ruling, after = declare(state(), "forfeit", 0)
    assert (after.phase, after.result, after.winner) == ("over", "forfeit", 1)
    assert codes(ruling) == ["forfeit"] and ruling.reasons


def test_forfeit_needs_a_player():
    with pytest.raises(InputError, match="^player"):
        declare(state(), "forfeit")


@pytest.mark.parametrize("what", ["draw", 3, None])
def test_unknown_declaration_is_refused(what):
    with pytest.raises(InputError, match="^declare"):
        declare(state(), what)


def test_nothing_can_be_declared_after_the_game_is_over():
    _, over = declare(state(), "stalemate")
    with pytest.raises(InputError, match="over"):
        declare(over, "forfeit", 0)


# ---------------------------------------------------------------- refusals
def _pending() -> State:
    _, pending = shoot(State.initial(), first_contact=1, object_balls_to_rail=1)
    return pending


def test_a_shot_while_a_decision_is_pending_is_refused():
    with pytest.raises(InputError, match="decision is pending"):
        shoot(_pending(), first_contact=1)


def test_a_choice_not_in_the_pending_options_is_refused():
    with pytest.raises(InputError, match="not one of the pending options"):
        decide(_pending(), "respot_eight")


def test_a_choice_without_a_pending_decision_is_refused():
    with pytest.raises(InputError, match="no decision is pending"):
        decide(state(), "accept_table")


def test_an_unknown_choice_is_refused():
    with pytest.raises(InputError, match="^choice"):
        decide(_pending(), "pass")


def test_a_choice_after_the_game_is_over_is_refused():
    _, over = declare(_pending(), "stalemate")
    with pytest.raises(InputError, match="over"):
        decide(over, "accept_table")


@pytest.mark.parametrize("facts, field", [
    ({"pocketed": [down(4)]}, r"shot\.pocketed\[0\]\.ball"),
    ({"off_table": [4]}, r"shot\.off_table\[0\]"),
    ({"first_contact": 4}, r"shot\.first_contact"),
])
def test_a_ball_not_on_the_table_is_refused(facts, field):
    before = state(groups=["solids", "stripes"], on_table=[1, 8, 9])
    facts = {"first_contact": 1, **facts}
    with pytest.raises(InputError, match="^" + field):
        shoot(before, **facts)


def test_art21_1_six_safeties_in_a_row_from_a_fresh_table_end_in_stalemate_on_the_sixth():
    s = state()
    results = []
    for _ in range(6):
        _, s = shoot(s, **SAFETY)
        results.append(s.phase)
    assert results == ["play"] * 5 + ["over"] and s.result == "stalemate"


def test_art21_1_choices_do_not_count_as_turns():
    _, pending = shoot(State.initial(), first_contact=1, object_balls_to_rail=1)
    _, after = decide(pending, "accept_table")
    assert after.turns_without_attempt == 0


def test_art21_1_states_of_a_game_with_stalemate_off_read_back_unchanged():
    rules = get_ruleset("spanish").with_settings(stalemate="off")
    s = state()
    for _ in range(7):
        _, s = judge(s, Shot.from_dict({"pocketed": [], **SAFETY}), ruleset=rules)
    assert State.from_dict(s.to_dict()) == s and s.turns_without_attempt == 7
    check_consistent(s, ruleset=rules)
    with pytest.raises(InputError, match=r"^state\.turns_without_attempt: 7 .*stalemate"):
        check_consistent(s)          # under "spanish" itself the game would be over


# ------------------------------------------- Art. 21.1: a turn is a player's visit
GROUPED = {"groups": ["solids", "stripes"], "on_table": [1, 2, 3, 8, 9, 10, 11]}


def test_art21_1_a_turn_with_a_called_pot_then_a_safety_is_not_a_turn_without_attempt():
    s = state(**GROUPED, turns_without_attempt=4)
    _, s = shoot(s, call=call(1), first_contact=1, pocketed=[down(1)])      # player 0 pots as called
    assert (s.shooter, s.turns_without_attempt, s.called_this_turn) == (0, 0, True)
    _, s = shoot(s, first_contact=2, rail_after_contact=True)               # ... then plays safe
    assert (s.shooter, s.turns_without_attempt, s.called_this_turn) == (1, 0, False)
    counts = []
    for _ in range(5):                                                      # five real turns of safeties
        _, s = shoot(s, first_contact=9 if s.shooter == 1 else 2, rail_after_contact=True)
        counts.append((s.phase, s.turns_without_attempt))
    assert counts == [("play", 1), ("play", 2), ("play", 3), ("play", 4), ("play", 5)]
    ruling, s = shoot(s, first_contact=9 if s.shooter == 1 else 2, rail_after_contact=True)
    assert (s.phase, s.result, s.turns_without_attempt) == ("over", "stalemate", 6)
    assert "stalemate_no_attempts" in codes(ruling)


def test_art21_1_a_turn_after_a_pot_on_the_break_has_no_called_shot_and_counts():
    _, s = shoot(State.initial(), first_contact=1, pocketed=[down(4)])
    assert (s.shooter, s.called_this_turn) == (0, False)
    _, s = shoot(s, first_contact=2, rail_after_contact=True)
    assert (s.shooter, s.turns_without_attempt) == (1, 1)


def test_art21_1_called_this_turn_is_cleared_when_the_turn_passes_or_the_game_ends():
    s = state(**GROUPED, called_this_turn=True)
    _, after = shoot(s, call=call(2), first_contact=2, rail_after_contact=True)       # called miss
    assert (after.shooter, after.called_this_turn) == (1, False)
    _, after = shoot(s, call=call(2), first_contact=9, rail_after_contact=True)       # called foul
    assert (after.shooter, after.called_this_turn, after.turns_without_attempt) == (1, False, 0)
    _, after = shoot(s, call=call(2), first_contact=2, pocketed=[down(2)], off_table=[3])  # Art. 15.1
    assert (after.shooter, after.called_this_turn) == (1, False)
    _, after = declare(s, "stalemate")
    assert after.called_this_turn is False
    assert State.from_dict(s.to_dict()) == s and s.to_dict()["called_this_turn"] is True
