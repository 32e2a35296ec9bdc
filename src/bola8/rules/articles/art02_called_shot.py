"""Art. 2 - Called shot (and Art. 19.1: the 8 is called with its pocket)."""

from __future__ import annotations

from bola8.rules.articles.art05_open_table import art_5_legal_first_contacts
from bola8.rules.balls import EIGHT, SOLIDS, STRIPES
from bola8.rules.shot import Shot
from bola8.rules.state import State

# Outcomes of the call on a shot (Art. 2.1, 2.2, 14.1).
NO_CALL = "no_call"
MISSED = "called_ball_missed"
WRONG_POCKET = "called_ball_wrong_pocket"
POCKETED = "called_ball_pocketed"


def art_2_5_callable_balls(state: State) -> tuple[int, ...]:
    """Art. 2.5: the balls the shooter may call now.

    Open table: any solid or stripe on the table. Groups assigned: a ball of
    one's own group; with it cleared, the 8 - the balls the cue ball may hit
    first (Art. 10.1, decided in art05). Nothing on the break, while a
    decision is pending or once the game is over.
    Decision where RULINGS.md is silent: on an open table with no solid and no
    stripe left (only reachable on coin-op tables, where nothing is
    re-spotted) both groups are cleared, so the 8 is the ball to call.
    """
    if state.phase != "play" or state.decision is not None:
        return ()
    if state.groups is None:
        colours = tuple(b for b in state.on_table if b in SOLIDS or b in STRIPES)
        if colours:
            return colours
        return (EIGHT,) if EIGHT in state.on_table else ()
    return art_5_legal_first_contacts(state)


def art_2_1_call_outcome(shot: Shot) -> str:
    """Art. 2.1: no call, the called ball missed, in another pocket, or pocketed as called."""
    if shot.call is None:
        return NO_CALL
    pocket = shot.pocket_of(shot.call.ball)
    if pocket is None:
        return MISSED
    return POCKETED if pocket == shot.call.pocket else WRONG_POCKET
