"""Art. 20 - Loss of the game, and its counterpart Art. 1.3 / 19.1: winning with the 8."""

from __future__ import annotations

from bola8.rules.balls import EIGHT, SOLIDS, STRIPES
from bola8.rules.shot import Shot
from bola8.rules.state import State


def art_20_loss(state: State, shot: Shot, fouls: tuple[str, ...]) -> tuple[str, ...]:
    """The reason codes of Art. 20.1 that make the shooter lose on this shot (after the break).

    a) a foul on a shot that pockets the 8; b) the 8 on the same shot as the
    last ball of his group; c) the 8 off the table; d) the 8 in a pocket he did
    not name (or with no pocket named, Art. 19.1); e) the 8 while balls of his
    group remain - on an open table, while any solid or stripe remains;
    f) the 8 and the cue ball on the same shot. Every code that applies is
    given. A foul that leaves the 8 on the table is an ordinary foul.
    """
    if EIGHT in shot.off_table:
        return ("eight_off_table",)
    eight_pocket = shot.pocket_of(EIGHT)
    if eight_pocket is None:
        return ()
    codes: list[str] = []
    if fouls:
        codes.append("eight_pocketed_on_foul")
    if state.groups is None:
        own_before = tuple(b for b in state.on_table if b in SOLIDS or b in STRIPES)
    else:
        own_before = state.remaining(state.shooter)
    if own_before:
        own_left = set(own_before) - set(shot.pocketed_balls)
        codes.append("eight_pocketed_early" if own_left else "eight_with_last_ball")
    elif shot.call is None or shot.call.ball != EIGHT:
        codes.append("eight_pocket_not_called")
    elif shot.call.pocket != eight_pocket:
        codes.append("eight_wrong_pocket")
    if shot.cue_ball_pocketed:
        codes.append("eight_and_cue_ball")
    return tuple(codes)


def art_1_3_wins(state: State, shot: Shot, fouls: tuple[str, ...]) -> bool:
    """Art. 1.3 / 19.1 / 20: the 8 legally pocketed in its called pocket with the group cleared
    (opponent's balls dropping too do not matter)."""
    return shot.pocket_of(EIGHT) is not None and not art_20_loss(state, shot, fouls)
