"""Art. 15 - Object balls driven off the table."""

from __future__ import annotations

from bola8.rules.balls import EIGHT
from bola8.rules.shot import Shot
from bola8.rules.state import State


def art_15_off_table(state: State, shot: Shot,
                     turn_ends: bool = True) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """Art. 15.1-15.2: the jumped object balls (the 8 excluded, Art. 6 / 20.1.c) to re-spot, and
    the reason codes. No foul, but the turn ends - except where another article keeps it with
    the shooter (``turn_ends`` False: the breaker's choice after the 8 on the break, Art. 6.1),
    when the reason says only what happens to the balls.

    The shooter's are re-spotted, the opponent's count as pocketed; on an open
    table all are re-spotted; on coin-op tables too (RULINGS.md: a jumped
    ball can be picked up). "Open" is the table as the shot began: a group
    assigned by this very shot does not make the opponent's jumped balls his.
    """
    jumped = tuple(b for b in shot.off_table_object_balls if b != EIGHT)
    if not jumped:
        return (), ()
    code = "object_ball_off_table" if turn_ends else "object_ball_off_table_breaker_keeps_turn"
    if state.groups is None:
        return jumped, (code,)
    own = state.groups[state.shooter].balls
    return tuple(b for b in jumped if b in own), (code,)
