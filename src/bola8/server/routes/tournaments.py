"""/api/tournaments: a director runs a tournament of people; anyone with the link follows it live."""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, WebSocket
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import JSONResponse, PlainTextResponse, Response
from pydantic import Field, StrictBool

from bola8.server.deps import CREATES, Services, ServicesDep, TokenDep, services_of
from bola8.server.live import serve_live
from bola8.server.routing import StrictRoute
from bola8.server.schemas import Body
from bola8.server.tournaments import LiveTournament

router = APIRouter(route_class=StrictRoute, prefix="/api/tournaments", tags=["tournaments"])


class NewTournament(Body):
    """A tournament: the library's parameters (docs/tournaments.md), how many tables the club plays on
    (``play: "real"``), and whether its online games are rated."""

    name: str = Field(max_length=200)
    format: str = Field(max_length=40)
    race: int = Field(3, ge=1, le=99)
    race_later: dict[str, Any] | None = None
    players: list[Any] = Field(default_factory=list, max_length=128)
    play: str = Field("real", max_length=20)
    seeding: str = Field("random", max_length=20)
    seed: int | None = Field(None, ge=0, le=2**31 - 1)
    ruleset: str = Field("spanish", max_length=40)
    tables: int = Field(0, ge=0, le=64)
    rated: StrictBool = False


class Entry(Body):
    """A player entered before the start: a name, or a name and a profile's id."""

    name: str = Field(max_length=200)
    profile: str | None = Field(None, max_length=200)


class PlayerBody(Body):
    """A player, by his index in the tournament's players."""

    player: int = Field(ge=0, le=1000)


class Disqualification(Body):
    """Art. 22: the player disqualified and why (1-200 characters)."""

    player: int = Field(ge=0, le=1000)
    reason: str = Field(max_length=400)


class Reassign(Body):
    """A match moved to another table number (before anything was entered at its table)."""

    match: str = Field(max_length=20)
    table: int = Field(ge=1, le=64)


def directed(s: Services, tournament_id: str, token: str | None) -> LiveTournament:
    """The tournament, once the director's token is checked (403 without it)."""
    held = s.tournaments.load(tournament_id)
    s.tournaments.check_director(held, token)
    return held


@router.post("", status_code=201, dependencies=CREATES)
async def create_tournament(body: NewTournament, s: ServicesDep) -> JSONResponse:
    """A new tournament (open: players may be entered until it starts); its id and the director's token."""
    params = body.model_dump(exclude={"tables", "rated"}, exclude_none=True)
    tournament_id, token = s.tournaments.create(params, body.tables, body.rated)
    held = s.tournaments.load(tournament_id)
    return JSONResponse({"id": tournament_id, "token": token, "view": s.tournaments.view(held)}, status_code=201)


@router.get("/{tournament_id}")
async def get_tournament(tournament_id: str, s: ServicesDep) -> dict[str, Any]:
    """TOURNAMENT: the bracket or the round robin, every match's score, the tables, the champion."""
    return s.tournaments.view(s.tournaments.load(tournament_id))


@router.post("/{tournament_id}/players")
async def enter(tournament_id: str, body: Entry, s: ServicesDep, token: TokenDep) -> dict[str, Any]:
    """The director enters a player (before the start)."""
    held = directed(s, tournament_id, token)
    player: Any = body.name if body.profile is None else {"name": body.name, "profile": body.profile}
    if body.profile is not None:
        s.profiles.get(body.profile)                          # 404 for a profile that does not exist
    s.tournaments.change(held, {"type": "enter", "player": player})
    return s.tournaments.view(held)


@router.post("/{tournament_id}/withdraw")
async def withdraw(tournament_id: str, body: PlayerBody, s: ServicesDep, token: TokenDep) -> dict[str, Any]:
    """The director takes a player out (before the start)."""
    held = directed(s, tournament_id, token)
    s.tournaments.change(held, {"type": "withdraw", "player": body.player})
    return s.tournaments.view(held)


@router.post("/{tournament_id}/start")
async def start(tournament_id: str, s: ServicesDep, token: TokenDep) -> dict[str, Any]:
    """The draw (seeded by rating: the players' profiles' ratings); the first matches ready and, at real
    tables, at their tables."""
    held = directed(s, tournament_id, token)
    event: dict[str, Any] = {"type": "start"}
    if held.value.parameters.seeding == "rating":
        event["ratings"] = [s.profiles.get(p.profile).rating if p.profile else 1500.0
                            for p in held.value.parameters.players]
    s.tournaments.change(held, event)
    return s.tournaments.view(held)


@router.post("/{tournament_id}/disqualify")
async def disqualify(tournament_id: str, body: Disqualification, s: ServicesDep, token: TokenDep) -> dict[str, Any]:
    """Art. 22: the director disqualifies a player; his remaining matches become forfeits."""
    held = directed(s, tournament_id, token)
    s.tournaments.disqualify(held, body.player, body.reason)
    return s.tournaments.view(held)


@router.post("/{tournament_id}/reassign")
async def reassign(tournament_id: str, body: Reassign, s: ServicesDep, token: TokenDep) -> dict[str, Any]:
    """The director moves a match to another table number."""
    held = directed(s, tournament_id, token)
    s.tournaments.reassign(held, body.match, body.table)
    return s.tournaments.view(held)


@router.get("/{tournament_id}/tables")
async def tables(tournament_id: str, s: ServicesDep, token: TokenDep) -> dict[str, Any]:
    """The director's tables: each number's token (for its referee's phone) and the match it plays now."""
    held = directed(s, tournament_id, token)
    assert token is not None
    return {"tables": s.tournaments.director_tables(held, token)}


@router.get("/{tournament_id}/export.json")
async def export_json(tournament_id: str, s: ServicesDep) -> Response:
    """The tournament with every match's record: parameters, events, standings, each player's figures."""
    text = await run_in_threadpool(s.tournaments.export, tournament_id, "json")
    return Response(text, media_type="application/json",
                    headers={"Content-Disposition": f'attachment; filename="{tournament_id}.json"'})


@router.get("/{tournament_id}/export.csv")
async def export_csv(tournament_id: str, s: ServicesDep) -> PlainTextResponse:
    """One row a player, best first, with his figures."""
    text = await run_in_threadpool(s.tournaments.export, tournament_id, "csv")
    return PlainTextResponse(text, media_type="text/csv",
                             headers={"Content-Disposition": f'attachment; filename="{tournament_id}.csv"'})


@router.websocket("/{tournament_id}/live")
async def tournament_live(websocket: WebSocket, tournament_id: str) -> None:
    """The tournament now, then again at each change (a result at any table, on any server)."""
    s = services_of(websocket)
    await serve_live(websocket, s.hub, tournament_id, lambda lang: json.dumps(
        s.tournaments.view(s.tournaments.load(tournament_id)), ensure_ascii=False))
