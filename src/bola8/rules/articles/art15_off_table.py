"""Art. 15 - Object balls driven off the table."""

from __future__ import annotations

from bola8.rules.balls import EIGHT, Group
from bola8.rules.shot import Shot
from bola8.rules.state import State


def art_15_off_table(state: State, shot: Shot, turn_ends: bool = True, *,
                     groups_after: tuple[Group, Group] | None = None) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """Art. 15.1-15.2: the jumped object balls (the 8 excluded, Art. 6 / 20.1.c) to re-spot, and
    the reason codes. No foul, but the turn ends - except where another article keeps it with
    the shooter (``turn_ends`` False: the breaker's choice after the 8 on the break, Art. 6.1),
    when the reason says only what happens to the balls.

    The shooter's are re-spotted, the opponent's count as pocketed; on coin-op
    tables too (RULINGS.md: a jumped ball can be picked up). The groups are
    those after the stroke (``groups_after``; the state's when the stroke
    assigns none): the stroke that assigns them by a legal called pot judges
    its jumped balls with them, and all jumped balls are re-spotted only when
    the table is still open after it (RULINGS.md, "Cases decided later",
    Art. 11.2 / 15.2).
    """
    jumped = tuple(b for b in shot.off_table_object_balls if b != EIGHT)
    if not jumped:
        return (), ()
    code = "object_ball_off_table" if turn_ends else "object_ball_off_table_breaker_keeps_turn"
    groups = state.groups if groups_after is None else groups_after
    if groups is None:
        return jumped, (code,)
    own = groups[state.shooter].balls
    return tuple(b for b in jumped if b in own), (code,)
