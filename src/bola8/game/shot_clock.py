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

from bola8.errors import InputError


@dataclass(frozen=True)
class ShotClock:
    """Which players are on the clock."""

    warned: frozenset[int] = frozenset()

    def warn(self, player: int) -> ShotClock:
        """The clock with ``player`` warned too (Art. 24: from now on his shots are timed)."""
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


@dataclass
class TurnTimer:
    """Art. 24 kept by whoever keeps a match apart from its players (a server): the time of each
    stroke measured from the times its actions were taken (unix seconds), never stated by the player.

    ``started`` is when the seat to act got the table: when the balls of the last stroke stopped -
    the time that stroke was taken plus its duration. An action counts as taken no earlier than the
    balls before it stopped (a bot's stroke is stored at once, but the next player watches the one
    before it roll). Placing the cue ball in hand is part of the turn, and a proposal or its answer
    (Art. 21.2) is not a turn: neither restarts the time.
    """

    started: float | None = None

    def taken(self, at: float, stroke_s: float | None = None, *, restarts: bool = True) -> None:
        """An action taken at unix time ``at`` whose stroke (if any) lasted ``stroke_s`` seconds."""
        if not restarts:
            return
        played_at = at if self.started is None else max(at, self.started)
        self.started = played_at + (stroke_s or 0.0)

    def elapsed(self, now: float) -> float | None:
        """Seconds since the seat to act got the table, or None before any action."""
        return None if self.started is None else round(max(0.0, now - self.started), 3)

    def stroke_time(self, warned: bool, stated: float | None, now: float) -> float | None:
        """The time a stroke taken ``now`` is judged with (Art. 24): measured here for a warned seat
        - which may not state its own (InputError) -, and for any other seat the one it stated."""
        if not warned:
            return stated
        if stated is not None:
            raise InputError("elapsed_s: this seat is on the shot clock (Art. 24); its time is measured, so "
                             "leave elapsed_s out.",
                             "elapsed_s: este asiento juega con reloj de tiro (Art. 24); su tiempo se mide, así "
                             "que no envíe elapsed_s.")
        return self.elapsed(now)
