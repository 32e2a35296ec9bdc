"""Art. 8 - Fouls on the break, and the kitchen restriction that follows them."""

from __future__ import annotations

from bola8.errors import InputError
from bola8.rules.articles.art12_fouls import art_12_1_referee_fouls
from bola8.rules.balls import EIGHT
from bola8.rules.shot import Shot
from bola8.rules.state import State


def art_8_1_break_fouls(shot: Shot) -> tuple[str, ...]:
    """Art. 8.1 / 12.1.c: the cue ball pocketed or off the table on the break; and,
    treated the same way (RULINGS.md), any referee-entered foul on the break."""
    codes: list[str] = []
    if shot.cue_ball_pocketed:
        codes.append("cue_ball_pocketed_on_break")
    if shot.cue_ball_off_table:
        codes.append("cue_ball_off_table_on_break")
    return tuple(codes) + art_12_1_referee_fouls(shot)


def art_8_1_balls_stay_down(shot: Shot) -> tuple[str, ...]:
    """Art. 8.1: after a break foul the object balls pocketed stay down (the 8 aside: Art. 6).

    Called only on a break that is a foul or illegal; the reason is given only
    when some object ball other than the 8 did drop."""
    if any(b != EIGHT for b in shot.pocketed_object_balls):
        return ("break_foul_balls_stay_down",)
    return ()


def art_8_2_check_kitchen_fact(state: State, shot: Shot) -> None:
    """Refuse Art. 8.2's fact on a shot it cannot describe (RULINGS.md, "Cases decided later": facts
    that cannot both be true are refused, never fixed).

    ``illegal_first_contact_behind_head_string`` says the cue ball was played
    from in hand behind the head string; on a shot whose cue ball was not in
    hand there (``state.cue_ball`` "on_table" or "in_hand") it contradicts
    the state, and the request is refused naming the field.
    """
    if shot.illegal_first_contact_behind_head_string and state.cue_ball != "in_hand_behind_head_string":
        raise InputError(
            "shot.illegal_first_contact_behind_head_string: true, but the cue ball was not in hand behind "
            f"the head string (state.cue_ball is {state.cue_ball!r}); the fact speaks only of a shot from "
            "there (Art. 8.2).",
            "shot.illegal_first_contact_behind_head_string: es true, pero la bola blanca no estaba en mano "
            f"detrás de la línea de cabeza (state.cue_ball es {state.cue_ball!r}); el hecho solo habla de "
            "un tiro desde allí (Art. 8.2).")


def art_8_2_kitchen_foul(state: State, shot: Shot) -> tuple[str, ...]:
    """Art. 8.2: from in hand behind the head string after a break foul, the first ball hit
    lay behind the line and the cue ball had not crossed it first.

    The fact is refused on a shot not played from in hand behind the head
    string (:func:`art_8_2_check_kitchen_fact`). On the break the cue ball is
    in hand there too, but Art. 8.2 follows a break foul: the break itself
    is never this foul (the rack lies beyond the line anyway).
    """
    if state.phase == "play" and state.cue_ball == "in_hand_behind_head_string" \
            and shot.illegal_first_contact_behind_head_string:
        return ("kitchen_first_contact",)
    return ()
