"""The coach's hint for the position of a game (``GET /api/games/{id}/hint``, docs/server-api.md).

The advice is :func:`bola8.players.coach.advise` - the searching bot's own
search at the level asked, for a player who strokes like that level at the
match's noise - computed in a worker process (:mod:`bola8.server.thinking`)
and cached per game, action number and level: a position is asked about
again (a reload, the other browser of a hot seat, another level and back)
without a second search, and two requests for the same position while it is
being computed share one search. The search's draws come from the seed the
bot of that seat would get for that action (``games.bot_seed``), so the same
position of the same match always gets the same advice.

Who may ask (decided here, one place):

- in a game with a person, the person whose turn it is, with his seat's
  token: a hint is help for one's own shot, not a look at the opponent's
  (``403`` without that token; ``409`` when a bot is to act - it plays
  its own search);
- in a bot-against-bot game, anyone: the match is a broadcast, and what the
  coach would play is a commentary on it;
- never in a game made with ``hints: false`` (``403``), nor when the match
  is over or a lag is due (``409``: the coach has no lag to advise).

Each suggestion (and the safety) gains ``preview``: its stroke played once
on the simulator without noise, from the position (the cue ball first put
where the coach places it): the cue ball's first contact (``ghost``), the
paths of the cue ball and of the balls the shot is about, where the cue ball
stops and what went down - the page draws it on the table.
"""

from __future__ import annotations

import asyncio
import math
from collections import OrderedDict
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bola8.errors import InputError
from bola8.server import thinking
from bola8.server.errors import ApiError

if TYPE_CHECKING:
    from bola8.game import Game
    from bola8.game.session import ToAct
    from bola8.server.games import LiveGame

DEFAULT_LEVEL = "pro"        # the middle of the levels: 1.5x the olympiad's noise, banks, kicks and combinations
DEFAULT_TOP = 3
CACHE_SIZE = 128             # positions kept (each answer holds every suggestion: ten at most, a few kB each)
STEP = 0.01                  # metres between the points of a preview's path: a centimetre is under a pixel or two


@dataclass(frozen=True)
class HintTask:
    """The coach's question as a value for a worker process."""

    game: Game
    level: str
    seed: int


def advice_of(task: HintTask) -> dict[str, Any]:
    """The coach's full answer (every suggestion it has, up to its maximum) with each stroke's preview."""
    from bola8.players.coach import MAX_TOP, advise

    advice = advise(task.game, level=task.level, top=MAX_TOP, seed=task.seed)
    game = task.game
    placement = advice.get("placement")
    if placement is not None and game.needs_placement:
        game = game.place_cue_ball(placement["x"], placement["y"])
    for suggestion in [*advice.get("suggestions", []), advice.get("safety")]:
        if suggestion is not None and "strike" in suggestion:
            suggestion["preview"] = preview(game, suggestion)
    return advice


def preview(game: Game, suggestion: dict[str, Any]) -> dict[str, Any] | None:
    """The suggestion's stroke played once without noise: first contact, paths, where the cue ball stops."""
    from bola8 import rules
    from bola8.physics import Strike
    from bola8.server.trajectory import trajectory

    call = suggestion.get("call")
    try:
        turn = game.play(Strike.from_dict(suggestion["strike"]), None if call is None else rules.Call.from_dict(call))
    except InputError:       # the coach's own stroke and call; refused only if the position changed under it
        return None
    result = turn.simulation
    if result is None:       # a stroke is always simulated; None only for choices and declarations
        return None
    samples = trajectory(result)
    wanted = {0, suggestion.get("first_contact"), suggestion.get("via"), None if call is None else call["ball"]}
    ghost = None
    for event in result.events:
        if event.type == "ball_ball" and 0 in event.balls and "0" in samples:
            ghost = min(samples["0"], key=lambda s: abs(s[0] - event.t))[1:3]
            break
    final = dict(result.final).get(0)
    return {"ghost": None if ghost is None else [round(v, 4) for v in ghost],
            "paths": {ball: _thin(points) for ball, points in samples.items() if int(ball) in wanted},
            "cue_ball_final": None if final is None else [round(final[0], 4), round(final[1], 4)],
            "pocketed": [{"ball": ball, "pocket": pocket} for ball, pocket, _ in result.pocketed]}


def _thin(samples: list[list[float]]) -> list[list[float]]:
    """A path's points [x, y] at least STEP apart, its first and last kept: the shape, a tenth of the size."""
    out = [[round(samples[0][1], 4), round(samples[0][2], 4)]]
    for sample in samples[1:]:
        if math.dist(out[-1], sample[1:3]) >= STEP:
            out.append([round(sample[1], 4), round(sample[2], 4)])
    last = [round(samples[-1][1], 4), round(samples[-1][2], 4)]
    if out[-1] != last:
        out.append(last)
    return out


def check_query(level: str, top: int) -> None:
    """Refuse a hint query's bad level or count, naming the field."""
    from bola8.players.coach import MAX_TOP
    from bola8.players.levels import get_level

    get_level(level)
    if not 1 <= top <= MAX_TOP:
        raise InputError(f"top: {top} is not a number of suggestions; expected a whole number from 1 to {MAX_TOP}.",
                         f"top: {top} no es un número de sugerencias; se esperaba un entero de 1 a {MAX_TOP}.")


class HintService:
    """Who may ask, the cache, and the searches in the coach's worker processes."""

    def __init__(self, workers: int = 1, nice: int = thinking.NICE):
        self.workers = workers
        self.nice = nice
        self._cache: OrderedDict[tuple[str, int, str], dict[str, Any]] = OrderedDict()
        self._pending: dict[tuple[str, int, str], asyncio.Task[dict[str, Any]]] = {}
        self.searches = 0                   # searches started (the cache's misses), for the tests

    def check(self, game: LiveGame, seat: int | None) -> ToAct:
        """The turn a hint is asked for, or the refusal (see the module)."""
        from bola8.server.errors import over

        if not game.hints:
            raise ApiError(403, "hints: this game was made without hints (hints: false).",
                           "hints: esta partida se creó sin pistas (hints: false).")
        now = game.session.to_act()
        if now is None:
            raise over()
        if game.has_person:
            if game.is_bot(now.seat):
                raise ApiError(409, f"to_act: seat {now.seat} is a bot, which plays its own search; a hint is for "
                                    "a person's own turn.",
                               f"to_act: el asiento {now.seat} es un bot, que juega su propia búsqueda; una pista "
                               "es para el turno de una persona.")
            if seat != now.seat:
                raise ApiError(403, f"Authorization: a hint is for the player to act; it needs the token of seat "
                                    f"{now.seat} (Authorization: Bearer <token>).",
                               f"Authorization: una pista es para el jugador que tiene el turno; necesita el token "
                               f"del asiento {now.seat} (Authorization: Bearer <token>).")
        if now.action == "lag":
            raise ApiError(409, "to_act: the lag is due; the coach advises strokes, the cue ball in hand and "
                                "choices, not the lag.",
                           "to_act: toca el arrime; el entrenador aconseja tiros, la bola en mano y opciones, no "
                           "el arrime.")
        return now

    async def advice(self, game: LiveGame, level: str) -> tuple[dict[str, Any], bool]:
        """The coach's full answer for the game as it stands, and whether it came from the cache."""
        from bola8.server.games import bot_seed

        key = (game.id, game.actions, level)
        cached = self._cache.get(key)
        if cached is not None:
            self._cache.move_to_end(key)
            return cached, True
        task = self._pending.get(key)
        if task is None:
            position = game.session.game
            now = game.session.to_act()
            assert position is not None and now is not None
            self.searches += 1
            question = HintTask(position, level, bot_seed(game.params["seed"], now.seat, game.actions))
            task = self._pending[key] = asyncio.ensure_future(
                thinking.run("coach", self.workers, advice_of, question, self.nice))
            task.add_done_callback(lambda done: self._store(key, done))
        # shielded: a request that goes away does not cancel the search another one waits for
        return await asyncio.shield(task), False

    def stop(self) -> None:
        """The app stops: searches still running are dropped with their workers (see ``thinking.discard``)."""
        if self._pending:
            for task in self._pending.values():
                task.cancel()
            self._pending.clear()
            thinking.discard("coach", self.workers, self.nice)

    def _store(self, key: tuple[str, int, str], done: asyncio.Task[dict[str, Any]]) -> None:
        self._pending.pop(key, None)
        if done.cancelled() or done.exception() is not None:
            return
        self._cache[key] = done.result()
        while len(self._cache) > CACHE_SIZE:
            self._cache.popitem(last=False)


def answer(game_id: str, actions: int, now: ToAct, advice: dict[str, Any], level: str, top: int,
           cached: bool) -> dict[str, Any]:
    """The endpoint's JSON: the position it is about (the game's ``actions`` when it was asked, as VIEW
    counts them), and the advice with its first ``top`` suggestions."""
    return {"game": game_id, "actions": actions, "to_act": now.to_dict(), "level": level, "cached": cached,
            "advice": {**advice, "suggestions": advice.get("suggestions", [])[:top]}}
