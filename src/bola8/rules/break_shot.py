"""Judging the opening shot: Art. 6, 7, 8, 11.1 and 15 composed.

Order: the break fouls (Art. 8.1, 12.1.c and referee-entered fouls), then its
legality (Art. 7), then the 8 (Art. 6), then balls off the table (Art. 15).
"""

from __future__ import annotations

from dataclasses import replace

from bola8.rules._outcome import fresh_rack, make_ruling, table_after
from bola8.rules.articles.art06_eight_on_break import art_6_eight_down_on_break
from bola8.rules.articles.art07_legal_break import art_7_2_eight_spotted_on_illegal_break, art_7_legal_break
from bola8.rules.articles.art08_break_fouls import art_8_1_balls_stay_down, art_8_1_break_fouls
from bola8.rules.articles.art13_penalty import art_13_ball_in_hand
from bola8.rules.articles.art15_off_table import art_15_off_table
from bola8.rules.balls import EIGHT
from bola8.rules.ruling import Ruling
from bola8.rules.rulesets import Ruleset
from bola8.rules.shot import Shot
from bola8.rules.state import EIGHT_ON_BREAK_OPTIONS, ILLEGAL_BREAK_OPTIONS, Decision, State


def judge_break(state: State, shot: Shot, rules: Ruleset) -> tuple[Ruling, State]:
    """The ruling and next state of the opening shot, the articles composed in the module's order."""
    fouls = art_8_1_break_fouls(shot)
    legal = art_7_legal_break(shot)
    eight_down = art_6_eight_down_on_break(shot, legal)
    eight_spotted = art_7_2_eight_spotted_on_illegal_break(shot, legal)
    opponent = 1 - state.shooter
    # Art. 15.2 with the table open (Art. 11.1): every jumped ball but the 8 goes back.
    jumped, jumped_codes = art_15_off_table(state, shot)
    common = replace(state, phase="play", groups=None, decision=None, turns_without_attempt=0,
                     called_this_turn=False)

    if eight_down and rules.eight_on_break == "rerack":
        # Art. 6 coin-op (RULINGS.md): the 8 cannot be retrieved, so the rack is
        # played again - by the same breaker, or by the opponent after a break foul.
        # Decision where RULINGS.md is silent: the 8 pocketed on an illegal break
        # (only a person's touch drops a ball then, Art. 12.1.e) re-racks too - there
        # is no table to accept without the 8 - and the 8 off the table on a legal
        # break is treated like the 8 pocketed, as Art. 6 treats them alike.
        breaker = opponent if fouls else state.breaker
        return make_ruling(state, fresh_rack(state, breaker), foul=bool(fouls),
                           codes=fouls + ("eight_on_break_coin_op",))

    if not legal:
        # Art. 7.2 (no foul) / Art. 8 (with a foul): the opponent chooses. A break that
        # touched a ball pockets one only if a person moved it (Art. 12.1.e, the only way
        # judge lets a ball drop with no first contact): then, as on any break foul
        # (Art. 8.1), what dropped stays down except the 8. The 8 off the table is
        # spotted and the opponent chooses all the same (RULINGS.md, "Cases decided
        # later": the breaker's Art. 6 choice follows a legal break only).
        respot = jumped + ((EIGHT,) if eight_down or eight_spotted else ())
        codes = fouls + (("illegal_break_with_foul",) if fouls else ("illegal_break",))
        if eight_down or eight_spotted:
            codes += ("eight_respotted_after_break_foul",) if fouls else ("eight_respotted_illegal_break",)
        codes += art_8_1_balls_stay_down(shot) + jumped_codes
        after = replace(common, shooter=opponent, on_table=table_after(state, shot, respot),
                        cue_ball=art_13_ball_in_hand(after_break=True) if fouls else "on_table",
                        decision=Decision(opponent, ILLEGAL_BREAK_OPTIONS))
        return make_ruling(state, after, foul=bool(fouls), codes=codes, respotted=respot)

    if fouls:
        # Art. 8.1: every pocketed ball stays down except the 8, re-spotted with no
        # option; table open; Art. 8.2: the opponent has ball in hand in the kitchen.
        respot = jumped + ((EIGHT,) if eight_down else ())
        codes = fouls + (("eight_respotted_after_break_foul",) if eight_down else ())
        codes += art_8_1_balls_stay_down(shot) + jumped_codes + ("ball_in_hand_behind_head_string", "table_open_after_break")
        after = replace(common, shooter=opponent, on_table=table_after(state, shot, respot),
                        cue_ball=art_13_ball_in_hand(after_break=True))
        return make_ruling(state, after, foul=True, codes=codes, respotted=respot)

    pocketed = tuple(b for b in shot.pocketed_object_balls if b != EIGHT)
    if eight_down:
        # Art. 6.1: the breaker chooses respot_eight or rerack; "tirando en ambos
        # casos el mismo jugador" - he shoots next either way, so balls that left the
        # table do not end his turn here (Art. 6 is the special rule over Art. 15.1).
        jumped, jumped_codes = art_15_off_table(state, shot, turn_ends=False)
        after = replace(common, shooter=state.breaker, on_table=table_after(state, shot, jumped),
                        cue_ball="on_table", decision=Decision(state.breaker, EIGHT_ON_BREAK_OPTIONS))
        return make_ruling(state, after, codes=("eight_on_break",) + jumped_codes,
                           legally_pocketed=pocketed, respotted=jumped)

    # A legal, foul-free break: what dropped stays down and the table stays open
    # (Art. 11.1). Decision where the seed is implicit: the breaker keeps shooting
    # when a ball dropped (Art. 12.1 "continuará tirando"; Art. 6 "tirando ... el
    # mismo jugador"), unless a ball left the table (Art. 15.1).
    if jumped:
        codes, shooter = jumped_codes, opponent
    elif pocketed:
        codes, shooter = ("break_ball_pocketed",), state.shooter
    else:
        codes, shooter = ("break_nothing_pocketed",), opponent
    after = replace(common, shooter=shooter, on_table=table_after(state, shot, jumped), cue_ball="on_table")
    return make_ruling(state, after, codes=codes + ("table_open_after_break",),
                       legally_pocketed=pocketed, respotted=jumped)
