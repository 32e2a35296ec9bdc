"""Tournaments made and played for the tests."""

from __future__ import annotations

from collections.abc import Callable

from bola8.competition import Match, Tournament


def started(count: int, form: str, *, race: int = 2, seeding: str = "given", **more: object) -> Tournament:
    """A tournament of players "P0".."P{count-1}" (seeded in that order by default), drawn."""
    params = {"name": "Prueba", "format": form, "race": race, "seeding": seeding,
              "players": [f"P{i}" for i in range(count)], **more}
    return Tournament.create(params).apply({"type": "start"})


def win(t: Tournament, match_id: str, winner: int, loser_racks: int = 0) -> Tournament:
    """``winner`` wins ``match_id`` by its race to ``loser_racks``."""
    m = t.match(match_id)
    slot = m.players.index(winner)
    score = [m.race, loser_racks] if slot == 0 else [loser_racks, m.race]
    return t.apply({"type": "result", "match": match_id, "winner": winner, "score": score})


def play_out(t: Tournament, pick: Callable[[Tournament, Match], int]) -> Tournament:
    """Play every ready match, first ready first, ``pick`` choosing its winner, until it is over."""
    while t.status == "running":
        ready = [m for m in t.matches if m.status in ("ready", "playing")]
        assert ready, [(m.id, m.status, m.players) for m in t.matches]
        t = win(t, ready[0].id, pick(t, ready[0]))
    return t


def favourite(t: Tournament, m: Match) -> int:
    """The better seed of the match."""
    seed = {player: s for s, player in enumerate(t.seeds)}
    return min((p for p in m.players if p is not None), key=lambda p: seed[p])


def underdog(t: Tournament, m: Match) -> int:
    """The worse seed of the match."""
    seed = {player: s for s, player in enumerate(t.seeds)}
    return max((p for p in m.players if p is not None), key=lambda p: seed[p])
