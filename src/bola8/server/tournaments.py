"""Tournaments of people on the server: the director's changes, the tables and games that play them,
the bracket moved on by their results.

The tournament itself - the draw, the bracket, byes, standings and
tie-breaks, disqualifications - is :class:`bola8.competition.Tournament`, a
value changed only by events; here it is stored like a game (its parameters,
then its events in order, each committed before it is answered) and
connected to what plays its matches:

- ``play: "real"``: the director says how many tables the club has
  (``tables``, numbered 1 to N). Each table number has its own token - a
  referee's phone at that table keeps it for the whole tournament - derived
  from the director's token (an HMAC), so the server keeps only digests and
  the director can always show a table's link again. Whenever a match is
  ready and a table is free, the server opens a real table for it (the
  referee assistant, :mod:`bola8.server.tables`) keyed to that number's token,
  and records the assignment. Each change entered at the table moves the
  tournament: the score while it is played, the result when the match ends
  (no second entry), a disqualification entered there; the table's undo of a
  match's last ruling takes the result back - refused when the bracket
  cannot take it back (a later match has started).
- ``play: "online"``: each ready match becomes a game of the simulated table
  whose two seats are kept for the two players' profiles; each player takes
  his own seat with his profile's token (``POST /api/games/{id}/join``); its
  end moves the tournament, and a rated tournament's games move the ratings.

Anyone with the id may read a tournament and watch it live; every change
needs the director's token.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from collections import OrderedDict
from typing import Any

from bola8.competition import Tournament
from bola8.errors import InputError, OutOfTurn
from bola8.server.errors import ApiError, forbidden, not_found
from bola8.server.games import LiveGame
from bola8.server.live import Hub
from bola8.server.registry import GameRegistry
from bola8.server.store import ActionTaken, SqlStore, token_digest
from bola8.server.tables import LiveTable, TableRegistry

CAPACITY = 100                 # tournaments kept in memory (a tournament is a few kB)
MAX_TABLES = 64


def table_token(director_token: str, tournament_id: str, number: int) -> str:
    """The token of table ``number`` of a tournament: derived from the director's, so it is never stored."""
    return hmac.new(director_token.encode(), f"bola8 table {tournament_id} {number}".encode(),
                    hashlib.sha256).hexdigest()[:32]


class LiveTournament:
    """A tournament in memory: its stored parameters, the library's value, and its events' count."""

    def __init__(self, tournament_id: str, params: dict[str, Any], digest: str):
        self.id = tournament_id
        self.params = params
        self.digest = digest
        self.value = Tournament.create(params["tournament"])
        self.events = 0
        self.numbers: dict[str, int] = {}          # real table id -> its table number

    @property
    def tables(self) -> int:
        """How many tables the club plays it on (numbered 1 to this; 0 for an online tournament)."""
        return int(self.params.get("tables", 0))

    def apply(self, event: dict[str, Any]) -> None:
        """Apply one event (the library refuses what it cannot take: nothing changes)."""
        self.value = self.value.apply(event)
        self.events += 1


class Tournaments:
    """The tournaments the server holds (a bounded cache of the store) and what plays their matches."""

    def __init__(self, store: SqlStore, hub: Hub, tables: TableRegistry, games: GameRegistry,
                 capacity: int = CAPACITY):
        self.store = store
        self.hub = hub
        self.tables = tables
        self.games = games
        self.capacity = capacity
        self.live: OrderedDict[str, LiveTournament] = OrderedDict()
        tables.listeners.append(self.table_changed)
        tables.guards.append(self.table_guard)
        games.listeners.append(self.game_changed)

    # ------------------------------------------------------------ making and finding
    def create(self, tournament: dict[str, Any], tables: int, rated: bool) -> tuple[str, str]:
        """A new tournament (still open: players may be entered until it starts); its id and the director's
        token (shown this once; the table numbers' tokens derive from it)."""
        Tournament.create(tournament)                 # every refusal before anything is stored
        play = tournament.get("play", "real")
        if play == "real" and not 1 <= tables <= MAX_TABLES:
            raise InputError(f"tables: {tables!r} is not a number of tables; a tournament at real tables needs 1 to "
                             f"{MAX_TABLES}.",
                             f"tables: {tables!r} no es un número de mesas; un torneo en mesas reales necesita de 1 "
                             f"a {MAX_TABLES}.")
        tournament_id = "c_" + secrets.token_urlsafe(9)
        token = secrets.token_urlsafe(24)
        params = {"tournament": tournament, "tables": tables if play == "real" else 0, "rated": rated,
                  "table_digests": [token_digest(table_token(token, tournament_id, n)) for n in range(1, tables + 1)]
                  if play == "real" else []}
        self.store.create(tournament_id, "tournament", params, token_digest(token))
        self._hold(LiveTournament(tournament_id, params, token_digest(token)))
        return tournament_id, token

    def load(self, tournament_id: str) -> LiveTournament:
        """A tournament, from memory (brought up to date when other servers share the store) or rebuilt."""
        held = self.live.get(tournament_id)
        if held is not None:
            self.live.move_to_end(tournament_id)
            if self.store.shared:
                self._catch_up(held)
            return held
        stored = self.store.load(tournament_id, "tournament")
        if stored is None:
            raise not_found("tournament", tournament_id)
        held = LiveTournament(tournament_id, stored.params, str(stored.tokens))
        for event in stored.actions:
            held.apply(event)
        self._number_tables(held)
        self._hold(held)
        return held

    def check_director(self, held: LiveTournament, token: str | None) -> None:
        """403 unless ``token`` is the director's."""
        if not token or not secrets.compare_digest(token_digest(token), held.digest):
            raise forbidden("the tournament's director")

    # ------------------------------------------------------------ changing them
    def change(self, held: LiveTournament, event: dict[str, Any]) -> None:
        """Apply and store one event, tell the spectators, then open what the ready matches need."""
        self._commit(held, event)
        self.advance(held)

    def _commit(self, held: LiveTournament, event: dict[str, Any]) -> None:
        before = held.value
        try:
            held.apply(event)
        except OutOfTurn as refused:
            raise ApiError(409, refused.en, refused.es) from refused
        try:
            self.store.append(held.id, held.events - 1, event, over=held.value.status == "over")
        except Exception as error:
            held.value, held.events = before, held.events - 1
            self.live.pop(held.id, None)
            if isinstance(error, ActionTaken):
                raise ApiError(409, "tournament: it changed meanwhile (another change was stored first); look "
                                    "again.",
                               "tournament: cambió mientras tanto (otro cambio se guardó antes); vuelva a "
                               "mirarlo.") from error
            raise
        self.publish(held)

    def advance(self, held: LiveTournament) -> None:
        """Give each ready match what plays it: a free table (real play) or a game (online)."""
        value = held.value
        if value.status != "running":
            return
        play = value.parameters.play
        busy = {held.numbers[m.table] for m in value.matches
                if m.table is not None and m.table in held.numbers and m.status in ("ready", "playing")}
        free = [n for n in range(1, held.tables + 1) if n not in busy]
        for match in value.matches:
            if match.status != "ready" or None in match.players:
                continue
            if play == "real" and match.table is None and free:
                self._open_table(held, match.id, free.pop(0))
            elif play == "online" and match.game is None:
                self._open_game(held, match.id)

    def _open_table(self, held: LiveTournament, match_id: str, number: int) -> None:
        match = held.value.match(match_id)
        names = self._names(held, match.players)
        ruleset = held.value.parameters.ruleset
        table_id, _ = self.tables.create(names, match.race, ruleset,
                                         extra={"tournament": held.id, "match": match_id, "number": number},
                                         digest=held.params["table_digests"][number - 1])
        held.numbers[table_id] = number
        self._commit(held, {"type": "assign", "match": match_id, "table": table_id})

    def _open_game(self, held: LiveTournament, match_id: str) -> None:
        match = held.value.match(match_id)
        players = held.value.parameters.players
        i, j = match.players
        assert i is not None and j is not None
        reserved = [players[i].profile, players[j].profile]
        names = self._names(held, match.players)
        params: dict[str, Any] = {"players": ["person", "person"], "names": list(names), "race": match.race,
                                  "table": "9ft", "ruleset": held.value.parameters.ruleset,
                                  "seed": secrets.randbelow(2**31), "hints": False, "reserved": reserved,
                                  "tournament": held.id, "match": match_id}
        if held.params.get("rated"):
            params["rated"] = True
        game_id = "g_" + secrets.token_urlsafe(9)
        game = LiveGame(game_id, params, [None, None])
        self.store.create(game_id, "game", params, [None, None], invite_open=True)
        self.games.add(game)
        self._commit(held, {"type": "assign", "match": match_id, "game": game_id})

    @staticmethod
    def _names(held: LiveTournament, pair: tuple[int | None, int | None]) -> tuple[str, str]:
        players = held.value.parameters.players
        assert pair[0] is not None and pair[1] is not None
        return players[pair[0]].name, players[pair[1]].name

    def disqualify(self, held: LiveTournament, player: int, reason: str) -> None:
        """Art. 22: the director disqualifies ``player``: his remaining matches become forfeits, and the table
        where he is playing now ends its match too (its referee's phone shows it)."""
        playing = [(m.table, m.players.index(player)) for m in held.value.matches
                   if player in m.players and m.status in ("ready", "playing")]
        self.change(held, {"type": "disqualify", "player": player, "reason": reason})
        for table_id, seat in playing:
            if table_id is not None and not self.tables.load(table_id).match.over:
                self.tables.change(table_id, None, {"type": "disqualify", "player": seat}, "es", official=True)

    def reassign(self, held: LiveTournament, match_id: str, number: int) -> None:
        """Move a ready match to table ``number`` (free, within the tournament's tables); refused (409) once
        anything was entered at its present table."""
        match = held.value.match(match_id)
        if held.value.parameters.play != "real" or not 1 <= number <= held.tables:
            raise ApiError(422, f"table: {number} is not one of this tournament's tables (1 to {held.tables}).",
                           f"table: {number} no es una de las mesas de este torneo (1 a {held.tables}).")
        if match.status != "ready":
            raise ApiError(409, f"match: {match_id} is not waiting for its table; only a ready match is moved.",
                           f"match: {match_id} no está esperando su mesa; solo se mueve un encuentro preparado.")
        if match.table is not None and self.tables.load(match.table).changes:
            raise ApiError(409, f"match: {match_id} has started at its table; it stays there.",
                           f"match: {match_id} ya ha empezado en su mesa; se queda en ella.")
        busy = {held.numbers.get(m.table or "") for m in held.value.matches
                if m.id != match_id and m.status in ("ready", "playing")}
        if number in busy:
            raise ApiError(409, f"table: table {number} is playing another match.",
                           f"table: la mesa {number} está jugando otro encuentro.")
        self._open_table(held, match_id, number)

    def export(self, tournament_id: str, kind: str) -> str:
        """The export (``json`` or ``csv``) with the records of every match played at a table or online."""
        from bola8.competition.export import export_csv, export_json

        held = self.load(tournament_id)
        records: dict[str, list[dict[str, Any]]] = {}
        for match in held.value.matches:
            if match.table is not None:
                text = self.tables.load(match.table).match.record_text()
            elif match.game is not None:
                text = self.games.record_text(match.game)
            else:
                continue
            records[match.id] = [json.loads(line) for line in text.splitlines() if line.strip()]
        if kind == "csv":
            return export_csv(held.value, records)
        return export_json(held.value, held.id, records)

    # ------------------------------------------------------------ what plays the matches
    def table_guard(self, table_id: str, table: LiveTable, data: dict[str, Any]) -> None:
        """Before a table's undo: a match whose result moved the bracket on is taken back only if the
        bracket can take it back (no later match started); else the undo is refused (409)."""
        tournament_id, match_id = table.params.get("tournament"), table.params.get("match")
        if data.get("type") != "undo" or tournament_id is None or not table.match.over:
            return
        held = self.load(str(tournament_id))
        if held.value.match(str(match_id)).status != "over":
            return
        try:
            held.value.apply({"type": "undo", "match": match_id})
        except InputError as refused:
            raise ApiError(409, "undo: " + refused.en, "undo: " + refused.es) from refused

    def table_changed(self, table_id: str, table: LiveTable) -> None:
        """A change at a tournament's table: the score while it is played, the result when it ends."""
        tournament_id, match_id = table.params.get("tournament"), table.params.get("match")
        if tournament_id is None or match_id is None:
            return
        held = self.load(str(tournament_id))
        progress = table.match.progress
        self._follow(held, str(match_id), progress.winner if progress.over else None, list(progress.score),
                     disqualified=1 - progress.winner if progress.result == "disqualification"
                     and progress.winner is not None else None)

    def game_changed(self, game: LiveGame) -> None:
        """A change of a tournament's online game: the score, the result when the match ends."""
        tournament_id, match_id = game.params.get("tournament"), game.params.get("match")
        if tournament_id is None or match_id is None:
            return
        held = self.load(str(tournament_id))
        progress = game.session.progress
        self._follow(held, str(match_id), progress.winner if progress.over else None, list(progress.score))

    def _follow(self, held: LiveTournament, match_id: str, winner_seat: int | None, score: list[int],
                disqualified: int | None = None) -> None:
        match = held.value.match(match_id)
        i, j = match.players
        if i is None or j is None:
            return
        players = (i, j)
        if disqualified is not None and match.status != "over":
            self.change(held, {"type": "disqualify", "player": players[disqualified],
                               "reason": f"descalificado en la mesa por el árbitro (encuentro {match_id})"})
        elif winner_seat is not None and match.status != "over":
            self.change(held, {"type": "result", "match": match_id, "winner": players[winner_seat], "score": score})
        elif winner_seat is None and match.status == "over" and match.played:
            self.change(held, {"type": "undo", "match": match_id})          # the table's undo took it back
        elif winner_seat is None and match.status != "over" and (tuple(score) != tuple(match.score)
                                                                  or match.status == "ready"):
            # the match has started (the first thing entered at its table) or its score moved: the live page
            # follows it, and a result before it can no longer be taken back
            self._commit(held, {"type": "score", "match": match_id, "score": score})

    # ------------------------------------------------------------ showing them
    def view(self, held: LiveTournament, lang: str = "es") -> dict[str, Any]:
        """TOURNAMENT, with the tables: which match each number plays now (no token)."""
        data = held.value.to_dict(held.id)
        now: dict[int, dict[str, str | None] | None] = {n: None for n in range(1, held.tables + 1)}
        for match in held.value.matches:
            number = held.numbers.get(match.table or "")
            if number is not None and match.status in ("ready", "playing"):
                now[number] = {"match": match.id, "table": match.table}
        data["tables"] = [{"number": n, "match": None if a is None else a["match"],
                           "table": None if a is None else a["table"]} for n, a in now.items()]
        data["rated"] = bool(held.params.get("rated"))
        return data

    def director_tables(self, held: LiveTournament, token: str) -> list[dict[str, Any]]:
        """Each table number with its token (the director's: derived from his) and the match it plays now."""
        view = self.view(held)
        return [{**entry, "token": table_token(token, held.id, entry["number"])} for entry in view["tables"]]

    def publish(self, held: LiveTournament) -> None:
        """Tell the tournament's spectators here (and, through the store, the other servers)."""
        if self.hub.watched(held.id):
            text = json.dumps(self.view(held), ensure_ascii=False)
            self.hub.publish(held.id, {"es": text, "en": text})

    def notified(self, what: str) -> None:
        """Another server stored ``<tournament>:<events>``: bring the copy held here up to date."""
        tournament_id, _, count = what.rpartition(":")
        held = self.live.get(tournament_id)
        if held is not None and count.isdigit() and held.events < int(count):
            self._catch_up(held)

    def _catch_up(self, held: LiveTournament) -> None:
        newer = self.store.actions_since(held.id, held.events)
        for event, _ in newer:
            held.apply(event)
        if newer:
            self._number_tables(held)
            self.publish(held)

    def _number_tables(self, held: LiveTournament) -> None:
        for match in held.value.matches:
            if match.table is not None and match.table not in held.numbers:
                stored = self.store.load(match.table, "table")
                if stored is not None and "number" in stored.params:
                    held.numbers[match.table] = int(stored.params["number"])

    def _hold(self, held: LiveTournament) -> None:
        self.live[held.id] = held
        self.live.move_to_end(held.id)
        for tournament_id in list(self.live):
            if len(self.live) <= self.capacity:
                break
            if tournament_id != held.id and not self.hub.watched(tournament_id):
                del self.live[tournament_id]
