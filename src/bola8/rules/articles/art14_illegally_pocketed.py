"""Art. 14 and Art. 2.3-2.4 - what happens to balls that dropped without a legal pot."""

from __future__ import annotations

from bola8.rules.balls import EIGHT
from bola8.rules.rulesets import Ruleset
from bola8.rules.state import State


def art_14_respot_illegally_pocketed(state: State, balls: tuple[int, ...],
                                     rules: Ruleset) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """The pocketed object balls (the 8 excluded) that go back on the table, and the reason codes.

    Art. 14.1-14.2 and 2.3: after a foul, a miss, no call or the called ball in
    another pocket, the shooter's balls are re-spotted and the opponent's stay
    down. ⚙ ``open_table_respot`` (Art. 2.3, default on): on an open table
    nobody owns a ball, so all of them are re-spotted (off: all stay down).
    Art. 2.4 / 14.3 (coin-op, ``respot_pocketed`` off): every ball stays down.
    """
    balls = tuple(b for b in balls if b != EIGHT)
    if not balls:
        return (), ()
    if not rules.respot_pocketed:
        return (), ("coin_op_balls_stay_down",)
    if state.groups is None:
        if rules.open_table_respot:
            return balls, ("open_table_respotted",)
        return (), ()
    own = state.groups[state.shooter].balls
    mine = tuple(b for b in balls if b in own)
    return mine, ("illegally_pocketed_respotted",)
