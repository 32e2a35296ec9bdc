"""Art. 24 - slow play and the shot clock.

After warning a player for persistent slow play, the referee may give that
player - and only that player - a time limit per shot, counted from when the
balls stop until the stroke (RULINGS.md, Art. 24). Exceeding it is a foul:
ball in hand for the opponent. The limit itself is the ruleset's
``shot_clock_s`` setting (60 s by default); the clock is off until a warning.
A warning holds for the rest of the match: a match hands the clock of one
game to the next (``bola8.game.match``).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ShotClock:
    """Which players are on the clock."""

    warned: frozenset[int] = frozenset()

    def warn(self, player: int) -> ShotClock:
        return ShotClock(self.warned | {player})

    def running(self, player: int) -> bool:
        """True when ``player`` has been warned: his shots are timed."""
        return player in self.warned

    def expired(self, player: int, elapsed_s: float | None, limit_s: float | None) -> bool:
        """True when a warned player took longer than the limit for this shot.

        Exceeding the limit is the foul (RULINGS.md, Art. 24): a shot taken in
        exactly ``limit_s`` seconds is in time.
        """
        if player not in self.warned or elapsed_s is None or limit_s is None:
            return False
        return elapsed_s > limit_s
