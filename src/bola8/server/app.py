"""The ASGI app: the JSON API of docs/server-api.md under /api and the browser app at /.

Handlers are ``async`` and run one at a time on the event loop, so a game is
never changed by two requests at once; a stroke simulates in milliseconds.
Every refusal is ``{"error": "<one sentence naming the field>"}`` in the
request's ``?lang=es|en`` (Spanish by default) with a 4xx status.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import secrets
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any, Literal

from fastapi import FastAPI, Header, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, PlainTextResponse, Response
from pydantic import BaseModel, ConfigDict, Field, StrictBool
from starlette.exceptions import HTTPException as StarletteHTTPException

from bola8 import rules
from bola8.errors import InputError
from bola8.game.session import (Action, ChoiceAction, DeclareAction, LagAction, OutOfTurn, PlaceAction,
                                ShotAction)
from bola8.server.errors import ApiError, conflict, forbidden, not_found, over
from bola8.server.games import LiveGame, player_kind
from bola8.server.hints import DEFAULT_LEVEL, DEFAULT_TOP, answer, check_query
from bola8.server.store import Store, token_digest
from bola8.server.views import game_view, shot_text

log = logging.getLogger("bola8.server")
STATIC = os.path.join(os.path.dirname(__file__), "static")
Lang = Literal["es", "en"]
ADVANCE_WAIT_S = 60.0          # /advance answers 409 when a bot takes longer than this to decide


class Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class NewGame(Body):
    players: list[str] = Field(min_length=2, max_length=2)
    race: int = Field(3, ge=1, le=99)
    table: str = "9ft"
    ruleset: str = "spanish"
    seed: int | None = Field(None, ge=0, le=2**31 - 1)
    names: list[str] | None = Field(None, min_length=2, max_length=2)
    # Art. 24: the seats warned for slow play before the match starts; their strokes are timed
    warned: list[Literal[0, 1]] = Field(default_factory=list, max_length=2)
    # whether the players may ask the coach for a hint (bola8.server.hints)
    hints: StrictBool = True


class StrikeBody(Body):
    speed: float
    phi: float
    theta: float = 0.0
    a: float = 0.0
    b: float = 0.0


class CallBody(Body):
    ball: int
    pocket: str


class LagBody(Body):
    speed: float
    breaks: StrictBool = True


class PlaceBody(Body):
    x: float
    y: float


class ShotBody(Body):
    strike: StrikeBody
    call: CallBody | None = None
    elapsed_s: float | None = Field(None, ge=0)


class ChoiceBody(Body):
    option: str


class DeclareBody(Body):
    what: Literal["stalemate", "forfeit"]


class AnswerBody(Body):
    accept: StrictBool


class PracticeBody(Body):
    table: str = "9ft"
    balls: dict[str, list[float]]
    strike: StrikeBody
    call: CallBody | None = None
    state: dict[str, Any] | None = None


def _lang(request: Request) -> str:
    return "en" if request.query_params.get("lang") == "en" else "es"


def _error(status: int, text: str) -> JSONResponse:
    return JSONResponse({"error": text}, status_code=status)


_VALIDATION_ES = {"missing": "falta; es obligatorio", "extra_forbidden": "campo desconocido",
                  "json_invalid": "el cuerpo no es JSON válido"}


def _validation_text(error: RequestValidationError, lang: str) -> tuple[int, str]:
    first = error.errors()[0] if error.errors() else {"loc": ("body",), "type": "", "msg": "invalid"}
    loc = [str(part) for part in first.get("loc", ()) if part not in ("body", "query", "path", "header")]
    where = ".".join(loc) or "body"
    kind = str(first.get("type", ""))
    status = 400 if kind == "json_invalid" else 422
    msg = str(first.get("msg", "invalid value"))
    if lang == "es":
        return status, f"{where}: {_VALIDATION_ES.get(kind, 'valor no válido (' + msg + ')')}."
    return status, f"{where}: {msg[0].lower() + msg[1:] if msg else 'invalid value'}."


class Hub:
    """The WebSocket spectators of each game and table: one queue per connection."""

    def __init__(self) -> None:
        self.queues: dict[str, set[asyncio.Queue[dict[str, str]]]] = {}

    def publish(self, key: str, texts: dict[str, str]) -> None:
        for queue in self.queues.get(key, ()):
            queue.put_nowait(texts)


def create_app(db_path: str, *, bot_workers: int = 1, coach_workers: int = 1, worker_nice: int = 5,
               stop_workers: bool = False) -> FastAPI:
    """The server's app on the SQLite database at ``db_path`` (created when missing).

    ``bot_workers``: how many bot decisions may run at once, ``coach_workers`` how many hints: worker
    processes each, ``worker_nice`` below the server's priority (:mod:`bola8.server.thinking`; see
    :mod:`bola8.server.bots`, :mod:`bola8.server.hints`). ``stop_workers``: the app's shutdown stops
    every worker process (``bola8 serve``; apps that share a Python process leave them to the next)."""
    from bola8.server import thinking
    from bola8.server.bots import BotRunner
    from bola8.server.hints import HintService
    from bola8.server.registry import GameRegistry
    from bola8.server.tables import TableRegistry

    store = Store(db_path)
    hub = Hub()
    games = GameRegistry(store, hub)
    bots = games.bots = BotRunner(games, workers=bot_workers, nice=worker_nice)
    hints = HintService(workers=max(coach_workers, 1), nice=worker_nice)
    tables = TableRegistry(store, hub)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        # games whose bot was to act when the last server stopped: their bots play on
        resuming = asyncio.get_running_loop().create_task(bots.resume())
        yield
        resuming.cancel()
        await bots.stop()
        hints.stop()
        if stop_workers:
            thinking.shutdown()

    app = FastAPI(title="bola8", version="1", openapi_url="/api/openapi.json", docs_url="/api/docs",
                  redoc_url=None, lifespan=lifespan)
    app.state.store = store
    app.state.games = games
    app.state.hints = hints

    # ------------------------------------------------------------ errors
    @app.exception_handler(RequestValidationError)
    async def on_validation(request: Request, error: RequestValidationError) -> JSONResponse:
        status, text = _validation_text(error, _lang(request))
        return _error(status, text)

    @app.exception_handler(InputError)
    async def on_input(request: Request, error: InputError) -> JSONResponse:
        status = error.status if isinstance(error, ApiError) else 409 if isinstance(error, OutOfTurn) else 422
        return _error(status, error.text(_lang(request)))

    @app.exception_handler(StarletteHTTPException)
    async def on_http(request: Request, error: StarletteHTTPException) -> JSONResponse:
        en = {404: "path: there is no such page or endpoint.",
              405: "method: this endpoint does not take that method."}.get(error.status_code, "request: refused.")
        es = {404: "path: no existe esa página ni ese punto de la API.",
              405: "method: este punto de la API no admite ese método."}.get(error.status_code, "request: rechazada.")
        return _error(error.status_code, es if _lang(request) == "es" else en)

    @app.exception_handler(Exception)
    async def on_bug(request: Request, error: Exception) -> JSONResponse:
        log.exception("bug answering %s %s", request.method, request.url.path)
        return _error(500, "server: an internal error; it has been logged." if _lang(request) == "en"
                      else "server: un error interno; ha quedado registrado.")

    # ------------------------------------------------------------ games
    def act(game_id: str, request: Request, authorization: str | None, action: Action, *,
            bots_agreed: int | None = None) -> Response:
        """A person's action: stored and answered at once; a bot to act next plays in the background.
        ``bots_agreed``: for a stalemate, the number of actions the game had when its bots agreed."""
        game = games.load(game_id)
        now = game.session.to_act()
        if now is None:
            raise over()
        seat = games.seat_of(game_id, authorization)
        if seat is None:
            raise forbidden("a person seat of this game" if isinstance(action, DeclareAction) else f"seat {now.seat}")
        if isinstance(action, DeclareAction) and game.session.game is None:
            raise conflict(OutOfTurn("declare: no game is in play yet; the lag comes first.",
                                     "declare: todavía no hay partida en juego; primero va el sorteo."))
        if isinstance(action, DeclareAction) and action.what == "stalemate" and not all(
                kind == "person" for kind in game.kinds):
            if bots_agreed is None:
                raise ApiError(409, "what: the bot does not agree to a stalemate (Art. 21.2): the position is "
                                    "worth more to it than the rack played again.",
                               "what: el bot no acepta tablas (Art. 21.2): la posición le vale más que volver a "
                               "jugar la partida.")
            if bots_agreed != game.actions:
                raise ApiError(409, "what: the game went on while the bot considered the stalemate; propose it "
                                    "again.",
                               "what: la partida siguió mientras el bot consideraba las tablas; vuelva a "
                               "proponerlas.")
        if isinstance(action, ShotAction) and action.elapsed_s is not None and game.on_clock(seat):
            raise InputError("elapsed_s: this seat is on the shot clock (Art. 24); the server measures its time, "
                             "so leave elapsed_s out.",
                             "elapsed_s: este asiento juega con reloj de tiro (Art. 24); el servidor mide su "
                             "tiempo, así que no envíe elapsed_s.")
        played = games.commit(game, seat, game.timed(seat, action, time.time()))
        shot = played[0] if played and isinstance(action, ShotAction) else None
        return Response(games.answer(game, played, shot, _lang(request)), media_type="application/json")

    @app.post("/api/games", status_code=201)
    async def create_game(body: NewGame, request: Request, lang: Lang = "es") -> JSONResponse:
        from bola8.physics import table_spec

        kinds = [player_kind(kind, f"players[{i}]") for i, kind in enumerate(body.players)]
        table_spec(body.table)
        rules.get_ruleset(body.ruleset)
        names = body.names or [("bot" if kind.startswith("bot") else f"Jugador {i + 1}" if lang == "es"
                                else f"Player {i + 1}") for i, kind in enumerate(kinds)]
        for i, name in enumerate(names):
            if not name.strip() or len(name) > 40:
                raise InputError(f"names[{i}]: {name!r} is not a name; expected 1 to 40 characters.",
                                 f"names[{i}]: {name!r} no es un nombre; se esperaban de 1 a 40 caracteres.")
        seed = body.seed if body.seed is not None else secrets.randbelow(2**31)
        params: dict[str, Any] = {"players": kinds, "names": names, "race": body.race, "table": body.table,
                                  "ruleset": body.ruleset, "seed": seed}
        if body.warned:
            params["warned"] = sorted(set(body.warned))
        params["hints"] = body.hints
        game_id = "g_" + secrets.token_urlsafe(9)
        seat_tokens = [secrets.token_urlsafe(24) if kind == "person" else None for kind in kinds]
        digests = [None if t is None else token_digest(t) for t in seat_tokens]
        game = LiveGame(game_id, params)
        store.create(game_id, "game", params, digests)
        games.add(game, digests)
        return JSONResponse({"id": game_id, "seats": [{"seat": i, "token": t} for i, t in enumerate(seat_tokens)],
                             "view": game_view(game, lang)}, status_code=201)

    @app.get("/api/games/{game_id}")
    async def get_game(game_id: str, lang: Lang = "es") -> dict[str, Any]:
        return game_view(games.load(game_id), lang)

    @app.post("/api/games/{game_id}/lag")
    async def lag(game_id: str, body: LagBody, request: Request, lang: Lang = "es",
                  authorization: str | None = Header(None)) -> Response:
        return act(game_id, request, authorization, LagAction(body.speed, body.breaks))

    @app.post("/api/games/{game_id}/place")
    async def place(game_id: str, body: PlaceBody, request: Request, lang: Lang = "es",
                    authorization: str | None = Header(None)) -> Response:
        return act(game_id, request, authorization, PlaceAction(body.x, body.y))

    @app.post("/api/games/{game_id}/shot")
    async def shot(game_id: str, body: ShotBody, request: Request, lang: Lang = "es",
                   authorization: str | None = Header(None)) -> Response:
        from bola8.physics import Strike

        strike = Strike.from_dict(body.strike.model_dump())
        call = None if body.call is None else rules.Call.from_dict(body.call.model_dump())
        return act(game_id, request, authorization, ShotAction(strike, call, body.elapsed_s))

    @app.post("/api/games/{game_id}/choice")
    async def choice(game_id: str, body: ChoiceBody, request: Request, lang: Lang = "es",
                     authorization: str | None = Header(None)) -> Response:
        return act(game_id, request, authorization, ChoiceAction(body.option))

    @app.post("/api/games/{game_id}/declare")
    async def declare(game_id: str, body: DeclareBody, request: Request, lang: Lang = "es",
                      authorization: str | None = Header(None)) -> Response:
        agreed = None
        if body.what == "stalemate":
            agreed = await bots_agree(game_id, authorization)
        return act(game_id, request, authorization, DeclareAction(body.what), bots_agreed=agreed)

    @app.post("/api/games/{game_id}/proposal")
    async def answer_proposal(game_id: str, body: AnswerBody, request: Request, lang: Lang = "es",
                              authorization: str | None = Header(None)) -> Response:
        """Art. 21.2: the person answers the stalemate the bot proposed before its shot. Accepted, the
        rack is played again (a stalemate declared by both); declined, the bot plays its shot."""
        game = games.load(game_id)
        by = game.proposal
        if by is None:
            raise ApiError(409, "accept: no stalemate proposal waits for an answer in this game.",
                           "accept: en esta partida no hay ninguna propuesta de tablas por contestar.")
        seat = games.seat_of(game_id, authorization)
        if seat is None or seat == by:
            raise forbidden(f"seat {1 - by}")
        if body.accept:
            return act(game_id, request, authorization, DeclareAction("stalemate"), bots_agreed=game.actions)
        game.proposed_at, game.declined_at = None, game.actions
        games.publish(game, [])
        bots.wake(game)
        return Response(games.answer(game, [], None, _lang(request)), media_type="application/json")

    async def bots_agree(game_id: str, authorization: str | None) -> int | None:
        """Art. 21.2: a person proposes a stalemate to the bot(s) of the game; the game's number of
        actions when they all agree, else None. Asked only of a seated person in a game in play (act
        refuses the others with its own reason)."""
        game = games.load(game_id)
        if (game.session.to_act() is None or game.session.game is None or all(k == "person" for k in game.kinds)
                or games.seat_of(game_id, authorization) is None):
            return None
        before = game.actions
        return before if await bots.agree_to_stalemate(game) else None

    @app.post("/api/games/{game_id}/advance")
    async def advance(game_id: str, request: Request, lang: Lang = "es") -> Response:
        """A bot is to act: wait for its next action (the server plays it in the background) and answer
        it like an action; anyone may ask."""
        game = games.load(game_id)
        now = game.session.to_act()
        if now is None:
            raise over()
        if not game.is_bot(now.seat):
            raise ApiError(409, f"to_act: seat {now.seat} is a person; only a bot's turn can be advanced.",
                           f"to_act: el asiento {now.seat} es una persona; solo se avanza el turno de un bot.")
        if game.proposal is not None:
            raise ApiError(409, "advance: the bot proposes a stalemate (Art. 21.2); it plays when the person "
                                "answers (POST .../proposal).",
                           "advance: el bot propone tablas (Art. 21.2); juega cuando la persona conteste "
                           "(POST .../proposal).")
        before, strokes = game.actions, len(game.shots)
        if game_id in bots.failed:
            raise RuntimeError(f"the bot of game {game_id} stopped: {bots.failed[game_id]}")
        bots.wake(game)
        if not await games.changed(game_id, before, timeout=ADVANCE_WAIT_S):
            raise ApiError(409, "advance: the bot is still deciding; ask again.",
                           "advance: el bot todavía está decidiendo; vuelva a pedirlo.")
        game = games.load(game_id)
        played = game.shots[strokes:]
        shot = played[0] if played and played[0].action == before else None
        return Response(games.answer(game, played, shot, lang), media_type="application/json")

    @app.get("/api/games/{game_id}/hint")
    async def hint(game_id: str, level: str = DEFAULT_LEVEL, top: int = DEFAULT_TOP, lang: Lang = "es",
                   authorization: str | None = Header(None)) -> dict[str, Any]:
        """The coach's advice for the player to act (bola8.server.hints: who may ask, the cache)."""
        check_query(level, top)
        game = games.load(game_id)
        now = hints.check(game, games.seat_of(game_id, authorization))
        actions = game.actions
        advice, cached = await hints.advice(game, level)
        return answer(game_id, actions, now, advice, level, top, cached)

    @app.get("/api/games/{game_id}/record")
    async def record(game_id: str) -> PlainTextResponse:
        game = games.load(game_id)
        return PlainTextResponse(game.record_text(), media_type="application/x-ndjson",
                                 headers={"Content-Disposition": f'attachment; filename="{game_id}.jsonl"'})

    @app.get("/api/games/{game_id}/lag")
    async def get_lag(game_id: str) -> dict[str, Any]:
        """The last lag round (VIEW's ``lag``) with each stroke's trajectory, to draw the lag as played."""
        from bola8.game.lag import lag_simulation
        from bola8.server.trajectory import trajectory

        game = games.load(game_id)
        if game.lag is None:
            raise ApiError(404, "lag: this match has had no lag yet.", "lag: este encuentro aún no ha tenido arrime.")
        session = game.session
        strokes = [{**stroke, "trajectory": trajectory(lag_simulation(session.spec, stroke["speed"], player=stroke["seat"],
                                                                      physics=session.settings.physics))["0"]}
                   for stroke in game.lag["strokes"]]
        return {**game.lag, "strokes": strokes}

    @app.get("/api/games/{game_id}/shots/{n}")
    async def get_shot(game_id: str, n: int, lang: Lang = "es") -> Response:
        game = games.load(game_id)
        if not 1 <= n <= len(game.shots):
            raise ApiError(404, f"n: shot {n} does not exist; this game has shots 1 to {len(game.shots)}.",
                           f"n: el tiro {n} no existe; esta partida tiene los tiros 1 a {len(game.shots)}.")
        return Response(shot_text(game.shots[n - 1], lang), media_type="application/json")

    @app.websocket("/api/games/{game_id}/live")
    async def game_live(websocket: WebSocket, game_id: str) -> None:
        import json

        await websocket.accept()
        lang_ = "en" if websocket.query_params.get("lang") == "en" else "es"
        try:
            game = games.load(game_id)
        except ApiError as error:
            await websocket.send_text(json.dumps({"error": error.text(lang_)}, ensure_ascii=False))
            await websocket.close(code=4404)
            return
        await websocket.send_text(json.dumps({"view": game_view(game, lang_), "shot": None}, ensure_ascii=False))
        await _serve_socket(websocket, hub, game_id, lang_)

    # ------------------------------------------------------------ real tables, practice, meta
    tables.install(app)

    @app.post("/api/practice/simulate")
    async def practice(body: PracticeBody, lang: Lang = "es") -> dict[str, Any]:
        """A practice table: any balls anywhere, one stroke; nothing is stored."""
        from bola8.game.simulation import simulate_request
        from bola8.server.trajectory import trajectory

        from bola8.game.facts import contract_facts, shot_of

        result = simulate_request(table=body.table, balls=body.balls, strike=body.strike.model_dump())
        call = None if body.call is None else rules.Call.from_dict(body.call.model_dump())
        facts = {**contract_facts(result), "call": None if call is None else call.to_dict()}
        simulated = result.to_dict()
        answer: dict[str, Any] = {"shot": {**simulated, "facts": facts, "trajectory": trajectory(result),
                                           "balls_before": dict(body.balls), "balls_after": simulated["final"]}}
        if body.state is not None:
            state = rules.State.from_dict(body.state)
            ruling, after = rules.judge(state, shot_of(result, call))
            answer["ruling"], answer["state"] = ruling.to_dict(lang), after.to_dict()
        return answer

    @app.post("/api/practice/shot")
    async def practice_shot(body: PracticeBody, lang: Lang = "es") -> dict[str, Any]:
        return await practice(body, lang)

    @app.get("/api/articles")
    async def get_articles(lang: Lang = "es") -> dict[str, Any]:
        """The rulebook's text by article (Spanish: the reglamento; English: the project's reading), and
        where each citation a ruling's reason can carry points in it."""
        from bola8.rules.messages import MESSAGES
        from bola8.rules.texts import articles, cite

        citations = {}
        for article, _, _ in MESSAGES.values():
            ident, ref = cite(article)
            citations[article] = {"article": ident, "ref": ref}
        return {"lang": lang, "articles": articles(lang), "citations": citations}

    @app.get("/api/meta")
    async def meta(lang: Lang = "es") -> dict[str, Any]:
        from bola8.server.meta import meta_dict

        return meta_dict(lang)

    @app.api_route("/api/{rest:path}", methods=["GET", "POST", "PUT", "DELETE", "PATCH"],
                   include_in_schema=False)
    async def unknown_api(rest: str) -> None:
        raise StarletteHTTPException(404)

    # ------------------------------------------------------------ the browser app
    @app.get("/", include_in_schema=False)
    async def index() -> Any:
        page = os.path.join(STATIC, "index.html")
        if os.path.exists(page):
            return FileResponse(page, media_type="text/html")
        return HTMLResponse("<!doctype html><meta charset=utf-8><title>bola8</title>"
                            "<p>bola8: the API is at <a href=/api/docs>/api/docs</a>.</p>")

    @app.get("/{name:path}", include_in_schema=False)
    async def static_file(name: str) -> FileResponse:
        path = os.path.realpath(os.path.join(STATIC, name))
        if not path.startswith(os.path.realpath(STATIC) + os.sep) or not os.path.isfile(path):
            raise StarletteHTTPException(404)
        media = "text/javascript" if path.endswith((".js", ".mjs")) else None
        return FileResponse(path, media_type=media)

    return app


async def _serve_socket(websocket: WebSocket, hub: Hub, key: str, lang: str) -> None:
    """Send every published change to one spectator until it goes away."""
    queue: asyncio.Queue[dict[str, str]] = asyncio.Queue()
    hub.queues.setdefault(key, set()).add(queue)

    async def receive() -> None:
        while True:
            await websocket.receive_text()

    reader = asyncio.ensure_future(receive())
    try:
        while True:
            getter = asyncio.ensure_future(queue.get())
            done, _ = await asyncio.wait({getter, reader}, return_when=asyncio.FIRST_COMPLETED)
            if reader in done:
                getter.cancel()
                return
            await websocket.send_text(getter.result()[lang])
    except (WebSocketDisconnect, RuntimeError):
        return
    finally:
        reader.cancel()
        hub.queues.get(key, set()).discard(queue)
