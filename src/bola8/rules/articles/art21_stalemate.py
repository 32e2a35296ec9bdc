"""Art. 21 - Stalemate, and fouls in a row.

Art. 21.3 (three consecutive fouls do not lose the game) needs no code: the
referee keeps no count of fouls, and tests/rules check that none is lost.
Art. 21.2 (agreed stalemate) is a declaration: ``bola8.rules.declarations``.
"""

from __future__ import annotations

from bola8.rules.rulesets import Ruleset
from bola8.rules.shot import Shot
from bola8.rules.state import State


def art_21_1_turns_without_attempt(state: State, shot: Shot) -> int:
    """Art. 21.1: consecutive turns (a player's visits), both players counted, without a called shot.

    A shot with no call is the only way to play safe: it is no attempt, and it
    always ends the turn (Art. 2.1; a foul or the end of the game too). A
    called shot is an attempt and resets the count. So an uncalled shot adds
    one turn without attempt - unless the shooter already played a called
    shot in this same turn (``called_this_turn``: pot, pot, then a safety is a
    turn with attempts), when the count stays where the called shot left it.
    """
    if shot.call is not None:
        return 0
    if state.called_this_turn:
        return state.turns_without_attempt
    return state.turns_without_attempt + 1


def art_21_1_stalemate(turns_without_attempt: int, rules: Ruleset) -> bool:
    """Art. 21.1: ⚙ ``stalemate`` "auto" ends the game after ``stalemate_turns`` (6: three each)
    such turns; "off" leaves the call to the players (Art. 21.2)."""
    return rules.stalemate == "auto" and turns_without_attempt >= rules.stalemate_turns

