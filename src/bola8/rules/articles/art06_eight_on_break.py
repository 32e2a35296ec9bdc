"""Art. 6 - The 8 pocketed (or off the table) on the break."""

from __future__ import annotations

from bola8.rules.balls import EIGHT
from bola8.rules.shot import Shot


def art_6_eight_down_on_break(shot: Shot, legal: bool) -> bool:
    """Art. 6.1: the 8 pocketed on the break, or driven off the table on a legal one.

    Neither wins nor loses; what follows depends on the break (a foul or not)
    and on the ruleset's ``eight_on_break`` setting. The 8 off the table on an
    illegal break is not Art. 6's case: the breaker's choice follows a legal
    break only, and Art. 7.2 decides it (RULINGS.md, "Cases decided later";
    :func:`~bola8.rules.articles.art07_legal_break.art_7_2_eight_spotted_on_illegal_break`).
    """
    return EIGHT in shot.pocketed_balls or (legal and EIGHT in shot.off_table)
