"""Art. 6 - The 8 pocketed (or off the table) on the break."""

from __future__ import annotations

from bola8.rules.balls import EIGHT
from bola8.rules.shot import Shot


def art_6_eight_down_on_break(shot: Shot) -> bool:
    """Art. 6.1 (and RULINGS.md): the 8 pocketed or driven off the table on the break.

    Neither wins nor loses; what follows depends on the break (legal or not,
    a foul or not) and on the ruleset's ``eight_on_break`` setting.
    """
    return EIGHT in shot.pocketed_balls or EIGHT in shot.off_table
