"""Standings: each player's matches and racks, in order, best first.

Every match that is over counts - one won by a result, one forfeited (the
winner credited with the race, the forfeiting player with the racks he had
won in it) - except a match that no one played: a walkover with no opponent
or a match both of whose players were disqualified.

**A round robin** ranks by, in this order:

1. matches won;
2. racks won minus racks lost;
3. head to head: the matches won among the players still tied, counting only
   the matches between them; when that splits the tied players into smaller
   groups, each smaller group is ranked again by head to head among itself;
4. racks won;
5. the draw: the better seed first.

The last two are ours (the Reglamento and the contract stop at head to head):
racks won rewards the player who won more when the difference is the same,
and the seed makes the order total and reproducible - no lot is drawn.

**An elimination bracket** ranks the players still in first, then the
eliminated, the later eliminated ahead (the final's loser second, the
semi-finals' losers next, and so on; in double elimination by the losers'
round that put them out); players eliminated in the same round share a place
and are ordered among themselves by matches won, racks won minus lost, and
seed. A place is given once it is final: to every eliminated player, and to
the champion when the tournament is over.

A disqualified player (Art. 22) ranks below every other, and has no place.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Standing:
    """One player's line: matches won and lost, racks won and lost, and his place once it is final."""

    player: int
    wins: int = 0
    losses: int = 0
    racks_won: int = 0
    racks_lost: int = 0
    place: int | None = None
    beaten: list[int] = field(default_factory=list)      # whom he beat (for head to head)

    @property
    def matches(self) -> int:
        """Matches played (won or lost)."""
        return self.wins + self.losses

    @property
    def difference(self) -> int:
        """Racks won minus racks lost."""
        return self.racks_won - self.racks_lost

    def to_dict(self) -> dict[str, Any]:
        """The contract's standing: player, wins, losses, racks_won, racks_lost; and matches, place."""
        return {"player": self.player, "place": self.place, "matches": self.matches, "wins": self.wins,
                "losses": self.losses, "racks_won": self.racks_won, "racks_lost": self.racks_lost}


@dataclass(frozen=True)
class Played:
    """A match that counts: its two players, the score in their order, and the winner."""

    players: tuple[int, int]
    score: tuple[int, int]
    winner: int


def tally(count: int, played: Sequence[Played]) -> list[Standing]:
    """Each player's line (in player order) from the matches that count."""
    lines = [Standing(i) for i in range(count)]
    for match in played:
        for slot, player in enumerate(match.players):
            line = lines[player]
            line.racks_won += match.score[slot]
            line.racks_lost += match.score[1 - slot]
            if player == match.winner:
                line.wins += 1
                line.beaten.append(match.players[1 - slot])
            else:
                line.losses += 1
    return lines


def round_robin_order(lines: list[Standing], seed_of: Callable[[int], int],
                      disqualified: set[int]) -> list[Standing]:
    """``lines`` ranked by a round robin's tie-breaks (see the module); every place given."""
    def ranked(group: list[Standing]) -> list[Standing]:
        out: list[Standing] = []
        for tied in _groups(group, lambda s: (-s.wins, -s.difference)):
            out.extend(_head_to_head(tied, seed_of))
        return out

    order = ranked([s for s in lines if s.player not in disqualified])
    for place, line in enumerate(order, start=1):
        line.place = place
    return order + ranked([s for s in lines if s.player in disqualified])


def _head_to_head(tied: list[Standing], seed_of: Callable[[int], int]) -> list[Standing]:
    if len(tied) == 1:
        return tied
    members = {s.player for s in tied}
    groups = _groups(tied, lambda s: -sum(1 for other in s.beaten if other in members))
    if len(groups) == 1:               # head to head does not separate them: racks won, then the seed
        return sorted(tied, key=lambda s: (-s.racks_won, seed_of(s.player)))
    return [line for group in groups for line in _head_to_head(group, seed_of)]


def _groups(lines: list[Standing], key: Callable[[Standing], Any]) -> list[list[Standing]]:
    """``lines`` sorted by ``key`` and cut where it changes."""
    out: list[list[Standing]] = []
    for line in sorted(lines, key=key):
        if out and key(out[-1][0]) == key(line):
            out[-1].append(line)
        else:
            out.append([line])
    return out


def elimination_order(lines: list[Standing], out_at: dict[int, int], champion: int | None,
                      seed_of: Callable[[int], int], disqualified: set[int]) -> list[Standing]:
    """``lines`` ranked for an elimination bracket (see the module). ``out_at`` gives each eliminated
    player the order of the round that put him out (later is larger); ``champion`` is set once the
    tournament is over."""
    def key(s: Standing) -> tuple[int, int, int, int]:
        when = out_at.get(s.player)
        return (-(10**6) if when is None else -when, -s.wins, -s.difference, seed_of(s.player))

    active = sorted((s for s in lines if s.player not in disqualified), key=key)
    still_in = sum(1 for s in active if s.player not in out_at)
    for line in active:
        when = out_at.get(line.player)
        if when is not None:
            line.place = 1 + still_in + sum(1 for s in active if out_at.get(s.player, -1) > when)
        elif line.player == champion:
            line.place = 1
    return active + sorted((s for s in lines if s.player in disqualified), key=key)
