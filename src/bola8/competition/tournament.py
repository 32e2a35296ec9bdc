"""A tournament of people as a value changed only by events.

A :class:`Tournament` is made from its parameters (:mod:`.parameters`) and
moved on by events, each a small JSON object; whoever keeps it stores the
parameters and the events in order, and :meth:`Tournament.rebuild` makes the
same tournament again by applying them (as a game is rebuilt from its
actions). :meth:`Tournament.apply` returns the tournament after one event and
leaves the one it was called on as it was; an event it refuses changes nothing.

The events (``type`` and its fields; ``i`` is a player's index in ``players``,
``"m3"`` a match's id):

=============  ===================================================  ==========================
type           fields                                                when
=============  ===================================================  ==========================
``enter``      ``player``: a name or ``{"name", "profile"}``         open
``withdraw``   ``player``: i                                         open
``start``      ``ratings``: one number a player (seeding "rating")   open, two players or more
``assign``     ``match``; ``table`` and/or ``game``: an id or null   running, match not over
``score``      ``match``, ``score``: [a, b], both short of the race  running, match ready/playing
``result``     ``match``, ``winner``: i, ``score``: [a, b]            running, match ready/playing
``disqualify`` ``player``: i, ``reason``: a sentence (Art. 22)        running
``undo``       ``match``: the result of that match is taken back     running or over
=============  ===================================================  ==========================

A score is in the order of the match's ``players``; a result's winner has
the match's race and the loser fewer racks. ``score`` reports a match's score
while it is played (the match is then "playing"). ``table`` and ``game`` are
the server's ids, kept as given.

A **disqualification** (Art. 22) makes each of the player's matches that is
not over a forfeit, now or as soon as it has both its players: the opponent
wins, credited with the race, the disqualified player keeping the racks he
had won in it; a match of two disqualified players is over with no winner,
and whoever its winner or loser would have met goes on without playing (a
walkover, which no standing counts). ``reason`` is kept with the player.
A match over stays as it was decided: the winner of a forfeit disqualified
later keeps it, and forfeits only his matches not yet over.

An **undo** takes back a match's result: the match is in play again at its
last reported score. It is refused while a later match that the result put
players into - directly, or through matches forfeited on the way - has
started or ended, when the match was forfeited rather than played, and when
one of its players has been disqualified since.

A refused event raises :class:`~bola8.errors.InputError` naming the field,
in English and Spanish: a bad value (HTTP 422), or
:class:`~bola8.errors.OutOfTurn` when the event is valid but not now (409).

>>> t = Tournament.create({"name": "Open", "format": "single_elimination", "race": 2,
...                        "players": ["Ana", "Luis", "Marta"], "seeding": "given"})
>>> t = t.apply({"type": "start"})
>>> [(m.id, m.players, m.status) for m in t.matches]
[('m1', (1, 2), 'ready'), ('m2', (0, None), 'waiting')]
>>> t = t.apply({"type": "result", "match": "m1", "winner": 2, "score": [1, 2]})
>>> t.apply({"type": "result", "match": "m1", "winner": 2, "score": [1, 2]})
Traceback (most recent call last):
...
bola8.errors.OutOfTurn: match: m1 is over; its result can be taken back with an undo.
>>> t = t.apply({"type": "result", "match": "m2", "winner": 0, "score": [2, 0]})
>>> t.status, t.winner, [s.player for s in t.standings()]
('over', 0, [0, 2, 1])
"""

from __future__ import annotations

import copy
import math
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from bola8.competition import draw
from bola8.competition.names import round_name
from bola8.competition.parameters import Entry, Parameters, opaque_id
from bola8.competition.standings import Played, Standing, elimination_order, round_robin_order, tally
from bola8.errors import InputError, OutOfTurn
from bola8.rules import _fields as f

EVENT_TYPES = ("enter", "withdraw", "start", "assign", "score", "result", "disqualify", "undo")
STATUSES = ("open", "running", "over")
MATCH_STATUSES = ("waiting", "ready", "playing", "over")
MAX_REASON = 200                  # characters of a disqualification's reason

_EVENT_FIELDS = {"enter": ("player",), "withdraw": ("player",), "start": ("ratings",),
                 "assign": ("match", "table", "game"), "score": ("match", "score"),
                 "result": ("match", "winner", "score"), "disqualify": ("player", "reason"), "undo": ("match",)}


@dataclass(frozen=True)
class Match:
    """One match as it stands: the plan's match with its players, score and outcome resolved."""

    id: str
    bracket: str | None               # "winners" | "losers" | "grand_final"; None in a round robin
    round: int
    race: int
    sources: tuple[draw.Source, draw.Source]
    players: tuple[int | None, int | None]  # None while not known, or when no one comes (a walkover)
    status: str                       # one of MATCH_STATUSES
    score: tuple[int, int]
    winner: int | None = None
    loser: int | None = None
    forfeit: tuple[int, ...] = ()     # the disqualified players who forfeited it
    played: bool = False              # over by a result entered (not a forfeit or a walkover)
    table: str | None = None
    game: str | None = None


@dataclass(frozen=True)
class Outcome:
    """A match decided between two players: who won, who lost, and whether the loser forfeited it."""

    match: str
    winner: int
    loser: int
    forfeit: bool


@dataclass(frozen=True)
class _Facts:
    """What the events established; everything else is derived from it (:meth:`Tournament._resolve`)."""

    seeds: tuple[int, ...] = ()                          # the player drawn as seed 1, 2, ...
    plan: tuple[draw.PlannedMatch, ...] = ()
    results: Mapping[str, tuple[int, tuple[int, int]]] = field(default_factory=dict)   # winner, score
    live: Mapping[str, tuple[int, int]] = field(default_factory=dict)     # the score while it is played
    tables: Mapping[str, str | None] = field(default_factory=dict)
    games: Mapping[str, str | None] = field(default_factory=dict)
    disqualified: Mapping[int, str] = field(default_factory=dict)         # player -> the reason
    # each match over without play, as it was decided then: its winner (None when no one goes on) and who
    # forfeited it - a later disqualification changes only the matches not yet over (Art. 22)
    unplayed: Mapping[str, tuple[int | None, tuple[int, ...]]] = field(default_factory=dict)


class Tournament:
    """A tournament: its parameters, the events applied, and everything they decided (see the module)."""

    def __init__(self, parameters: Parameters, events: Sequence[Mapping[str, Any]] = (),
                 facts: _Facts | None = None, matches: tuple[Match, ...] | None = None):
        self.parameters = parameters
        self.events: tuple[dict[str, Any], ...] = tuple(dict(e) for e in events)
        self._facts = facts or _Facts()
        # ``matches`` only from a tournament with these very facts (apply's), to resolve them once
        self.matches: tuple[Match, ...] = self._resolve() if matches is None else matches

    # ------------------------------------------------------------ making
    @classmethod
    def create(cls, parameters: Any) -> Tournament:
        """A new tournament (status "open") from its parameters' JSON (:meth:`Parameters.from_dict`)."""
        return cls(Parameters.from_dict(parameters))

    @classmethod
    def rebuild(cls, parameters: Any, events: Sequence[Any]) -> Tournament:
        """The tournament made from ``parameters`` and moved on by ``events`` in order (each checked as
        :meth:`apply` checks it; a refusal names the event's position, ``events[3].match``)."""
        tournament = cls.create(parameters)
        for number, event in enumerate(f.array(events, "events")):
            try:
                tournament = tournament.apply(event)
            except InputError as error:
                kind = type(error)
                raise kind(f"events[{number}].{error.en}", f"events[{number}].{error.es}") from None
        return tournament

    # ------------------------------------------------------------ queries
    @property
    def status(self) -> str:
        """"open" before the draw, "running", "over" once the champion is known (every match over in a
        round robin)."""
        if not self._facts.seeds:
            return "open"
        return "over" if self._decided() else "running"

    @property
    def winner(self) -> int | None:
        """The champion's index once the tournament is over (None before, or when no one is left)."""
        if self.status != "over":
            return None
        if self.parameters.format == "round_robin":
            table = self.standings()
            return table[0].player if table and table[0].place == 1 else None
        return self.matches[-1].winner

    @property
    def seeds(self) -> tuple[int, ...]:
        """The players' indices from seed 1 down (empty before the draw)."""
        return self._facts.seeds

    @property
    def disqualified(self) -> dict[int, str]:
        """The disqualified players' indices and the reason given for each (Art. 22)."""
        return dict(self._facts.disqualified)

    def match(self, match_id: str) -> Match:
        """The match ``match_id`` (an InputError naming ``match`` when there is none)."""
        for match in self.matches:
            if match.id == match_id:
                return match
        ids = ", ".join(m.id for m in self.matches) or "none yet"
        raise InputError(f"match: {f.spell(match_id)} is not a match of this tournament; its matches are {ids}.",
                         f"match: {f.spell(match_id, 'es')} no es un encuentro de este torneo; sus encuentros son "
                         f"{ids if self.matches else 'ninguno todavía'}.")

    def outcomes(self) -> list[Outcome]:
        """Every match decided between two players, in match order: what ratings are moved by (a forfeit
        is a loss). Comparing the list before and after an event tells which matches that event decided."""
        return [Outcome(m.id, m.winner, m.loser, bool(m.forfeit)) for m in self.matches
                if m.status == "over" and m.winner is not None and m.loser is not None]

    def standings(self) -> list[Standing]:
        """Every player's line, best first (:mod:`.standings`)."""
        count = len(self.parameters.players)
        played = []
        for m in self.matches:
            a, b = m.players
            if m.status == "over" and m.winner is not None and a is not None and b is not None:
                played.append(Played((a, b), m.score, m.winner))
        lines = tally(count, played)
        rank = {player: seed for seed, player in enumerate(self._facts.seeds, start=1)}

        def seed_of(player: int) -> int:
            return rank.get(player, count + player + 1)

        gone = set(self._facts.disqualified)
        if self.parameters.format == "round_robin":
            return round_robin_order(lines, seed_of, gone)
        return elimination_order(lines, self._eliminated(), self.winner, seed_of, gone)

    def rounds(self) -> list[dict[str, Any]]:
        """The rounds in the order they are played: bracket, round, name (es/en) and the ids of its matches."""
        counts: dict[str | None, int] = {}
        for m in self.matches:
            counts[m.bracket] = max(counts.get(m.bracket, 0), m.round)
        rounds: dict[tuple[str | None, int], dict[str, Any]] = {}
        for m in self.matches:
            key = (m.bracket, m.round)
            if key not in rounds:
                rounds[key] = {"bracket": m.bracket, "round": m.round, "matches": [],
                               "name": round_name(self.parameters.format, m.bracket, m.round, counts[m.bracket])}
            rounds[key]["matches"].append(m.id)
        return list(rounds.values())

    # ------------------------------------------------------------ events
    def apply(self, event: Any) -> Tournament:
        """The tournament after ``event`` (see the module's table); this one is left as it was."""
        data = f.require_object(event, "event")
        kind = f.choice(_present(data, "type"), "type", EVENT_TYPES)
        allowed = ("type", *_EVENT_FIELDS[kind])
        for key in data:
            if key not in allowed:
                raise InputError(f"{key}: unknown field of a {kind} event; expected only {', '.join(allowed)}.",
                                 f"{key}: campo desconocido en un evento {kind}; solo se esperaba "
                                 f"{', '.join(allowed)}.")
        handler = getattr(self, f"_on_{kind}")
        changed: Tournament = handler(data)
        facts = changed._facts
        decided = {m.id: (m.winner, m.forfeit) for m in changed.matches
                   if m.status == "over" and not m.played and m.id not in facts.unplayed}
        if decided:                             # what these matches' players were is settled: keep it so
            facts = replace(facts, unplayed={**facts.unplayed, **decided})
            return Tournament(changed.parameters, (*self.events, copy.deepcopy(data)), facts)
        return Tournament(changed.parameters, (*self.events, copy.deepcopy(data)), facts, changed.matches)

    def _changed(self, **facts: Any) -> Tournament:
        return Tournament(self.parameters, self.events, replace(self._facts, **facts))

    def _on_enter(self, event: dict[str, Any]) -> Tournament:
        self._expect("open", "enter")
        entry = Entry.from_json(_present(event, "player"), "player")
        return Tournament(self.parameters.entered(entry, "player"), self.events, self._facts)

    def _on_withdraw(self, event: dict[str, Any]) -> Tournament:
        self._expect("open", "withdraw")
        player = self._player(_present(event, "player"))
        return Tournament(self.parameters.withdrawn(player), self.events, self._facts)

    def _on_start(self, event: dict[str, Any]) -> Tournament:
        self._expect("open", "start")
        params = self.parameters
        count = len(params.players)
        if count < 2:
            raise OutOfTurn(f"start: a tournament needs at least two players; it has {count}.",
                            f"start: un torneo necesita al menos dos jugadores; tiene {count}.")
        ratings = _ratings(event.get("ratings"), count, params.seeding)
        seeds = tuple(draw.seed_order(count, params.seeding, params.seed, ratings))
        if params.format == "round_robin":
            plan = draw.round_robin(count, params.race)
        elif params.format == "single_elimination":
            plan = draw.single_elimination(count, params.race_for)
        else:
            plan = draw.double_elimination(count, params.race_for)
        return self._changed(seeds=seeds, plan=tuple(plan))

    def _on_assign(self, event: dict[str, Any]) -> Tournament:
        self._expect("running", "assign")
        match = self._open_match(event)
        if "table" not in event and "game" not in event:
            raise InputError("assign: give table, game or both (an id, or null to clear it).",
                             "assign: indique table, game o ambos (un identificador, o null para quitarlo).")
        facts: dict[str, Any] = {}
        for key, store in (("table", self._facts.tables), ("game", self._facts.games)):
            if key in event:
                value = event[key]
                facts[key + "s"] = {**store, match.id: None if value is None else opaque_id(value, key)}
        return self._changed(**facts)

    def _on_score(self, event: dict[str, Any]) -> Tournament:
        self._expect("running", "score")
        match = self._open_match(event)
        self._ready(match)
        score = _score(_present(event, "score"), "score")
        for slot in (0, 1):
            if score[slot] >= match.race:
                raise InputError(f"score[{slot}]: {score[slot]} reaches the race ({match.race}); a finished match "
                                 "is entered as a result.",
                                 f"score[{slot}]: {score[slot]} alcanza la carrera ({match.race}); un encuentro "
                                 "terminado se entra como resultado.")
        return self._changed(live={**self._facts.live, match.id: score})

    def _on_result(self, event: dict[str, Any]) -> Tournament:
        self._expect("running", "result")
        match = self._open_match(event)
        self._ready(match)
        winner = self._player(_present(event, "winner"), "winner")
        if winner not in match.players:
            a, b = match.players
            raise InputError(f"winner: player {winner} does not play {match.id}; its players are {a} and {b}.",
                             f"winner: el jugador {winner} no juega {match.id}; sus jugadores son {a} y {b}.")
        score = _score(_present(event, "score"), "score")
        slot = match.players.index(winner)
        if score[slot] != match.race or score[1 - slot] >= match.race:
            raise InputError(f"score: {list(score)} does not end {match.id}, a race to {match.race} won by player "
                             f"{winner}: the winner has {match.race} racks and the loser fewer.",
                             f"score: {list(score)} no cierra {match.id}, una carrera a {match.race} ganada por el "
                             f"jugador {winner}: el ganador tiene {match.race} partidas y el perdedor menos.")
        return self._changed(results={**self._facts.results, match.id: (winner, score)})

    def _on_disqualify(self, event: dict[str, Any]) -> Tournament:
        self._expect("running", "disqualify")
        player = self._player(_present(event, "player"))
        reason = _reason(_present(event, "reason"))
        gone = self._facts.disqualified
        if player in gone:
            raise OutOfTurn(f"player: player {player} is disqualified already ({gone[player]}).",
                            f"player: el jugador {player} ya está descalificado ({gone[player]}).")
        return self._changed(disqualified={**gone, player: reason})

    def _on_undo(self, event: dict[str, Any]) -> Tournament:
        if self.status == "open":
            raise OutOfTurn("undo: the tournament has not started; there is no result to undo.",
                            "undo: el torneo no ha empezado; no hay ningún resultado que deshacer.")
        match_id = _present(event, "match")
        match = self.match(match_id)
        results = dict(self._facts.results)
        if match.id not in results:
            if match.status == "over":
                raise OutOfTurn(f"match: {match.id} was not played but forfeited or walked over; only a result "
                                "entered can be undone.",
                                f"match: {match.id} no se jugó sino que se perdió por descalificación o sin rival; "
                                "solo se puede deshacer un resultado entrado.")
            raise OutOfTurn(f"match: {match.id} has no result to undo.",
                            f"match: {match.id} no tiene ningún resultado que deshacer.")
        gone = self._facts.disqualified
        for player in match.players:
            if player in gone:
                raise OutOfTurn(f"match: player {player} of {match.id} has been disqualified since; its result "
                                "stands.",
                                f"match: el jugador {player} de {match.id} ha sido descalificado después; su "
                                "resultado se mantiene.")
        blocking = self._blocking(match.id)
        if blocking is not None:
            raise OutOfTurn(f"match: {blocking.id} depends on the result of {match.id} and has "
                            f"{'ended' if blocking.status == 'over' else 'started'}; undo it first.",
                            f"match: {blocking.id} depende del resultado de {match.id} y ya ha "
                            f"{'terminado' if blocking.status == 'over' else 'empezado'}; deshágalo antes.")
        del results[match.id]
        # the forfeits and walkovers this result led to are decided again from what replaces it
        changed = self._changed(results=results, unplayed={key: value for key, value in self._facts.unplayed.items()
                                                           if key not in self._led_to(match.id)})
        alive = {m.id for m in changed.matches}
        if any(key not in alive for key in (*self._facts.tables, *self._facts.games)):
            changed = changed._changed(tables={k: v for k, v in self._facts.tables.items() if k in alive},
                                       games={k: v for k, v in self._facts.games.items() if k in alive})
        return changed

    # ------------------------------------------------------------ checks
    def _expect(self, status: str, kind: str) -> None:
        now = self.status
        if now == status:
            return
        why_en = {"open": "the tournament has not started", "running": "the tournament is under way",
                  "over": "the tournament is over"}[now]
        why_es = {"open": "el torneo no ha empezado", "running": "el torneo está en juego",
                  "over": "el torneo ha terminado"}[now]
        need_en = {"open": "open, before the draw", "running": "under way"}[status]
        need_es = {"open": "abierto, antes del sorteo", "running": "en juego"}[status]
        raise OutOfTurn(f"type: not now; {why_en} (a {kind} event needs it {need_en}).",
                        f"type: ahora no; {why_es} (un evento {kind} necesita el torneo {need_es}).")

    def _player(self, value: Any, where: str = "player") -> int:
        if not self.parameters.players:
            raise InputError(f"{where}: the tournament has no players yet.",
                             f"{where}: el torneo todavía no tiene jugadores.")
        return f.integer(value, where, 0, len(self.parameters.players) - 1)

    def _open_match(self, event: dict[str, Any]) -> Match:
        match = self.match(_present(event, "match"))
        if match.status == "over":
            raise OutOfTurn(f"match: {match.id} is over; its result can be taken back with an undo.",
                            f"match: {match.id} ha terminado; su resultado se puede deshacer con undo.")
        return match

    @staticmethod
    def _ready(match: Match) -> None:
        if match.status == "waiting":
            raise OutOfTurn(f"match: {match.id} is not ready; it waits for its players.",
                            f"match: {match.id} no está listo; espera a sus jugadores.")

    def _blocking(self, match_id: str) -> Match | None:
        """The first later match that the result of ``match_id`` put players into, directly or through
        forfeits and walkovers, and that has started or ended by play."""
        for m in self.matches:
            if any(kind in ("winner", "loser") and ref == match_id for kind, ref in m.sources):
                if m.status == "playing" or m.played:
                    return m
                if m.status == "over":
                    deeper = self._blocking(m.id)
                    if deeper is not None:
                        return deeper
        return None

    def _led_to(self, match_id: str) -> set[str]:
        """The later matches the result of ``match_id`` put players into, directly or through the matches
        that ended without play on the way."""
        found: set[str] = set()
        for m in self.matches:
            if any(kind in ("winner", "loser") and ref == match_id for kind, ref in m.sources):
                found.add(m.id)
                if m.status == "over" and not m.played:
                    found |= self._led_to(m.id)
        return found

    # ------------------------------------------------------------ deriving
    def _resolve(self) -> tuple[Match, ...]:
        facts = self._facts
        if not facts.seeds:
            return ()
        done: dict[str, Match] = {}
        out: list[Match] = []
        plan = list(facts.plan)
        index = 0
        while index < len(plan):
            planned = plan[index]
            index += 1
            match = self._decide(planned, done)
            done[match.id] = match
            out.append(match)
            last = index == len(facts.plan)
            if (last and planned.bracket == "grand_final" and match.played and match.winner == match.players[1]):
                # the losers' champion beat the winners' champion: each has lost once, a second match decides
                plan.append(draw.PlannedMatch(f"m{len(facts.plan) + 1}", "grand_final", 2, planned.race,
                                              (("loser", planned.id), ("winner", planned.id))))
        return tuple(out)

    def _decide(self, planned: draw.PlannedMatch, done: Mapping[str, Match]) -> Match:
        facts = self._facts
        players: list[int | None] = []
        pending = False
        for kind, ref in planned.sources:
            if kind == "seed":
                players.append(facts.seeds[int(ref) - 1])
                continue
            before = done[str(ref)]
            if before.status != "over":
                pending = True
                players.append(None)
            else:
                players.append(before.winner if kind == "winner" else before.loser)
        pair = (players[0], players[1])

        def match(status: str, score: tuple[int, int] = (0, 0), winner: int | None = None,
                  loser: int | None = None, forfeit: tuple[int, ...] = (), played: bool = False) -> Match:
            return Match(planned.id, planned.bracket, planned.round, planned.race, planned.sources, pair, status,
                         score, winner, loser, forfeit, played, facts.tables.get(planned.id),
                         facts.games.get(planned.id))

        if pending:
            return match("waiting")
        result = facts.results.get(planned.id)
        if result is not None:
            won, score = result
            return match("over", score, won, pair[1] if pair[0] == won else pair[0], played=True)
        live = facts.live.get(planned.id)
        kept_decision = facts.unplayed.get(planned.id)
        winner: int | None
        if kept_decision is not None:
            winner, forfeit = kept_decision
        else:
            gone = facts.disqualified
            standing = [p for p in pair if p is not None and p not in gone]
            if len(standing) == 2:
                return match("playing" if live is not None else "ready", live or (0, 0))
            forfeit = tuple(p for p in pair if p is not None and p in gone)
            winner = standing[0] if len(standing) == 1 else None
        if winner is not None:
            slot = pair.index(winner)
            other = pair[1 - slot]
            if other is None:                   # no one came: a walkover, not a match
                return match("over", winner=winner)
            kept = (live or (0, 0))[1 - slot]
            return match("over", (planned.race, kept) if slot == 0 else (kept, planned.race), winner, other, forfeit)
        return match("over", live or (0, 0), forfeit=forfeit)      # both disqualified: no one goes on

    def _decided(self) -> bool:
        if self.parameters.format == "round_robin":
            return all(m.status == "over" for m in self.matches)
        # the final, or in double elimination the grand final's last match (its second when it was needed)
        return bool(self.matches) and self.matches[-1].status == "over"

    def _eliminated(self) -> dict[int, int]:
        """Each eliminated player and the order of the round that put him out (later rounds larger)."""
        order: dict[tuple[str | None, int], int] = {}
        for m in self.matches:
            order.setdefault((m.bracket, m.round), len(order))
        goes_on = {str(ref) for m in self.matches for kind, ref in m.sources if kind == "loser"}
        out: dict[int, int] = {}
        for m in self.matches:
            if m.status == "over" and m.loser is not None and m.id not in goes_on:
                out[m.loser] = order[(m.bracket, m.round)]
        return out

    # ------------------------------------------------------------ JSON
    def to_dict(self, tournament_id: str) -> dict[str, Any]:
        """The contract's TOURNAMENT, with ``tournament_id`` as its id (see docs/tournaments.md for the
        fields added for a bracket's drawing)."""
        params = self.parameters
        seed_of = {player: seed for seed, player in enumerate(self._facts.seeds, start=1)}
        gone = self._facts.disqualified
        onward: dict[str, dict[str, Any]] = {}
        for m in self.matches:
            for slot, (kind, ref) in enumerate(m.sources):
                if kind in ("winner", "loser"):
                    onward.setdefault(str(ref), {"winner": None, "loser": None})[kind] = {"match": m.id, "slot": slot}
        return {
            "id": tournament_id, "name": params.name, "format": params.format, "race": params.race,
            "race_later": None if params.race_later is None else params.race_later.to_dict(),
            "play": params.play, "seeding": params.seeding, "seed": params.seed, "ruleset": params.ruleset,
            "players": [{"name": e.name, "profile": e.profile, "seed": seed_of.get(i),
                         "disqualified": gone.get(i)} for i, e in enumerate(params.players)],
            "status": self.status,
            "rounds": self.rounds(),
            "matches": [_match_json(m, self._facts.seeds, onward.get(m.id)) for m in self.matches],
            "standings": [s.to_dict() for s in self.standings()],
            "winner": self.winner,
        }


def _match_json(m: Match, seeds: Sequence[int], onward: dict[str, Any] | None) -> dict[str, Any]:
    def source(kind: str, ref: int | str) -> dict[str, Any]:
        if kind == "seed":
            return {"seed": ref, "player": seeds[int(ref) - 1]}
        return {kind: ref}

    return {"id": m.id, "round": m.round, "bracket": m.bracket, "race": m.race,
            "players": list(m.players), "table": m.table, "game": m.game, "score": list(m.score),
            "winner": m.winner, "status": m.status, "forfeit": list(m.forfeit),
            "from": [source(kind, ref) for kind, ref in m.sources],
            "next": onward or {"winner": None, "loser": None}}


# ------------------------------------------------------------------ event fields
def _present(event: Mapping[str, Any], key: str) -> Any:
    if key not in event:
        raise InputError(f"{key}: required field is missing.", f"{key}: falta este campo obligatorio.")
    return event[key]


def _score(value: Any, where: str) -> tuple[int, int]:
    items = f.array(value, where)
    if len(items) != 2:
        raise InputError(f"{where}: expected two numbers of racks, [a, b].",
                         f"{where}: se esperaban dos números de partidas, [a, b].")
    return (f.integer(items[0], f"{where}[0]", 0, 99), f.integer(items[1], f"{where}[1]", 0, 99))


def _ratings(value: Any, count: int, seeding: str) -> list[float] | None:
    if seeding != "rating":
        if value is not None:
            raise InputError(f"ratings: only a draw by rating takes ratings; this one is {seeding}.",
                             f"ratings: solo un sorteo por clasificación lleva ratings; este es {seeding}.")
        return None
    if value is None:
        raise InputError("ratings: a draw by rating needs each player's rating, in the players' order.",
                         "ratings: un sorteo por clasificación necesita el rating de cada jugador, en el orden de "
                         "los jugadores.")
    items = f.array(value, "ratings")
    if len(items) != count:
        raise InputError(f"ratings: {len(items)} ratings for {count} players; give one a player.",
                         f"ratings: {len(items)} ratings para {count} jugadores; indique uno por jugador.")
    out = []
    for i, item in enumerate(items):
        if isinstance(item, bool) or not isinstance(item, (int, float)) or not math.isfinite(item):
            raise InputError(f"ratings[{i}]: {f.spell(item)} is not a rating; expected a finite number.",
                             f"ratings[{i}]: {f.spell(item, 'es')} no es un rating; se esperaba un número finito.")
        out.append(float(item))
    return out


def _reason(value: Any) -> str:
    if (isinstance(value, str) and 1 <= len(value) <= MAX_REASON and value.strip()
            and not any(unicodedata.category(c) in ("Cc", "Zl", "Zp") for c in value)):
        return value
    raise InputError(f"reason: {f.spell(value)} is not a reason; expected a sentence of 1 to {MAX_REASON} "
                     "characters without control characters.",
                     f"reason: {f.spell(value, 'es')} no es un motivo; se esperaba una frase de 1 a {MAX_REASON} "
                     "caracteres sin caracteres de control.")
