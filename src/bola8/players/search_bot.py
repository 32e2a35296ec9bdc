"""The searching bot: one bot, four levels (``bot:beginner``, ``bot:club``, ``bot:pro``, ``bot:champion``).

It answers everything a game asks of a player (:class:`~bola8.players.Player`)
by simulating: the shot by :class:`~bola8.players.search.Searcher` (aims swept
on the simulator, strokes sampled under its own noise and judged by the
referee, two shots deep), ball in hand by searching spots, the break and the
lag by :mod:`bola8.players.breaking`, the options by playing each branch:

- ``accept_table`` or ``rebreak`` (Art. 7.2), ``respot_eight`` or ``rerack``
  (Art. 6): the value of shooting from the table as it lies (a search of that
  shot, with ball in hand when the option gives it) against the value of
  breaking a new rack (the break search's own measure);
- :meth:`SearchBot.agrees_to_stalemate` (Art. 21.2, asked by the match when a
  stalemate is proposed): yes when the position is worth less to it than the
  replayed rack.

Its search knows what a replayed rack is worth (its own break's measured
value, for whoever breaks it), so it weighs a stalemate by Art. 21.1 like any
other end of the rack (see :mod:`bola8.players.search`).

The stroke it sends is its intended stroke perturbed by its execution noise;
every draw (its evaluation samples and its noise) comes from its seeded
generator, so a match is reproducible.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from bola8.players.breaking import NEUTRAL, BreakPlan, break_plan_for, lag_speed
from bola8.players.levels import Level
from bola8.players.noise import ExecutionNoise
from bola8.players.protocol import ShotChoice
from bola8.players.search import Candidate, Searcher, SearchResult

if TYPE_CHECKING:
    from bola8.game import Game
    from bola8.physics import PhysicsSettings, Strike, TableSpec
    from bola8.rules.state import Option

Point = tuple[float, float]


class SearchBot:
    """The searching bot at one :class:`~bola8.players.levels.Level`: every decision searched on the simulator
    through the referee, within the level's budgets (see :mod:`bola8.players.search`).
    """
    def __init__(self, level: Level, name: str = "bot", *, seed: int = 0, noise: ExecutionNoise | None = None,
                 physics: PhysicsSettings | None = None):
        self.name = name
        self.level = level
        self.noise = noise if noise is not None else ExecutionNoise(level=level.noise_scale)
        self.physics = physics
        self._rng = random.Random(seed)
        self.searcher = Searcher(level, self.noise, self._rng)
        self.last: SearchResult | None = None      # the last shot search, for whoever wants to see it

    # ---------------------------------------------------------------- Art. 4
    def lag_speed(self, spec: TableSpec) -> float:
        """The lag speed that stops nearest the head cushion under its own speed noise, with that noise."""
        return self.noise.perturb_speed(lag_speed(spec, self.physics, self.noise), self._rng)

    def wants_to_break(self) -> bool:
        """Always: its break keeps the table more often than not (see ``bola8.players.breaking``)."""
        return True

    # --------------------------------------------------------------- the break
    def break_plan(self, game: Game) -> BreakPlan:
        """Its break on this table and ruleset: searched once per process (``bola8.players.breaking``)."""
        return break_plan_for(game, self.noise, self.level.continuation, self.level.break_search)

    # ------------------------------------------------------------ ball in hand
    def place_cue_ball(self, game: Game) -> Point:
        """Its break's spot, or the searched place for ball in hand."""
        if game.state.phase == "break":
            return self.break_plan(game).spot
        return self.searcher.place(game)

    # ------------------------------------------------------------------ shots
    def choose_shot(self, game: Game) -> ShotChoice:
        """Its break, the best pot or safety of its search, or a fallback safety - with its execution noise.
        """
        if game.state.phase == "break":
            return self._execute(self.break_plan(game).strike, None, "break")
        self.searcher.rack = self.rack_value(game)
        result = self.searcher.search(game)
        self.last = result
        if result.best is None:
            return self._execute(self.searcher.fallback(game), None, "safety")
        return self._execute(result.best.strike, result.best.plan.call, note(result.best))

    # ---------------------------------------------------------------- options
    def choose_option(self, game: Game, options: tuple[Option, ...]) -> Option:
        """The option worth most to it, each branch searched (Art. 6, 7.2)."""
        values = {option: self.option_value(game, option) for option in options}
        return max(options, key=lambda o: values[o])

    def rack_value(self, game: Game) -> float:
        """The breaker's chance to win a new rack on ``game``'s table: its break's measured value."""
        return self.break_plan(game).value if self.level.break_search else NEUTRAL

    def option_value(self, game: Game, option: Option) -> float:
        """Its chance to win after ``option``: a search of the shot it gives, or its break's value."""
        me = game.state.decision.player if game.state.decision is not None else game.state.shooter
        after = game.decide(option).game
        self.searcher.rack = self.rack_value(game)
        if after.state.phase == "break":
            breaks = after.state.breaker == me
            value = self.searcher.rack
            return value if breaks else 1.0 - value
        if after.state.shooter != me:
            return self.searcher.value(after, me)
        if after.needs_placement:
            spot = self.searcher.place(after)
            after = after.place_cue_ball(*spot)
        return self.searcher.next_shot_value(after)

    def agrees_to_stalemate(self, game: Game, player: int) -> bool:
        """Art. 21.2: seated as ``player``, agree when the position is worth less to it than the rack
        played again (by a margin: its estimate of the position is rough)."""
        self.searcher.rack = self.rack_value(game)
        return self.searcher.value(game, player) < self.searcher.replay(game.state, player) - 0.05

    # --------------------------------------------------------------- internals
    def _execute(self, intended: Strike, call: object, text: str) -> ShotChoice:
        return ShotChoice(strike=self.noise.perturb(intended, self._rng), call=call,  # type: ignore[arg-type]
                          intended=intended, note=text)


def note(c: Candidate) -> str:
    """What the stroke meant, in the records' short English (like the baseline's "pot 3 in foot-left")."""
    plan = c.plan
    if plan.call is None:
        return "safety"
    if plan.kind == "safety":       # a two-way shot: played safe, called so it is an attempt (Art. 21.1)
        return f"safety calling {plan.call.ball} in {plan.call.pocket}"
    words = {"pot": "pot", "bank": "bank", "kick": "kick", "combination": "combination", "kiss": "kiss",
             "jump": "jump"}[plan.kind]
    return f"{words} {plan.call.ball} in {plan.call.pocket}"
