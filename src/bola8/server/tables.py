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
from dataclasses import dataclass
from typing import Any

from bola8 import rules
from bola8.game.real_table import RealTableMatch
from bola8.server.errors import forbidden, not_found
from bola8.server.live import Hub
from bola8.server.store import Store, token_digest


@dataclass
class LiveTable:
    """A real table in play: its match, its token's digest, its stored changes and when the last one came."""
    match: RealTableMatch
    digest: str                  # of the token that keeps the table
    changes: int                 # stored changes (the next one's number)
    last_at: float | None        # unix time of the last change: the shot clock of Art. 24 runs from it


def apply_change(match: RealTableMatch, data: dict[str, Any]) -> Any:
    """Apply one stored change (lag, shot, choice, declare, warn, disqualify) to ``match``."""
    kind = data["type"]
    if kind == "lag":
        return match.lag(data["winner"], data.get("breaks"))
    if kind == "shot":
        return match.shot(data["facts"])
    if kind == "choice":
        return match.choice(data["option"])
    if kind == "declare":
        return match.declare(data["what"], data.get("player"))
    if kind == "warn":
        return match.warn(data["player"])
    if kind == "disqualify":
        return match.disqualify(data["player"])
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


def table_view(table_id: str, match: RealTableMatch, lang: str, last_at: float | None = None) -> dict[str, Any]:
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
        "to_act": None if now is None else now.to_dict(),
        "kitchen_only": bool(state is not None and state.cue_ball == "in_hand_behind_head_string"),
        "winner": match.progress.winner,
        "result": match.progress.result,
        "can_undo": bool(match.history),
        "warned": sorted(match.warned),
        "clock": table_clock(match, last_at, time.time()),
        "rulings": [{"n": e.n, "kind": e.kind, "game_number": e.game_number, "player": e.player,
                     "entered": e.data, "ruling": None if e.ruling is None else e.ruling.to_dict(lang)}
                    for e in match.history],
    }


class TableRegistry:
    """The real tables in play, loaded from the store and kept in memory."""
    def __init__(self, store: Store, hub: Hub):
        self.store = store
        self.hub = hub
        self.live: dict[str, LiveTable] = {}

    def load(self, table_id: str) -> LiveTable:
        """The live table ``table_id``: from memory, or its changes played again from the store."""
        found = self.live.get(table_id)
        if found is not None:
            return found
        stored = self.store.load(table_id, "table")
        if stored is None:
            raise not_found("table", table_id)
        params = stored.params
        match = RealTableMatch((params["players"][0], params["players"][1]), params["race"], params["ruleset"])
        for data in stored.actions:
            apply_change(match, data)
        last_at = stored.times[-1] if stored.times else None
        self.live[table_id] = LiveTable(match, str(stored.tokens), len(stored.actions), last_at)
        return self.live[table_id]

    def view(self, table_id: str, lang: str) -> dict[str, Any]:
        """The view of table ``table_id`` in ``lang``."""
        table = self.load(table_id)
        return table_view(table_id, table.match, lang, table.last_at)

    def create(self, players: tuple[str, str], race: int, ruleset: str) -> tuple[str, str]:
        """A new table, stored: its id and the token that keeps it."""
        match = RealTableMatch(players, race, ruleset)
        table_id = "t_" + secrets.token_urlsafe(9)
        token = secrets.token_urlsafe(24)
        params = {"players": list(players), "race": race, "ruleset": ruleset}
        self.store.create(table_id, "table", params, token_digest(token))
        self.live[table_id] = LiveTable(match, token_digest(token), 0, None)
        return table_id, token

    def change(self, table_id: str, token: str | None, data: dict[str, Any], lang: str) -> dict[str, Any]:
        """Apply one change entered with the table's token: stored, published, answered."""
        table = self.load(table_id)
        if not token or not secrets.compare_digest(token_digest(token), table.digest):
            raise forbidden("this table")
        result = apply_change(table.match, data)
        at = time.time()
        try:
            self.store.append(table_id, table.changes, data, over=table.match.over, at=at)
        except Exception:
            self.live.pop(table_id, None)
            raise
        table.changes, table.last_at = table.changes + 1, at
        self.hub.publish(table_id, {lang_: json.dumps({"view": self.view(table_id, lang_)}, ensure_ascii=False)
                                    for lang_ in ("es", "en")})
        answer: dict[str, Any] = {"view": self.view(table_id, lang)}
        if data["type"] in ("shot", "choice", "declare"):
            answer["ruling"] = result.to_dict(lang)
        return answer
