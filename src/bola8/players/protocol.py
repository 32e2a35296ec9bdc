"""The player protocol: what a game asks of whoever is at the table."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from bola8.rules import Call

if TYPE_CHECKING:
    from bola8.game import Game
    from bola8.physics import Strike, TableSpec
    from bola8.rules.state import Option


@dataclass(frozen=True)
class ShotChoice:
    """A stroke and its call. ``intended`` is the stroke before execution noise."""

    strike: Strike              # as executed
    call: Call | None
    intended: Strike | None = None   # as aimed (for records and analysis)
    note: str = ""              # what the player meant: "pot 3 in foot-left", "safety", "break"
    # Seconds from when the balls stopped to the stroke, when the player reports them (a person
    # at a real table); otherwise a match measures them while the player is on the shot clock.
    elapsed_s: float | None = None


class Player(Protocol):
    """Whoever is at the table: what a game asks of a player, each method one question (Art. 4's lag, ball in
    hand, the stroke and its call, the options, a stalemate). Bots implement it; a person's actions come
    through the server's session instead.
    """
    name: str

    def lag_speed(self, spec: TableSpec) -> float:
        """Art. 4: cue speed (m/s) of the lag stroke from the head string to the foot cushion and back."""

    def wants_to_break(self) -> bool:
        """Art. 4.1: the lag winner chooses who breaks; True to break himself."""

    def place_cue_ball(self, game: Game) -> tuple[float, float]:
        """Where to put the cue ball in hand (the game refuses a wrong place)."""

    def choose_shot(self, game: Game) -> ShotChoice:
        """The next stroke and its call (None on the break or for a safety)."""

    def choose_option(self, game: Game, options: tuple[Option, ...]) -> Option:
        """One of the pending options (accept_table, rebreak, respot_eight, rerack)."""

    def agrees_to_stalemate(self, game: Game, player: int) -> bool:
        """Art. 21.2: seated as ``player``, whether it agrees to end ``game`` as a stalemate now (the
        rack played again, the same player breaking). A match asks the shooter to propose one during
        a run of safeties and, if he does, asks the other (see ``bola8.game.match``)."""
