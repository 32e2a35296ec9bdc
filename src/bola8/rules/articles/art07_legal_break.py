"""Art. 7 - Legal break."""

from __future__ import annotations

from bola8.rules.balls import EIGHT
from bola8.rules.shot import Shot

BALLS_TO_RAIL_FOR_LEGAL_BREAK = 4


def art_7_legal_break(shot: Shot) -> bool:
    """Art. 7.1: the break pockets an object ball or drives four distinct object balls to a cushion.

    The 8 counts both ways; hitting the apex ball first is not required
    (7.3). Missing the rack entirely is an illegal break (RULINGS.md), even if
    a person reported cushion contacts: without a first contact no object
    ball was driven anywhere. A ball off the table is not pocketed (RULINGS.md,
    "Cases decided later"): it makes no break legal.
    """
    if shot.first_contact is None:
        return False
    return bool(shot.pocketed_object_balls) or shot.object_balls_to_rail >= BALLS_TO_RAIL_FOR_LEGAL_BREAK


def art_7_2_eight_spotted_on_illegal_break(shot: Shot, legal: bool) -> bool:
    """RULINGS.md, "Cases decided later" (Art. 6, 7.2, 16): on an illegal break that drove the 8 off
    the table, the 8 is spotted (Art. 16) and the break is judged by Art. 7.2 - the opponent chooses
    ``accept_table`` (the 8 on its spot) or ``rebreak``; the breaker's Art. 6 choice does not arise.

    It holds on every ruleset: a ball off the table can be picked up, so a coin-operated table spots
    the 8 as it spots any jumped ball (Art. 15).
    """
    return not legal and EIGHT in shot.off_table
