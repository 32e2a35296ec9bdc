"""Art. 10 - Legal shot (after the break)."""

from __future__ import annotations

from bola8.rules.articles.art05_open_table import art_5_legal_first_contacts
from bola8.rules.balls import EIGHT
from bola8.rules.shot import Shot
from bola8.rules.state import State


def art_10_legal_shot(state: State, shot: Shot) -> tuple[str, ...]:
    """Art. 10.1: the foul codes of a shot that is not legal (empty when it is).

    The cue ball must first hit a legal ball (Art. 5, 10.1; the 8 first
    outside an open table is Art. 18.1's exception to combinations), and
    after that first contact an object ball must drop or the cue ball or an
    object ball must touch a cushion. ``rail_after_contact`` already leaves
    out a ball that merely stays frozen to a cushion (Art. 17).
    Only the first failure is reported: without a legal first contact the
    rest of the shot does not matter.
    """
    if shot.first_contact is None:
        return ("no_contact",)
    if shot.first_contact not in art_5_legal_first_contacts(state):
        return ("eight_hit_first",) if shot.first_contact == EIGHT else ("wrong_first_contact",)
    if not shot.pocketed_object_balls and not shot.rail_after_contact:
        return ("no_rail_after_contact",)
    return ()
