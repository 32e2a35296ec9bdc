"""Art. 21 - Stalemate, and fouls in a row.

Art. 21.3 (three consecutive fouls do not lose the game) needs no code: the
referee keeps no count of fouls, and tests/rules check that none is lost.
Art. 21.2 (agreed stalemate) is a declaration: ``bola8.rules.declarations``.
"""

from __future__ import annotations

from bola8.rules.rulesets import Ruleset
from bola8.rules.shot import Shot
from bola8.rules.state import State


def art_21_1_turns_without_attempt(state: State, shot: Shot, turn_ends: bool) -> int:
    """Art. 21.1: consecutive turns, both players counted, without a called shot.

    A shot with no call is the only way to play safe and counts as no attempt.
    A called shot resets the count; a turn without a call adds one when it
    ends (a foul with no call is no attempt either). A turn holds more than
    one shot only after a legal called pot, so "a turn with no attempt" is a
    turn of one uncalled shot.
    """
    if shot.call is not None:
        return 0
    return state.turns_without_attempt + 1 if turn_ends else state.turns_without_attempt


def art_21_1_stalemate(turns_without_attempt: int, rules: Ruleset) -> bool:
    """Art. 21.1: ⚙ ``stalemate`` "auto" ends the game after ``stalemate_turns`` (6: three each)
    such turns; "off" leaves the call to the players (Art. 21.2)."""
    return rules.stalemate == "auto" and turns_without_attempt >= rules.stalemate_turns

