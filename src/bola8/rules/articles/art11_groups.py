"""Art. 11 - Choosing the groups."""

from __future__ import annotations

from bola8.rules.balls import Group, group_of
from bola8.rules.state import State


def art_11_2_groups_after_legal_pot(state: State, called_ball: int) -> tuple[Group, Group] | None:
    """Art. 11.2: the first called ball legally pocketed after the break gives its group to the
    shooter, even if balls of the other group dropped too. The break (11.1) and fouls never
    reach here. Returns the groups after the shot (unchanged when already assigned)."""
    if state.groups is not None:
        return state.groups
    mine = group_of(called_ball)
    if mine is None:     # the 8 called on an open table with no colour left (see art02)
        return None
    return (mine, mine.other) if state.shooter == 0 else (mine.other, mine)
