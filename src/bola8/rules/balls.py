"""Balls, groups and pockets (Art. 1; the contract's names).

Ball 0 is the cue ball, 1-7 the solids (*lisas*), 8 the black, 9-15 the
stripes (*rayadas*). Pockets are named as seen from the head end (the end the
break is played from) looking towards the foot.
"""

from __future__ import annotations

from enum import Enum

CUE = 0
EIGHT = 8
SOLIDS: tuple[int, ...] = tuple(range(1, 8))
STRIPES: tuple[int, ...] = tuple(range(9, 16))
OBJECT_BALLS: tuple[int, ...] = tuple(range(1, 16))
POCKETS: tuple[str, ...] = ("head-left", "head-right", "side-left", "side-right", "foot-left", "foot-right")


class Group(str, Enum):
    """A player's group of balls (Art. 1.2); its value is the contract's name."""

    SOLIDS = "solids"
    STRIPES = "stripes"

    @property
    def balls(self) -> tuple[int, ...]:
        """The balls of this group: 1-7 for solids, 9-15 for stripes (Art. 1.2)."""
        return SOLIDS if self is Group.SOLIDS else STRIPES

    @property
    def other(self) -> Group:
        """The opponent's group."""
        return Group.STRIPES if self is Group.SOLIDS else Group.SOLIDS

    def __str__(self) -> str:
        return self.value


GROUP_NAMES: tuple[str, ...] = tuple(g.value for g in Group)   # "solids", "stripes"


def group_of(ball: int) -> Group | None:
    """The group a ball belongs to; None for the cue ball and the 8."""
    if ball in SOLIDS:
        return Group.SOLIDS
    if ball in STRIPES:
        return Group.STRIPES
    return None
