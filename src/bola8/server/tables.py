"""The referee assistant's endpoints: /api/tables (a real table kept by one person with its token).

Event-sourced like the games: the creation parameters and every accepted
change (``undo`` included) are stored in order and applied again to a fresh
:class:`~bola8.game.real_table.RealTableMatch` when the server starts.
"""

from __future__ import annotations

import json
import secrets
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from fastapi import FastAPI, Header, WebSocket
from fastapi.responses import PlainTextResponse
from pydantic import BaseModel, ConfigDict, Field

from bola8 import rules
from bola8.game.real_table import RealTableMatch
from bola8.server.errors import ApiError, forbidden, not_found
from bola8.server.store import Store, token_digest

if TYPE_CHECKING:
    from bola8.server.app import Hub

Lang = Literal["es", "en"]


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class NewTable(_Body):
    players: list[str] = Field(min_length=2, max_length=2)
    race: int = Field(5, ge=1, le=99)
    ruleset: str = "spanish"


class TableLag(_Body):
    winner: int = Field(ge=0, le=1)
    breaks: int | None = Field(None, ge=0, le=1)


class TableChoice(_Body):
    option: str


class TableDeclare(_Body):
    what: Literal["stalemate", "forfeit"]
    player: int | None = Field(None, ge=0, le=1)


class TablePlayer(_Body):
    player: int = Field(ge=0, le=1)


@dataclass
class LiveTable:
    match: RealTableMatch
    digest: str                  # of the token that keeps the table
    changes: int                 # stored changes (the next one's number)
    last_at: float | None        # unix time of the last change: the shot clock of Art. 24 runs from it


def apply_change(match: RealTableMatch, data: dict[str, Any]) -> Any:
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
    def __init__(self, store: Store, hub: Hub):
        self.store = store
        self.hub = hub
        self.live: dict[str, LiveTable] = {}

    def load(self, table_id: str) -> LiveTable:
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
        table = self.load(table_id)
        return table_view(table_id, table.match, lang, table.last_at)

    def change(self, table_id: str, authorization: str | None, data: dict[str, Any], lang: str) -> dict[str, Any]:
        table = self.load(table_id)
        given = (authorization or "")[len("Bearer "):].strip() if (authorization or "").startswith("Bearer ") else ""
        if not given or not secrets.compare_digest(token_digest(given), table.digest):
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

    def install(self, app: FastAPI) -> None:
        @app.post("/api/tables", status_code=201)
        async def create_table(body: NewTable, lang: Lang = "es") -> dict[str, Any]:
            match = RealTableMatch((body.players[0], body.players[1]), body.race, body.ruleset)
            table_id = "t_" + secrets.token_urlsafe(9)
            token = secrets.token_urlsafe(24)
            params = {"players": body.players, "race": body.race, "ruleset": body.ruleset}
            self.store.create(table_id, "table", params, token_digest(token))
            self.live[table_id] = LiveTable(match, token_digest(token), 0, None)
            return {"id": table_id, "token": token, "view": self.view(table_id, lang)}

        @app.get("/api/tables/{table_id}")
        async def get_table(table_id: str, lang: Lang = "es") -> dict[str, Any]:
            return self.view(table_id, lang)

        @app.post("/api/tables/{table_id}/lag")
        async def table_lag(table_id: str, body: TableLag, lang: Lang = "es",
                            authorization: str | None = Header(None)) -> dict[str, Any]:
            return self.change(table_id, authorization, {"type": "lag", "winner": body.winner,
                                                         "breaks": body.breaks}, lang)

        @app.post("/api/tables/{table_id}/shot")
        async def table_shot(table_id: str, body: dict[str, Any], lang: Lang = "es",
                             authorization: str | None = Header(None)) -> dict[str, Any]:
            from bola8 import rules

            rules.Shot.from_dict(body)      # refused here, before the token check can hide a bad field
            return self.change(table_id, authorization, {"type": "shot", "facts": body}, lang)

        @app.post("/api/tables/{table_id}/choice")
        async def table_choice(table_id: str, body: TableChoice, lang: Lang = "es",
                               authorization: str | None = Header(None)) -> dict[str, Any]:
            return self.change(table_id, authorization, {"type": "choice", "option": body.option}, lang)

        @app.post("/api/tables/{table_id}/declare")
        async def table_declare(table_id: str, body: TableDeclare, lang: Lang = "es",
                                authorization: str | None = Header(None)) -> dict[str, Any]:
            return self.change(table_id, authorization, {"type": "declare", "what": body.what,
                                                         "player": body.player}, lang)

        @app.post("/api/tables/{table_id}/preview")
        async def table_preview(table_id: str, body: dict[str, Any], lang: Lang = "es") -> dict[str, Any]:
            """The ruling a shot's facts would get now and, for each doubtful fact turned the other way,
            the ruling then (the referee's what-if); nothing is entered, so no token is needed."""
            from bola8 import rules

            rules.Shot.from_dict(body)
            ruling, variants = self.load(table_id).match.what_if(body)
            return {"ruling": ruling.to_dict(lang),
                    "what_if": [{"fact": v.fact, "value": v.value, "same": v.same, "ruling": v.ruling.to_dict(lang)}
                                for v in variants]}

        @app.post("/api/tables/{table_id}/warn")
        async def table_warn(table_id: str, body: TablePlayer, lang: Lang = "es",
                             authorization: str | None = Header(None)) -> dict[str, Any]:
            """Art. 24: the referee warns a player for slow play; his shots are timed from now on."""
            return self.change(table_id, authorization, {"type": "warn", "player": body.player}, lang)

        @app.post("/api/tables/{table_id}/disqualify")
        async def table_disqualify(table_id: str, body: TablePlayer, lang: Lang = "es",
                                   authorization: str | None = Header(None)) -> dict[str, Any]:
            """Art. 22: the tournament director disqualifies a player; the match ends, the other wins."""
            return self.change(table_id, authorization, {"type": "disqualify", "player": body.player}, lang)

        @app.post("/api/tables/{table_id}/undo")
        async def table_undo(table_id: str, lang: Lang = "es",
                             authorization: str | None = Header(None)) -> dict[str, Any]:
            return self.change(table_id, authorization, {"type": "undo"}, lang)

        @app.get("/api/tables/{table_id}/record")
        async def table_record(table_id: str) -> PlainTextResponse:
            return PlainTextResponse(self.load(table_id).match.record_text(), media_type="application/x-ndjson",
                                     headers={"Content-Disposition": f'attachment; filename="{table_id}.jsonl"'})

        @app.websocket("/api/tables/{table_id}/live")
        async def table_live(websocket: WebSocket, table_id: str) -> None:
            from bola8.server.app import _serve_socket

            await websocket.accept()
            lang_ = "en" if websocket.query_params.get("lang") == "en" else "es"
            try:
                first = self.view(table_id, lang_)
            except ApiError as error:
                await websocket.send_text(json.dumps({"error": error.text(lang_)}, ensure_ascii=False))
                await websocket.close(code=4404)
                return
            await websocket.send_text(json.dumps({"view": first}, ensure_ascii=False))
            await _serve_socket(websocket, self.hub, table_id, lang_)
