"""Art. 3 - the rack, as the game sets it up.

The physics package builds the triangle (``bola8.physics.rack``: 8 in the
centre, the back corners one solid and one stripe, apex on the foot spot,
reproducible from a seed). A game that is re-racked (Art. 6, 7.2, 21.2) gets a
new, different but still reproducible rack: rack ``k`` of a game uses a seed
derived from the game's seed and ``k``.
"""

from __future__ import annotations

from bola8.game.layout import Point

# Spreads the seeds of successive racks of one game apart (any odd constant works).
_RACK_STRIDE = 1_000_003


def rack_seed_for(game_seed: int, rack_index: int) -> int:
    return game_seed * _RACK_STRIDE + rack_index


def rack_layout(spec, game_seed: int, rack_index: int) -> dict[int, Point]:
    """The 15 object balls racked; the cue ball is in hand (not on the table)."""
    from bola8.physics import rack

    return dict(rack(spec, rack_seed_for(game_seed, rack_index)))
