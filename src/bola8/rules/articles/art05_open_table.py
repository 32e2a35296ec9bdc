"""Art. 5 and Art. 10.1 - which balls the cue ball may hit first."""

from __future__ import annotations

from bola8.rules.balls import EIGHT
from bola8.rules.state import State


def art_5_legal_first_contacts(state: State) -> tuple[int, ...]:
    """Balls the cue ball may touch first on this shot.

    Art. 5.1-5.2: on an open table any object ball, the 8 included.
    Art. 10.1 / 18.1: with groups assigned, a ball of one's own group; once it
    is cleared, the 8 (combinations through the 8 are allowed only on an open
    table, which this already implies).
    """
    if state.groups is None:
        return state.on_table
    own = state.remaining(state.shooter)
    return own if own else ((EIGHT,) if EIGHT in state.on_table else ())
