"""The real tables the server holds (the referee assistant): each kept by one person with its token.

Event-sourced like the games: the creation parameters and every accepted
change (``undo`` included) are stored in order and applied again to a fresh
:class:`~bola8.game.real_table.RealTableMatch` when the server starts. The
endpoints are :mod:`bola8.server.routes.tables`.
"""

from __future__ import annotations

import json
import secrets
import time
from dataclasses import dataclass, field
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from bola8 import rules
from bola8.game.real_table import RealTableMatch
from bola8.server.errors import ApiError, forbidden, not_found
from bola8.server.live import Hub
from bola8.server.store import ActionTaken, SqlStore, token_digest


@dataclass
class LiveTable:
    """A real table in play: its match, its token's digest, its stored changes and when the last one came."""
    match: RealTableMatch
    digest: str                  # of the token that keeps the table
    changes: int                 # stored changes (the next one's number)
    last_at: float | None        # unix time of the last change: the shot clock of Art. 24 runs from it
    params: dict[str, Any] = field(default_factory=dict)   # what made it (a tournament's match: which)


def apply_change(match: RealTableMatch, data: dict[str, Any], at: float | None = None) -> Any:
    """Apply one stored change (lag, shot, choice, declare, warn, disqualify, undo) to ``match``, entered
    at unix time ``at`` (the record's time stamps)."""
    kind = data["type"]
    if kind == "lag":
        return match.lag(data["winner"], data.get("breaks"), at=at)
    if kind == "shot":
        return match.shot(data["facts"], at=at)
    if kind == "choice":
        return match.choice(data["option"], at=at)
    if kind == "declare":
        return match.declare(data["what"], data.get("player"), at=at)
    if kind == "warn":
        return match.warn(data["player"], at=at)
    if kind == "disqualify":
        return match.disqualify(data["player"], at=at)
    return match.undo()


def table_clock(match: RealTableMatch, last_at: float | None, now: float) -> dict[str, Any]:
    """Art. 24 on a real table: the warned players, and the deadline of the shooter when he is one of
    them (from the last change entered: the referee enters a shot once the balls have stopped)."""
    limit = rules.get_ruleset(match.ruleset).shot_clock_s
    data: dict[str, Any] = {"warned": sorted(match.warned), "limit_s": limit, "seat": None, "started_at": None,
                            "deadline": None, "now": round(now, 3)}
    to_act = match.to_act()
    if to_act is not None and to_act.action == "shot" and to_act.seat in match.warned and last_at is not None:
        data.update(seat=to_act.seat, started_at=round(last_at, 3), deadline=round(last_at + limit, 3))
    return data


def table_view(table_id: str, match: RealTableMatch, lang: str, last_at: float | None = None,
               params: dict[str, Any] | None = None) -> dict[str, Any]:
    """The table's view for the page (TABLE_VIEW, docs/server-api.md)."""
    now = match.to_act()
    state = match.state
    return {
        "id": table_id,
        "players": list(match.players),
        "score": list(match.progress.score),
        "race": match.race,
        "ruleset": match.ruleset,
        "game_number": match.game_number,
        "breaker": match.progress.breaker,
        "state": None if state is None else state.to_dict(),
        "on_table": [] if state is None else list(state.on_table),
        # the balls the shooter may call now (Art. 2.5; none on the break, Art. 2.1): as VIEW's
        "callable": [] if state is None or state.phase != "play" else list(rules.callable_balls(state)),
        "to_act": None if now is None else now.to_dict(),
        "kitchen_only": bool(state is not None and state.cue_ball == "in_hand_behind_head_string"),
        "winner": match.progress.winner,
        "result": match.progress.result,
        "can_undo": bool(match.history),
        # a tournament's match (bola8.server.tournaments): which tournament, match and table number
        "tournament": None if not params or "tournament" not in params else {
            "id": params["tournament"], "match": params.get("match"), "number": params.get("number")},
        "warned": sorted(match.warned),
        "clock": table_clock(match, last_at, time.time()),
        "rulings": [{"n": e.n, "kind": e.kind, "game_number": e.game_number, "player": e.player,
                     "entered": e.data, "ruling": None if e.ruling is None else e.ruling.to_dict(lang),
                     "state": None if e.state is None else e.state.to_dict()}
                    for e in match.history],
    }


class TableRegistry:
    """The real tables in memory (a bounded cache of the store, as the games'), changed only through
    :meth:`change`; told listeners (a tournament whose match this is) of every change."""

    def __init__(self, store: SqlStore, hub: Hub, capacity: int = 200):
        self.store = store
        self.hub = hub
        self.capacity = capacity
        self.live: OrderedDict[str, LiveTable] = OrderedDict()
        # told of every table that changed here or on another server (a tournament moves on)
        self.listeners: list[Callable[[str, LiveTable], None]] = []
        # asked before a change is applied; each may refuse it (a tournament: an undo its bracket cannot take)
        self.guards: list[Callable[[str, LiveTable, dict[str, Any]], None]] = []

    def load(self, table_id: str, *, fresh: bool = False) -> LiveTable:
        """A table, from memory or rebuilt; ``fresh`` (before a change): brought up to date from the store
        first when other servers share it (a read waits for their announcements, as the games')."""
        found = self.live.get(table_id)
        if found is not None:
            self.live.move_to_end(table_id)
            if fresh and self.store.shared:
                self.catch_up(table_id, found)
            return found
        stored = self.store.load(table_id, "table")
        if stored is None:
            raise not_found("table", table_id)
        params = stored.params
        match = RealTableMatch((params["players"][0], params["players"][1]), params["race"], params["ruleset"],
                               opened_at=params.get("opened_at"))
        for data, at in zip(stored.actions, stored.times):
            apply_change(match, data, at)
        last_at = stored.times[-1] if stored.times else None
        table = LiveTable(match, str(stored.tokens), len(stored.actions), last_at, params)
        self._hold(table_id, table)
        return table

    def catch_up(self, table_id: str, table: LiveTable) -> bool:
        """Apply the changes another server stored after this copy's; whether there were any."""
        newer = self.store.actions_since(table_id, table.changes)
        for data, at in newer:
            apply_change(table.match, data, at)
            table.changes, table.last_at = table.changes + 1, at
        if newer:
            self._changed(table_id, table)
        return bool(newer)

    def notified(self, table_id: str, changes: int) -> None:
        """Another server announced that table ``table_id`` has ``changes`` changes: bring the copy held here
        up to date (a table's changes are few: read from the store)."""
        table = self.live.get(table_id)
        if table is not None and table.changes < changes:
            self.catch_up(table_id, table)

    def notified_all(self) -> None:
        """Anything may have changed (the listener has just (re)connected): every table held here is brought
        up to date."""
        for held_id, held in list(self.live.items()):
            self.catch_up(held_id, held)

    def view(self, table_id: str, lang: str) -> dict[str, Any]:
        """The view of table ``table_id`` in ``lang``."""
        table = self.load(table_id)
        return table_view(table_id, table.match, lang, table.last_at, table.params)

    def create(self, players: tuple[str, str], race: int, ruleset: str, extra: dict[str, Any] | None = None,
               digest: str | None = None) -> tuple[str, str | None]:
        """A new table, stored: its id and the token that keeps it. ``extra`` is kept with its parameters
        (a tournament's match: which); ``digest``, the digest of a token given elsewhere (a tournament's
        table number's: the referee's phone at that table keeps every match played there) - then no new
        token is made (None)."""
        opened = round(time.time(), 3)
        match = RealTableMatch(players, race, ruleset, opened_at=opened)
        table_id = "t_" + secrets.token_urlsafe(9)
        token = None
        if digest is None:
            token = secrets.token_urlsafe(24)
            digest = token_digest(token)
        params = {"players": list(players), "race": race, "ruleset": ruleset, "opened_at": opened, **(extra or {})}
        self.store.create(table_id, "table", params, digest)
        self._hold(table_id, LiveTable(match, digest, 0, None, params))
        return table_id, token

    def change(self, table_id: str, token: str | None, data: dict[str, Any], lang: str,
               official: bool = False) -> dict[str, Any]:
        """Apply one change entered with the table's token: stored, published, answered. ``official``: made
        by the server for a tournament's director (his token was checked), with no table token."""
        table = self.load(table_id, fresh=True)
        if not official and (not token or not secrets.compare_digest(token_digest(token), table.digest)):
            raise forbidden("this table")
        for guard in self.guards:
            guard(table_id, table, data)
        at = time.time()
        result = apply_change(table.match, data, at)
        try:
            self.store.append(table_id, table.changes, data, over=table.match.over, at=at)
        except Exception as error:
            self.live.pop(table_id, None)
            if isinstance(error, ActionTaken):
                raise ApiError(409, "table: the table changed meanwhile (another change was stored first); look "
                                    "again.",
                               "table: la mesa cambió mientras tanto (otro cambio se guardó antes); vuelva a "
                               "mirarla.") from error
            raise
        table.changes, table.last_at = table.changes + 1, at
        self._changed(table_id, table)
        answer: dict[str, Any] = {"view": self.view(table_id, lang)}
        if data["type"] in ("shot", "choice", "declare"):
            entry = table.match.history[-1]
            answer["ruling"] = result.to_dict(lang)
            answer["state"] = None if entry.state is None else entry.state.to_dict()   # after the ruling
        return answer

    def _changed(self, table_id: str, table: LiveTable) -> None:
        if self.hub.watched(table_id):
            self.hub.publish(table_id, {lang_: json.dumps({"view": table_view(table_id, table.match, lang_,
                                                                                table.last_at, table.params)},
                                                               ensure_ascii=False)
                                        for lang_ in ("es", "en")})
        for listener in self.listeners:
            listener(table_id, table)

    def _hold(self, table_id: str, table: LiveTable) -> None:
        self.live[table_id] = table
        self.live.move_to_end(table_id)
        for held in list(self.live):               # the least recently used first; the watched stay
            if len(self.live) <= self.capacity:
                break
            if held != table_id and not self.hub.watched(held):
                del self.live[held]
