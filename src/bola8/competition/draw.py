"""The draw: who is seeded where, and the plan of every match of a format.

**Seeds.** Seed 1 is the strongest: ``given`` takes the players in the order
entered, ``rating`` by the ratings the caller passes (higher first, ties in the
order entered), ``random`` shuffles them with ``random.Random(seed)`` - the same
seed draws the same tournament again.

**Elimination brackets** are a power of two wide, the missing players byes,
and the seeds placed the standard way: pairing seed ``s`` with ``size + 1 - s``
at every doubling, so that round one is 1-8, 4-5, 2-7, 3-6 in a bracket of
eight, seeds 1 and 2 can meet only in the final, and the byes go to the top
seeds. A bye is not a match: the plan leaves it out and the seed waits in the
next round.

**Double elimination**: a player is out after his second lost match. The
losers of the winners' bracket's first round play each other; from then on
the losers' bracket alternates a round where the losers coming down from the
winners' bracket meet its survivors (in reversed order every other time, so
that two players who have just met do not meet again at once) and a round
among its survivors. The winners' champion meets the losers' champion in the
grand final; when the losers' champion wins it, both have lost once, and a
second match decides (made then by the tournament, not planned here).

**Round robin**: every pair once, in rounds by the circle method - one
player fixed, the others turning one place a round; with an odd number a
player rests each round.

>>> bracket_order(8)
[1, 8, 4, 5, 2, 7, 3, 6]
>>> [(m.id, m.round, m.sources) for m in single_elimination(3, lambda _: 3)]
[('m1', 1, (('seed', 2), ('seed', 3))), ('m2', 2, (('seed', 1), ('winner', 'm1')))]
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

# Where a slot's player comes from: ("seed", s) the player drawn as seed s (1 first), ("winner", id) or
# ("loser", id) of an earlier match. ("empty", 0) is a slot no one will fill - a bye - and is planned away.
Source = tuple[str, "int | str"]
BRACKETS = ("winners", "losers", "grand_final")
EMPTY: Source = ("empty", 0)


@dataclass(frozen=True)
class PlannedMatch:
    """One match of the plan: its id, bracket (None in a round robin), round, race and where its two
    players come from."""

    id: str
    bracket: str | None
    round: int
    race: int
    sources: tuple[Source, Source]


# ------------------------------------------------------------------ seeds
def seed_order(count: int, seeding: str, seed: int | None, ratings: Sequence[float] | None) -> list[int]:
    """The players' indices from seed 1 down (see the module).

    >>> seed_order(4, "given", None, None), seed_order(4, "rating", None, [1400.0, 1600.0, 1400.0, 1550.0])
    ([0, 1, 2, 3], [1, 3, 0, 2])
    >>> seed_order(5, "random", 1, None) == seed_order(5, "random", 1, None)
    True
    """
    order = list(range(count))
    if seeding == "random":
        random.Random(seed).shuffle(order)
    elif seeding == "rating":
        assert ratings is not None and len(ratings) == count
        order.sort(key=lambda i: (-ratings[i], i))
    return order


def bracket_order(size: int) -> list[int]:
    """The seeds in bracket order for a bracket of ``size`` (a power of two): round one pairs neighbours."""
    order = [1]
    while len(order) < size:
        width = 2 * len(order)
        order = [s for top in order for s in (top, width + 1 - top)]
    return order


def bracket_size(count: int) -> int:
    """The smallest power of two that holds ``count`` players (at least 2)."""
    size = 2
    while size < count:
        size *= 2
    return size


# ------------------------------------------------------------------ elimination
RaceFor = Callable[[int], int]        # rounds from the end (1 = the final) -> the race


@dataclass
class _Draft:
    bracket: str
    round: int
    from_end: int
    sources: list[Source]
    key: str             # unique within the plan, before the ids are given


def single_elimination(count: int, race_for: RaceFor) -> list[PlannedMatch]:
    """The matches of a single-elimination bracket of ``count`` players (byes left out)."""
    drafts = _winners_bracket(count)
    return _planned(drafts, race_for)


def double_elimination(count: int, race_for: RaceFor) -> list[PlannedMatch]:
    """The matches of a double-elimination bracket of ``count`` players, the grand final's first match last
    (byes left out; the second match of the grand final is the tournament's to add)."""
    size = bracket_size(count)
    rounds = size.bit_length() - 1
    winners = _winners_bracket(count)
    by_round: dict[int, list[_Draft]] = {}
    for draft in winners:
        by_round.setdefault(draft.round, []).append(draft)
    ordered: list[_Draft] = list(by_round[1])
    losers_round: list[_Draft] = []
    number = 0

    def losers(sources_list: list[list[Source]], alongside: int) -> list[_Draft]:
        nonlocal number
        number += 1
        made = [_Draft("losers", number, rounds - alongside + 2, sources, key=f"l{number}.{i}")
                for i, sources in enumerate(sources_list)]
        ordered.extend(made)
        return made

    for r in range(2, rounds + 1):
        ordered.extend(by_round[r])
        if r == 2:
            first = by_round[1]
            losers_round = losers([[("loser", first[2 * i].key), ("loser", first[2 * i + 1].key)]
                                   for i in range(len(first) // 2)], 2)
        else:
            losers_round = losers([[("winner", losers_round[2 * i].key), ("winner", losers_round[2 * i + 1].key)]
                                   for i in range(len(losers_round) // 2)], r)
        coming = by_round[r] if r % 2 else list(reversed(by_round[r]))
        losers_round = losers([[("winner", survivor.key), ("loser", loser.key)]
                               for survivor, loser in zip(losers_round, coming)], r)
    final = by_round[rounds][0]
    champion_of_losers: Source = ("winner", losers_round[0].key) if losers_round else ("loser", final.key)
    ordered.append(_Draft("grand_final", 1, 1, [("winner", final.key), champion_of_losers], key="gf"))
    for draft in winners:
        draft.from_end += 1          # the grand final is the last round
    return _planned(ordered, race_for)


def _winners_bracket(count: int) -> list[_Draft]:
    size = bracket_size(count)
    rounds = size.bit_length() - 1
    seeds = bracket_order(size)
    drafts = []
    previous: list[_Draft] = []
    for r in range(1, rounds + 1):
        if r == 1:
            sources = [[_seed(seeds[2 * i], count), _seed(seeds[2 * i + 1], count)] for i in range(size // 2)]
        else:
            sources = [[("winner", previous[2 * i].key), ("winner", previous[2 * i + 1].key)]
                       for i in range(len(previous) // 2)]
        previous = [_Draft("winners", r, rounds - r + 1, s, key=f"w{r}.{i}") for i, s in enumerate(sources)]
        drafts.extend(previous)
    return drafts


def _seed(seed: int, count: int) -> Source:
    return ("seed", seed) if seed <= count else EMPTY


def _planned(drafts: list[_Draft], race_for: RaceFor) -> list[PlannedMatch]:
    """The drafts without their byes, numbered m1, m2, ... in order, each bracket's rounds numbered from 1
    without gaps. A match with an empty slot is a bye: its winner is the other slot's player, its loser no
    one; a match with two empty slots (possible in a losers' bracket) has neither."""
    passes: dict[str, Source] = {}          # ("winner"|"loser", key of a bye) -> what it stands for
    kept: list[_Draft] = []
    for draft in drafts:
        draft.sources = [passes.get(f"{kind}:{ref}", (kind, ref)) if kind in ("winner", "loser") else (kind, ref)
                         for kind, ref in draft.sources]
        empty = [s == EMPTY for s in draft.sources]
        if any(empty):
            passes[f"winner:{draft.key}"] = draft.sources[1] if empty[0] else draft.sources[0]
            passes[f"loser:{draft.key}"] = EMPTY
        else:
            kept.append(draft)
    ids = {draft.key: f"m{i + 1}" for i, draft in enumerate(kept)}
    numbers: dict[tuple[str, int], int] = {}
    for draft in kept:
        numbers.setdefault((draft.bracket, draft.round), len([b for b, _ in numbers if b == draft.bracket]) + 1)
    out = []
    for draft in kept:
        a, b = ((kind, ids[str(ref)]) if kind in ("winner", "loser") else (kind, ref) for kind, ref in draft.sources)
        out.append(PlannedMatch(ids[draft.key], draft.bracket, numbers[(draft.bracket, draft.round)],
                                race_for(draft.from_end), (a, b)))
    return out


# ------------------------------------------------------------------ round robin
def round_robin(count: int, race: int) -> list[PlannedMatch]:
    """Every pair of ``count`` players once, by the circle method, in rounds (see the module).

    >>> [(m.round, m.sources) for m in round_robin(3, 2)]
    [(1, (('seed', 2), ('seed', 3))), (2, (('seed', 3), ('seed', 1))), (3, (('seed', 1), ('seed', 2)))]
    """
    seats: list[int | None] = list(range(1, count + 1))
    if count % 2:
        seats.append(None)                     # who meets it rests that round
    width = len(seats)
    out: list[PlannedMatch] = []
    for r in range(1, width):
        for i in range(width // 2):
            a, b = seats[i], seats[width - 1 - i]
            if a is None or b is None:
                continue
            if i == 0 and r % 2 == 0:
                a, b = b, a                    # the fixed seat is not always the first named
            out.append(PlannedMatch(f"m{len(out) + 1}", None, r, race, (("seed", a), ("seed", b))))
        seats = [seats[0], seats[-1], *seats[1:-1]]
    return out
