"""Judging a shot after the break: the articles composed in this order.

1. Fouls (Art. 18 a frozen wrong ball driven into, else Art. 10 legal shot;
   8.2 kitchen restriction, 12.1.b cue ball, 12.1.d-g and 24 referee-entered
   fouls).
2. The 8 (Art. 20 loss, else Art. 1.3 / 19 win) - it ends the game.
3. Otherwise the call (Art. 2.1): a legal pot (Art. 2.2, 11.2 groups, 12.1
   continuing) or the turn passes, re-spotting what dropped illegally
   (Art. 2.3-2.4, 14) and what left the table (Art. 15).
4. The turn count without attempts and the stalemate (Art. 21.1): a turn that
   completes the count ends the game, so it gives no ball in hand (Art. 13).
Three fouls in a row never lose (Art. 21.3): nothing counts them.
"""

from __future__ import annotations

from dataclasses import replace

from bola8.rules._outcome import game_over, make_ruling, table_after
from bola8.rules.articles.art02_called_shot import POCKETED, art_2_1_call_outcome
from bola8.rules.articles.art08_break_fouls import art_8_2_kitchen_foul
from bola8.rules.articles.art10_legal_shot import art_10_legal_shot
from bola8.rules.articles.art11_groups import art_11_2_groups_after_legal_pot
from bola8.rules.articles.art12_fouls import art_12_1_b_cue_ball, art_12_1_referee_fouls
from bola8.rules.articles.art13_penalty import art_13_ball_in_hand
from bola8.rules.articles.art14_illegally_pocketed import art_14_respot_illegally_pocketed
from bola8.rules.articles.art15_off_table import art_15_off_table
from bola8.rules.articles.art18_frozen_cue_ball import art_18_frozen_ball_foul
from bola8.rules.articles.art20_loss import art_1_3_wins, art_20_loss
from bola8.rules.articles.art21_stalemate import art_21_1_stalemate, art_21_1_turns_without_attempt
from bola8.rules.ruling import Ruling
from bola8.rules.rulesets import Ruleset
from bola8.rules.shot import Shot
from bola8.rules.state import State


def play_fouls(state: State, shot: Shot) -> tuple[str, ...]:
    """The reason codes of every foul of a shot after the break (step 1 of the module), in order."""
    # Art. 18 is the special rule of a first contact with a frozen wrong ball: its reason replaces
    # Art. 10's "wrong first contact" for that shot.
    legal = art_18_frozen_ball_foul(state, shot) or art_10_legal_shot(state, shot)
    return (legal + art_8_2_kitchen_foul(state, shot)
            + art_12_1_b_cue_ball(shot) + art_12_1_referee_fouls(shot))


def judge_play(state: State, shot: Shot, rules: Ruleset) -> tuple[Ruling, State]:
    """The ruling and next state of a shot after the break, the articles composed in the module's order."""
    fouls = play_fouls(state, shot)
    shooter, opponent = state.shooter, 1 - state.shooter
    turns = art_21_1_turns_without_attempt(state, shot)
    stalemate = art_21_1_stalemate(turns, rules)    # if this shot ends the turn

    loss = art_20_loss(state, shot, fouls)
    if loss:
        after = game_over(state, result="win", winner=opponent, on_table=table_after(state, shot, ()),
                          turns_without_attempt=turns)
        return make_ruling(state, after, foul=bool(fouls), codes=fouls + loss)
    if art_1_3_wins(state, shot, fouls):
        after = game_over(state, result="win", winner=shooter, on_table=table_after(state, shot, ()),
                          turns_without_attempt=0)
        return make_ruling(state, after, codes=("eight_pocketed_win",),
                           legally_pocketed=shot.pocketed_object_balls)

    outcome = art_2_1_call_outcome(shot)
    # Art. 11.2 before Art. 15.2 (RULINGS.md, "Cases decided later"): a legal called pot assigns the
    # groups first, and the balls that left the table are judged with them. A foul never assigns.
    groups = (art_11_2_groups_after_legal_pot(state, shot.call.ball)
              if outcome == POCKETED and not fouls and shot.call is not None else state.groups)
    jumped, jumped_codes = art_15_off_table(state, shot, groups_after=groups)
    left_table = bool(jumped_codes)     # Art. 15.1: any object ball off the table, re-spotted or not
    if fouls:
        respot, respot_codes = art_14_respot_illegally_pocketed(state, shot.pocketed_object_balls, rules)
        after = replace(state, shooter=opponent, cue_ball=art_13_ball_in_hand(after_break=False),
                        on_table=table_after(state, shot, respot + jumped), turns_without_attempt=turns,
                        called_this_turn=False)
        codes = fouls + (() if stalemate else ("ball_in_hand",)) + respot_codes + jumped_codes
        return _turn_ends(state, after, rules, foul=True, codes=codes, respotted=respot + jumped)

    if outcome == POCKETED:
        # Art. 2.2: every object ball that dropped counts; Art. 11.2: the first legal
        # pot gives the group; Art. 12.1: he shoots again, unless a ball left the
        # table (Art. 15.1 ends the turn even after a legal pot).
        pot_codes = ["called_ball_pocketed"]
        if len(shot.pocketed_object_balls) > 1:
            pot_codes.append("other_balls_count")
        values: dict[str, dict[str, object]] = {}
        if state.groups is None and groups is not None:
            pot_codes.append("group_assigned")
            values["group_assigned"] = {"group": groups[shooter].value, "other": groups[opponent].value}
        after = replace(state, groups=groups, cue_ball="on_table", turns_without_attempt=0,
                        shooter=opponent if left_table else shooter, called_this_turn=not left_table,
                        on_table=table_after(state, shot, jumped))
        if left_table:
            pot_codes.remove("called_ball_pocketed")
        return make_ruling(state, after, codes=tuple(pot_codes) + jumped_codes, values=values,
                           legally_pocketed=shot.pocketed_object_balls, respotted=jumped)

    # Art. 2.1: no call, the called ball missed, or in another pocket (Art. 14.1):
    # the turn passes without a foul; Art. 2.3 / 14.2 re-spot what dropped.
    respot, respot_codes = art_14_respot_illegally_pocketed(state, shot.pocketed_object_balls, rules)
    after = replace(state, shooter=opponent, cue_ball="on_table", called_this_turn=False,
                    on_table=table_after(state, shot, respot + jumped), turns_without_attempt=turns)
    return _turn_ends(state, after, rules, codes=(outcome,) + respot_codes + jumped_codes,
                      respotted=respot + jumped)


def _turn_ends(before: State, after: State, rules: Ruleset, *, codes: tuple[str, ...], foul: bool = False,
               respotted: tuple[int, ...] = ()) -> tuple[Ruling, State]:
    """Art. 21.1: the turn that completes the count without attempts ends the game, no winner."""
    values: dict[str, dict[str, object]] = {}
    if art_21_1_stalemate(after.turns_without_attempt, rules):
        after = game_over(after, result="stalemate", winner=None)
        codes = tuple(codes) + ("stalemate_no_attempts",)
        values["stalemate_no_attempts"] = {"turns": rules.stalemate_turns}
    return make_ruling(before, after, foul=foul, codes=codes, respotted=respotted, values=values)
