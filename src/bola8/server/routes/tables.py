"""/api/tables: a real table kept by one person with its token (the referee assistant).

Every change needs the table's token; anyone with the id may read it, preview a
ruling or watch it live (docs/server-api.md, "A real table").
"""

from __future__ import annotations

import json
from typing import Any, Literal

from fastapi import APIRouter, WebSocket
from fastapi.responses import PlainTextResponse
from pydantic import Field

from bola8 import rules
from bola8.server.deps import CREATES, LangDep, ServicesDep, TokenDep, services_of
from bola8.server.live import serve_live
from bola8.server.schemas import Body
from bola8.server.routing import StrictRoute

router = APIRouter(route_class=StrictRoute, prefix="/api/tables", tags=["tables"])


class NewTable(Body):
    """The body of ``POST /api/tables``: the players, the race, the ruleset."""
    players: list[str] = Field(min_length=2, max_length=2)
    race: int = Field(5, ge=1, le=99)
    ruleset: str = "spanish"


class TableLag(Body):
    """Who won the lag, and whom he chose to break."""
    winner: int = Field(ge=0, le=1)
    breaks: int | None = Field(None, ge=0, le=1)


class TableChoice(Body):
    """The option taken."""
    option: str


class TableDeclare(Body):
    """A declaration, and the player it is against."""
    what: Literal["stalemate", "forfeit"]
    player: int | None = Field(None, ge=0, le=1)


class TablePlayer(Body):
    """A player (0 or 1)."""
    player: int = Field(ge=0, le=1)


@router.post("", status_code=201, dependencies=CREATES)
async def create_table(body: NewTable, s: ServicesDep, lang: LangDep) -> dict[str, Any]:
    """Open a real table kept by a referee; its id and token."""
    table_id, token = s.tables.create((body.players[0], body.players[1]), body.race, body.ruleset)
    return {"id": table_id, "token": token, "view": s.tables.view(table_id, lang)}


@router.get("/{table_id}")
async def get_table(table_id: str, s: ServicesDep, lang: LangDep) -> dict[str, Any]:
    """The table's view."""
    return s.tables.view(table_id, lang)


@router.post("/{table_id}/lag")
async def table_lag(table_id: str, body: TableLag, s: ServicesDep, lang: LangDep, token: TokenDep) -> dict[str, Any]:
    """The lag, as the referee enters it."""
    return s.tables.change(table_id, token, {"type": "lag", "winner": body.winner, "breaks": body.breaks}, lang)


@router.post("/{table_id}/shot")
async def table_shot(table_id: str, body: dict[str, Any], s: ServicesDep, lang: LangDep,
                     token: TokenDep) -> dict[str, Any]:
    """The facts of a shot (referee-json SHOT), judged."""
    rules.Shot.from_dict(body)      # refused here, before the token check can hide a bad field
    return s.tables.change(table_id, token, {"type": "shot", "facts": body}, lang)


@router.post("/{table_id}/choice")
async def table_choice(table_id: str, body: TableChoice, s: ServicesDep, lang: LangDep,
                       token: TokenDep) -> dict[str, Any]:
    """The option taken, judged."""
    return s.tables.change(table_id, token, {"type": "choice", "option": body.option}, lang)


@router.post("/{table_id}/declare")
async def table_declare(table_id: str, body: TableDeclare, s: ServicesDep, lang: LangDep,
                        token: TokenDep) -> dict[str, Any]:
    """A declaration, judged."""
    return s.tables.change(table_id, token, {"type": "declare", "what": body.what, "player": body.player}, lang)


@router.post("/{table_id}/preview")
async def table_preview(table_id: str, body: dict[str, Any], s: ServicesDep, lang: LangDep) -> dict[str, Any]:
    """The ruling a shot's facts would get now and, for each doubtful fact turned the other way,
    the ruling then (the referee's what-if); nothing is entered, so no token is needed."""
    rules.Shot.from_dict(body)
    ruling, after, variants = s.tables.load(table_id).match.what_if(body)
    return {"ruling": ruling.to_dict(lang), "state": after.to_dict(),
            "what_if": [{"fact": v.fact, "value": v.value, "same": v.same, "ruling": v.ruling.to_dict(lang),
                         "state": v.state.to_dict()} for v in variants]}


@router.post("/{table_id}/warn")
async def table_warn(table_id: str, body: TablePlayer, s: ServicesDep, lang: LangDep,
                     token: TokenDep) -> dict[str, Any]:
    """Art. 24: the referee warns a player for slow play; his shots are timed from now on."""
    return s.tables.change(table_id, token, {"type": "warn", "player": body.player}, lang)


@router.post("/{table_id}/disqualify")
async def table_disqualify(table_id: str, body: TablePlayer, s: ServicesDep, lang: LangDep,
                           token: TokenDep) -> dict[str, Any]:
    """Art. 22: the tournament director disqualifies a player; the match ends, the other wins."""
    return s.tables.change(table_id, token, {"type": "disqualify", "player": body.player}, lang)


@router.post("/{table_id}/undo")
async def table_undo(table_id: str, s: ServicesDep, lang: LangDep, token: TokenDep) -> dict[str, Any]:
    """Take back the last change."""
    return s.tables.change(table_id, token, {"type": "undo"}, lang)


@router.get("/{table_id}/record")
async def table_record(table_id: str, s: ServicesDep) -> PlainTextResponse:
    """The table's record, JSON Lines."""
    return PlainTextResponse(s.tables.load(table_id).match.record_text(), media_type="application/x-ndjson",
                             headers={"Content-Disposition": f'attachment; filename="{table_id}.jsonl"'})


@router.websocket("/{table_id}/live")
async def table_live(websocket: WebSocket, table_id: str) -> None:
    """The table's views as they change, over a WebSocket."""
    s = services_of(websocket)
    await serve_live(websocket, s.hub, table_id,
                     lambda lang: json.dumps({"view": s.tables.view(table_id, lang)}, ensure_ascii=False))
