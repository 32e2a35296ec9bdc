"""Art. 16 - Spotting balls: the order (the placement geometry is the game's job)."""

from __future__ import annotations


def art_16_spotting_order(balls: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    """Art. 16.1 (RULINGS.md): several balls are spotted in numerical order, the lowest nearest
    the foot spot. Returns each ball once, in the order the game must place them."""
    return tuple(sorted(set(balls)))
