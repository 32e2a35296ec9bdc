"""/api/games: matches on the simulated table - made, played, watched, advised (docs/server-api.md).

A person acts for the seat whose token the request carries; a bot's actions
are played in the background (:mod:`bola8.server.bots`); anyone with the id
may read a game, its shots, its record, and watch it live.
"""

from __future__ import annotations

import json
import math
import time
from typing import Any, Literal

from fastapi import APIRouter, WebSocket
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import PlainTextResponse, Response
from pydantic import Field, StrictBool

from bola8.errors import InputError
from bola8.game.session import (Action, AnswerAction, ChoiceAction, ConcedeAction, DeclareAction, LagAction,
                                PlaceAction, ProposeAction, ShotAction)
from bola8.server.deps import CREATES, LangDep, Services, ServicesDep, TokenDep, services_of
from bola8.server.errors import ApiError, forbidden, over
from bola8.server import invitations
from bola8.server.games import CLAIM_AFTER_S, LiveGame
from bola8.server.invitations import make_game
from bola8.server.hints import DEFAULT_LEVEL, DEFAULT_TOP, answer, check_query
from bola8.server.live import serve_live
from bola8.server.schemas import Body, CallJson, StrikeJson, call_of, strike_of
from bola8.server.routing import StrictRoute

router = APIRouter(route_class=StrictRoute, prefix="/api/games", tags=["games"])
ADVANCE_WAIT_S = 60.0          # /advance answers 409 when a bot takes longer than this to decide


class NewGame(Body):
    """The body of ``POST /api/games``: the seats, the table, the ruleset, the race, the clock and the hints.
    """
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
    # playing together (bola8.server.invitations): seat 1 waits for a friend; listed in the lobby; rated;
    # the maker's profile token
    invite: StrictBool = False
    public: StrictBool = False
    rated: StrictBool = False
    profile: str | None = Field(None, max_length=200)


class JoinBody(Body):
    """The invited person: the invitation's code (not for a public one), a name, or a profile's token."""

    invite: str | None = Field(None, max_length=200)
    name: str | None = Field(None, max_length=200)
    profile: str | None = Field(None, max_length=200)


class LagBody(Body):
    """A lag stroke's speed."""
    speed: float
    breaks: StrictBool = True


class PlaceBody(Body):
    """Where to put the cue ball in hand."""
    x: float
    y: float


class ShotBody(Body):
    """A stroke and its call."""
    strike: StrikeJson
    call: CallJson | None = None
    elapsed_s: float | None = Field(None, ge=0)


class ChoiceBody(Body):
    """A pending option."""
    option: str


class DeclareBody(Body):
    """A declaration (stalemate or forfeit)."""
    what: Literal["stalemate", "forfeit"]


class AnswerBody(Body):
    """The answer to a stalemate proposal."""
    accept: StrictBool


def json_answer(text: str) -> Response:
    """Already-serialised JSON as the answer."""
    return Response(text, media_type="application/json")


def act(s: Services, game_id: str, token: str | None, action: Action, lang: str) -> Response:
    """A person's action: stored and answered at once; a bot to act next plays in the background.

    Several servers on one database: the action is first tried on the game as held here, without asking
    the store whether another server stored an action meanwhile - the announcements keep a held game
    current within milliseconds, and the store refuses an action whose number was taken (the game is then
    dropped, to be rebuilt). Only a refusal made on the game brought up to date is answered: any refusal
    of that first try (that one, a token of a seat taken on another server, a turn that moved) is tried
    once more on the game read fresh from the store. Nothing was stored by a refused try."""
    try:
        game, seat = seated(s, game_id, token, action, fresh=not s.games.store.shared)
        played = s.games.commit(game, seat, game.timed(seat, action, time.time()))
    except InputError:                 # an ApiError too
        if not s.games.store.shared:
            raise
        game, seat = seated(s, game_id, token, action, fresh=True)
        played = s.games.commit(game, seat, game.timed(seat, action, time.time()))
    shot = played[0] if played and isinstance(action, ShotAction) else None
    return json_answer(s.games.answer(game, played, shot, lang))


def seated(s: Services, game_id: str, token: str | None, action: Action, *,
           fresh: bool = True) -> tuple[LiveGame, int]:
    """The game and the seat whose token the request carries, for an action on a match in play; ``fresh``:
    the game brought up to date from the store first (see :meth:`GameRegistry.load`)."""
    game = s.games.load(game_id, fresh=fresh)
    now = game.session.to_act()
    if now is None:
        raise over()
    if game.invite_open:
        raise ApiError(409, "game: the invited person has not taken the other seat yet; nothing can be played "
                            "before.",
                       "game: la persona invitada aún no ha ocupado el otro asiento; no se puede jugar nada antes.")
    seat = s.games.seat_of(game_id, token)
    if seat is None:
        whose = f"seat {now.seat}" if isinstance(action, (LagAction, PlaceAction, ShotAction, ChoiceAction)) \
            else "a person seat of this game"
        raise forbidden(whose)
    return game, seat


@router.post("", status_code=201, dependencies=CREATES)
async def create_game(body: NewGame, s: ServicesDep, lang: LangDep) -> Response:
    """A new game: its id, each person seat's token (shown this once), the invitation's code, VIEW."""
    made = make_game(s, invitations.NewGame(**body.model_dump()), lang)
    answer_: dict[str, Any] = {"id": made.game.id, "seats": [{"seat": i, "token": t} for i, t in enumerate(made.tokens)],
                               "view": s.games.view(made.game, lang)}
    if made.invite is not None:
        answer_["invite"] = made.invite
    return Response(json.dumps(answer_, ensure_ascii=False), status_code=201, media_type="application/json")


@router.post("/{game_id}/join")
async def join_game(game_id: str, body: JoinBody, s: ServicesDep, lang: LangDep) -> dict[str, Any]:
    """The invited person takes the waiting seat (with the invitation's code, unless it is public)."""
    seat, token = invitations.join(s, game_id, body.invite, body.name, body.profile)
    return {"seat": seat, "token": token, "view": s.games.view(s.games.load(game_id), lang)}


@router.get("/{game_id}")
async def get_game(game_id: str, s: ServicesDep, lang: LangDep) -> dict[str, Any]:
    """The game's view (anyone with the link)."""
    return s.games.view(s.games.load(game_id), lang)


@router.post("/{game_id}/lag")
async def lag(game_id: str, body: LagBody, s: ServicesDep, lang: LangDep, token: TokenDep) -> Response:
    """The seat's lag stroke."""
    return act(s, game_id, token, LagAction(body.speed, body.breaks), lang)


@router.post("/{game_id}/place")
async def place(game_id: str, body: PlaceBody, s: ServicesDep, lang: LangDep, token: TokenDep) -> Response:
    """The seat's cue ball placed in hand."""
    return act(s, game_id, token, PlaceAction(body.x, body.y), lang)


@router.post("/{game_id}/shot")
async def shot(game_id: str, body: ShotBody, s: ServicesDep, lang: LangDep, token: TokenDep) -> Response:
    """The seat's stroke, simulated and judged."""
    return act(s, game_id, token, ShotAction(strike_of(body.strike), call_of(body.call), body.elapsed_s), lang)


@router.post("/{game_id}/choice")
async def choice(game_id: str, body: ChoiceBody, s: ServicesDep, lang: LangDep, token: TokenDep) -> Response:
    """The seat's option (Art. 6, 7.2)."""
    return act(s, game_id, token, ChoiceAction(body.option), lang)


@router.post("/{game_id}/declare")
async def declare(game_id: str, body: DeclareBody, s: ServicesDep, lang: LangDep, token: TokenDep) -> Response:
    """A forfeit, or a stalemate (Art. 21.2). Between two persons at one screen a stalemate is declared at
    once; against a bot it is proposed to the bot, whose answer (made in a worker process) this request
    waits for."""
    game = s.games.load(game_id)
    together = all(kind == "person" for kind in game.kinds) and game.invite is None    # one screen: the hot seat
    if body.what == "forfeit" or together:
        return act(s, game_id, token, DeclareAction(body.what), lang)
    if all(kind == "person" for kind in game.kinds):            # players apart: a proposal the other answers
        return act(s, game_id, token, ProposeAction(), lang)
    game, seat = seated(s, game_id, token, ProposeAction())
    s.games.commit(game, seat, ProposeAction())
    proposed = game.actions
    if not await s.games.changed(game_id, proposed, timeout=ADVANCE_WAIT_S):
        raise ApiError(409, "what: the bot is still considering the stalemate; its answer will show in the game.",
                       "what: el bot todavía está considerando las tablas; su respuesta se verá en la partida.")
    game = s.games.load(game_id)
    # the bot has answered; a refusal is its answer to a proposal made, not a fault of the request
    outcome: dict[str, Any] = {"accepted": not game.session.declined(seat), "by": 1 - seat}
    if not outcome["accepted"]:
        outcome["reason"] = refusal(game.kinds[1 - seat], lang)
    answered = s.games.answer(game, [], None, lang)
    return json_answer(answered[:-1] + ',"stalemate":' + json.dumps(outcome, ensure_ascii=False) + "}")


def refusal(kind: str, lang: str) -> str:
    """Why the bot of ``kind`` refused a stalemate (Art. 21.2), as its answer is made: the baseline bot
    never agrees (``BaselineBot.agrees_to_stalemate``), a searching bot only when the rack played again is
    worth more to it than the position (``SearchBot.agrees_to_stalemate``)."""
    from bola8.players import bot_label

    level = kind.partition(":")[2] or "baseline"
    label = bot_label(level, lang)
    if level == "baseline":
        return (f"El {label} nunca acepta tablas (Art. 21.2): juega cada partida hasta el final." if lang == "es"
                else f"The {label} never agrees to a stalemate (Art. 21.2): it plays every rack to its end.")
    return (f"El {label} no acepta tablas (Art. 21.2): la posición le vale más que volver a jugar la partida."
            if lang == "es" else
            f"The {label} does not agree to a stalemate (Art. 21.2): the position is worth more to it than the "
            "rack played again.")


@router.post("/{game_id}/proposal")
async def answer_proposal(game_id: str, body: AnswerBody, s: ServicesDep, lang: LangDep,
                          token: TokenDep) -> Response:
    """Art. 21.2: the answer to the stalemate the other seat proposed. Accepted, the rack is played again;
    declined, play goes on (a bot that proposed plays its shot)."""
    game = s.games.load(game_id)
    proposal = game.session.proposal
    if proposal is None:
        raise ApiError(409, "accept: no stalemate proposal waits for an answer in this game.",
                       "accept: en esta partida no hay ninguna propuesta de tablas por contestar.")
    if s.games.seat_of(game_id, token) != 1 - proposal.by:
        raise forbidden(f"seat {1 - proposal.by}")
    return act(s, game_id, token, AnswerAction(body.accept), lang)


@router.post("/{game_id}/concede")
async def concede(game_id: str, s: ServicesDep, lang: LangDep, token: TokenDep) -> Response:
    """The seat concedes the match: it ends now, the other seat winning with the score as it stands (a
    rated match counts as lost, like any other)."""
    not_in_tournament(s.games.load(game_id))
    return act(s, game_id, token, ConcedeAction(), lang)


def not_in_tournament(game: LiveGame) -> None:
    """A tournament's match is not conceded nor claimed by its players: its director decides (Art. 22)."""
    if game.in_tournament:
        raise ApiError(409, "game: a tournament's match ends by play or by the director's decision (Art. 22); "
                            "ask the director.",
                       "game: un encuentro de torneo termina jugando o por decisión del director deportivo "
                       "(Art. 22); consúltelo con él.")


@router.post("/{game_id}/claim")
async def claim(game_id: str, s: ServicesDep, lang: LangDep, token: TokenDep) -> Response:
    """The match claimed from a person apart who abandoned it: the match waits for him, and none of his
    pages has been open for ``CLAIM_AFTER_S`` (VIEW ``claim``). It ends as his concession."""
    game, seat = seated(s, game_id, token, ConcedeAction(abandoned=True))
    not_in_tournament(game)
    due = game.claim(s.games.presence(game_id))
    if due is None or due[0] == seat:
        raise ApiError(409, "claim: the match does not wait for an opponent who left; it can be claimed only "
                            "while it waits for a person apart whose page is closed.",
                       "claim: el encuentro no espera a un rival que se haya ido; solo se reclama mientras "
                       "espera a una persona que juega desde otro dispositivo y tiene la página cerrada.")
    absent, start = due
    wait = math.ceil(start - time.time())
    if wait > 0:
        name = game.names[absent]
        raise ApiError(409, f"claim: {name} may still come back; the match can be claimed once they have been "
                            f"away for {CLAIM_AFTER_S:.0f} s, in {wait} s.",
                       f"claim: {name} aún puede volver; el encuentro se puede reclamar cuando lleve "
                       f"{CLAIM_AFTER_S:.0f} s fuera, dentro de {wait} s.")
    played = s.games.commit(game, absent, ConcedeAction(abandoned=True))
    return json_answer(s.games.answer(game, played, None, lang))


@router.post("/{game_id}/advance")
async def advance(game_id: str, s: ServicesDep, lang: LangDep) -> Response:
    """A bot is to act: wait for its next action (the server plays it in the background) and answer
    it like an action; anyone may ask."""
    game = s.games.load(game_id)
    now = game.session.to_act()
    if now is None:
        raise over()
    if not game.is_bot(now.seat):
        raise ApiError(409, f"to_act: seat {now.seat} is a person; only a bot's turn can be advanced.",
                       f"to_act: el asiento {now.seat} es una persona; solo se avanza el turno de un bot.")
    if game.proposal == now.seat:
        raise ApiError(409, "advance: the bot proposes a stalemate (Art. 21.2); it plays when the person "
                            "answers (POST .../proposal).",
                       "advance: el bot propone tablas (Art. 21.2); juega cuando la persona conteste "
                       "(POST .../proposal).")
    before, strokes = game.actions, len(game.shots)
    if game_id in s.bots.failed:
        raise RuntimeError(f"the bot of game {game_id} stopped: {s.bots.failed[game_id]}")
    s.bots.wake(game)
    if not await s.games.changed(game_id, before, timeout=ADVANCE_WAIT_S):
        raise ApiError(409, "advance: the bot is still deciding; ask again.",
                       "advance: el bot todavía está decidiendo; vuelva a pedirlo.")
    game = s.games.load(game_id)
    played = game.shots[strokes:]
    shot_ = played[0] if played and played[0].action == before else None
    return json_answer(s.games.answer(game, played, shot_, lang))


@router.get("/{game_id}/hint")
async def hint(game_id: str, s: ServicesDep, token: TokenDep, lang: LangDep, level: str = DEFAULT_LEVEL,
               top: int = DEFAULT_TOP) -> dict[str, Any]:
    """The coach's advice for the player to act (bola8.server.hints: who may ask, the cache)."""
    check_query(level, top)
    game = s.games.load(game_id)
    now = s.hints.check(game, s.games.seat_of(game_id, token))
    actions = game.actions
    advice, cached = await s.hints.advice(game, level)
    return answer(game_id, actions, now, advice, level, top, cached)


@router.get("/{game_id}/record")
async def record(game_id: str, s: ServicesDep) -> PlainTextResponse:
    """The match's record, JSON Lines (as ``bola8 match --record`` writes it)."""
    text = await run_in_threadpool(s.games.record_text, game_id)   # a long match takes a while to write again
    return PlainTextResponse(text, media_type="application/x-ndjson",
                             headers={"Content-Disposition": f'attachment; filename="{game_id}.jsonl"'})


@router.get("/{game_id}/lag")
async def get_lag(game_id: str, s: ServicesDep) -> dict[str, Any]:
    """The last lag round (VIEW's ``lag``) with each stroke's trajectory, to draw the lag as played."""
    from bola8.game.lag import lag_simulation
    from bola8.server.trajectory import trajectory

    game = s.games.load(game_id)
    if game.lag is None:
        raise ApiError(404, "lag: this match has had no lag yet.", "lag: este encuentro aún no ha tenido arrime.")
    session = game.session
    strokes = [{**stroke, "trajectory": trajectory(lag_simulation(session.spec, stroke["speed"], player=stroke["seat"],
                                                                  physics=session.settings.physics))["0"]}
               for stroke in game.lag["strokes"]]
    return {**game.lag, "strokes": strokes}


@router.get("/{game_id}/shots")
async def list_shots(game_id: str, s: ServicesDep) -> list[dict[str, Any]]:
    """Every shot of the game in a line each - who shot, in which game, whether it was a foul, the call -
    for the shot list of a page opened late (a reload, a spectator) without each stroke's trajectory."""
    game = s.games.load(game_id)
    return [{"n": e.n, "seat": e.seat, "game_number": e.game_number, "foul": e.ruling.foul,
             "turn_passes": e.ruling.turn_passes,
             "call": None if e.stroke.call is None else e.stroke.call.to_dict()} for e in game.shots]


@router.get("/{game_id}/shots/{n}")
async def get_shot(game_id: str, n: int, s: ServicesDep, lang: LangDep) -> Response:
    """Shot ``n`` of the game, for its replay."""
    game = s.games.load(game_id)
    if not 1 <= n <= len(game.shots):
        raise ApiError(404, f"n: shot {n} does not exist; this game has shots 1 to {len(game.shots)}.",
                       f"n: el tiro {n} no existe; esta partida tiene los tiros 1 a {len(game.shots)}.")
    return json_answer(s.games.shot_text(game, game.shots[n - 1], lang))


@router.websocket("/{game_id}/live")
async def game_live(websocket: WebSocket, game_id: str) -> None:
    """The game's views and shots as they happen, over a WebSocket."""
    s = services_of(websocket)
    seated: list[int] = []

    def heard(text: str) -> None:
        """``{"token": "<the seat's token>"}``: this connection is that seat's (presence); once."""
        if seated:
            return
        try:
            token = json.loads(text).get("token")
        except (ValueError, AttributeError):
            return
        seat = s.games.seat_of(game_id, token) if isinstance(token, str) else None
        if seat is not None:
            seated.append(seat)
            s.games.connected(game_id, seat, +1)

    try:
        await serve_live(websocket, s.hub, game_id,
                         lambda lang: json.dumps({"view": s.games.view(s.games.load(game_id), lang), "shot": None},
                                                 ensure_ascii=False),
                         heard)
    finally:
        if seated:
            s.games.connected(game_id, seated[0], -1)
