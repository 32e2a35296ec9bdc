"""Art. 7 - Legal break."""

from __future__ import annotations

from bola8.rules.shot import Shot

BALLS_TO_RAIL_FOR_LEGAL_BREAK = 4


def art_7_legal_break(shot: Shot) -> bool:
    """Art. 7.1: the break pockets an object ball or drives four distinct object balls to a cushion.

    The 8 counts both ways; hitting the apex ball first is not required
    (7.3). Missing the rack entirely is an illegal break (RULINGS.md), even if
    a person reported cushion contacts: without a first contact no object
    ball was driven anywhere.
    """
    if shot.first_contact is None:
        return False
    return bool(shot.pocketed_object_balls) or shot.object_balls_to_rail >= BALLS_TO_RAIL_FOR_LEGAL_BREAK
