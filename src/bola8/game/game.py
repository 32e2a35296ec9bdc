"""One game (one rack) of Spanish 8-ball on the simulated table.

A :class:`Game` is an immutable value: the table, the balls on it and the
referee's state. Every action - placing the cue ball in hand, a stroke, a
choice, a declaration - returns a :class:`Turn` that holds the ruling and the
next game, so a bot can branch from any position without copying.

This is the one place where physics and rules meet (DESIGN.md): a stroke is
simulated, the facts of its events become the referee's :class:`Shot`, the
referee judges, and the game applies the ruling to the table - spotting
(Art. 16), re-racks (Art. 6, 7, 21.2) and the cue ball in hand (Art. 8, 13).
No rule is decided here.

The game holds its :class:`~bola8.rules.Ruleset` as a value (``Game.ruleset``,
a variant included) and hands it to the referee on every action; its
``state`` keeps only the ruleset's name, the referee contract's ``ruleset``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Literal

from bola8 import rules
from bola8.errors import InputError
from bola8.game.layout import Point, freeze
from bola8.game.placement import check_cue_ball_placement
from bola8.game.racking import rack_layout
from bola8.game.shot_clock import ShotClock
from bola8.game.spotting import spot_balls
from bola8.rules.balls import CUE

if TYPE_CHECKING:
    from bola8.physics import PhysicsSettings, ShotResult, Strike, TableSpec


@dataclass(frozen=True)
class Game:
    """A rack in progress: table, balls, referee state. Build one with :meth:`new`."""

    spec: TableSpec
    state: rules.State
    balls: tuple[tuple[int, Point], ...]
    rack_seed: int = 0
    racks_played: int = 1         # racks set up so far in this game (re-racks count)
    cue_placed: bool = False      # the cue ball in hand has been placed for this stroke
    shot_clock: ShotClock = field(default_factory=ShotClock)
    physics: PhysicsSettings | None = None      # None for the defaults
    ruleset: rules.Ruleset = rules.RULESETS["spanish"]   # the settings the referee judges under

    def __post_init__(self) -> None:
        if self.ruleset.name != self.state.ruleset:
            raise InputError(f"ruleset: {self.ruleset.name!r} is not the state's ruleset {self.state.ruleset!r}.",
                             f"ruleset: {self.ruleset.name!r} no es el reglamento del estado {self.state.ruleset!r}.")

    # ----------------------------------------------------------------- creation
    @classmethod
    def new(cls, table: str = "9ft", *, ruleset: str | rules.Ruleset = "spanish", breaker: int = 0,
            rack_seed: int = 0, physics: PhysicsSettings | None = None,
            shot_clock: ShotClock | None = None) -> Game:
        """A fresh rack (Art. 3) with the cue ball in hand behind the head string (Art. 7.1).

        ``ruleset``: a name (``"spanish"``) or a :class:`~bola8.rules.Ruleset`,
        e.g. ``get_ruleset("spanish").with_settings(stalemate="off")``.
        """
        from bola8.physics import table_spec

        spec = table_spec(table)
        settings = rules.get_ruleset(ruleset)
        state = rules.State.initial(ruleset=settings, breaker=breaker)
        return cls(spec=spec, state=state, balls=freeze(rack_layout(spec, rack_seed, 0)),
                   rack_seed=rack_seed, shot_clock=shot_clock or ShotClock(), physics=physics,
                   ruleset=settings)

    # ------------------------------------------------------------------ queries
    @property
    def layout(self) -> dict[int, Point]:
        """The balls on the table: number -> (x, y). A fresh dict each call."""
        return dict(self.balls)

    @property
    def is_over(self) -> bool:
        """The game has ended (a win, a stalemate or a forfeit): no action is taken any more."""
        return self.state.phase == "over"

    @property
    def cue_in_hand(self) -> bool:
        """The cue ball is in hand (anywhere, or behind the head string), waiting to be placed."""
        return self.state.cue_ball != "on_table"

    @property
    def kitchen_only(self) -> bool:
        """Ball in hand behind the head string (the break, or after a break foul: Art. 8.2)."""
        return self.state.cue_ball == "in_hand_behind_head_string"

    @property
    def needs_placement(self) -> bool:
        """The shooter must place the cue ball before the stroke."""
        return (self.cue_in_hand and not self.cue_placed
                and self.state.decision is None and not self.is_over)

    # ------------------------------------------------------------------ actions
    def place_cue_ball(self, x: float, y: float, *, lang: str = "es") -> Game:
        """Put the cue ball in hand at (x, y); refused (never a foul) where Art. 9/13 forbid it."""
        self._refuse_if_over()
        if not self.cue_in_hand:
            raise InputError("cue_ball: the cue ball is not in hand; it is played from where it lies.",
                             "cue_ball: la bola blanca no está en mano; se juega desde donde está.")
        if self.state.decision is not None:
            raise InputError("cue_ball: a decision is pending; make the choice first.",
                             "cue_ball: hay una decisión pendiente; haga primero la elección.")
        layout = self.layout
        check_cue_ball_placement(layout, (x, y), spec=self.spec,
                                 behind_head_string=self.kitchen_only, lang=lang)
        layout[CUE] = (float(x), float(y))
        return replace(self, balls=freeze(layout), cue_placed=True)

    def warn_slow_play(self, player: int) -> Game:
        """Art. 24: after a warning, ``player`` plays every shot against the clock.

        ``play`` then needs the shot's ``elapsed_s``; a match carries the warning
        to its next games.
        """
        rules.check_player(player, "player")
        return replace(self, shot_clock=self.shot_clock.warn(player))

    def play(self, strike: Strike, call: rules.Call | None = None, *,
             referee_fouls: tuple[str, ...] = (), elapsed_s: float | None = None) -> Turn:
        """Simulate ``strike``, have the referee judge its facts, apply the ruling."""
        from bola8.physics import simulate_layout

        fouls = self._fouls_before_stroke(referee_fouls, elapsed_s)
        result = simulate_layout(self.spec, self.layout, strike, self.physics)
        return self._judge(strike, result, call, fouls, elapsed_s)

    def play_simulated(self, strike: Strike, result: ShotResult, call: rules.Call | None = None, *,
                       referee_fouls: tuple[str, ...] = (), elapsed_s: float | None = None) -> Turn:
        """Judge a stroke already simulated from this position (e.g. by ``simulate_batch``).

        A search plays many candidate strokes in one batch and needs the referee's
        ruling on each without simulating it again; the ruling is exactly the one
        ``play`` gives for the same strike, since it is the same referee on the same facts.
        """
        fouls = self._fouls_before_stroke(referee_fouls, elapsed_s)
        if result.start != {b: (float(x), float(y)) for b, (x, y) in self.layout.items()}:
            raise InputError("result: the simulation did not start from this game's layout.",
                             "result: la simulación no partió de la disposición de esta partida.")
        return self._judge(strike, result, call, fouls, elapsed_s)

    def _judge(self, strike: Strike, result: ShotResult, call: rules.Call | None,
               fouls: tuple[str, ...], elapsed_s: float | None) -> Turn:
        from bola8.game.facts import shot_of

        shot = shot_of(result, call, fouls, before=self.state)
        ruling, state = rules.judge(self.state, shot, ruleset=self.ruleset)
        after = self._apply(dict(result.final), ruling, state)
        return Turn(kind="shot", player=self.state.shooter, ruling=ruling, before=self, game=after,
                    strike=strike, call=call, shot=shot, simulation=result, elapsed_s=elapsed_s)

    def _fouls_before_stroke(self, referee_fouls: tuple[str, ...], elapsed_s: float | None) -> tuple[str, ...]:
        """Refuse a stroke the game cannot take now; the fouls called before it (the shot clock's)."""
        self._refuse_if_over()
        if self.state.decision is not None:
            raise InputError("shot: a decision is pending; make the choice first.",
                             "shot: hay una decisión pendiente; haga primero la elección.")
        if self.needs_placement:
            raise InputError("cue_ball: the cue ball is in hand; place it before the stroke.",
                             "cue_ball: la bola blanca está en mano; colóquela antes del tiro.")
        if elapsed_s is not None and not (isinstance(elapsed_s, (int, float)) and not isinstance(elapsed_s, bool)
                                          and (isinstance(elapsed_s, int) or math.isfinite(elapsed_s))   # a huge int overflows isfinite
                                          and elapsed_s >= 0):
            raise InputError(f"elapsed_s: {elapsed_s!r} is not a time; expected seconds >= 0 or None.",
                             f"elapsed_s: {elapsed_s!r} no es un tiempo; se esperaban segundos >= 0 o None.")
        fouls = tuple(referee_fouls)
        if self.shot_clock.expired(self.state.shooter, elapsed_s, self.ruleset.shot_clock_s):
            fouls += ("slow_play",)
        return fouls

    def decide(self, choice: str) -> Turn:
        """A pending option: accept_table, rebreak, respot_eight or rerack (Art. 6, 7.2, 8)."""
        self._refuse_if_over()
        chooser = self.state.decision.player if self.state.decision else self.state.shooter
        ruling, state = rules.decide(self.state, choice, ruleset=self.ruleset)
        after = self._apply(self.layout, ruling, state)
        return Turn(kind="choice", player=chooser, ruling=ruling, before=self, game=after, choice=choice)

    def declare(self, what: str, player: int | None = None) -> Turn:
        """Art. 21.2 agreed stalemate, or a forfeit against ``player`` (Art. 18.5, 22)."""
        self._refuse_if_over()
        ruling, state = rules.declare(self.state, what, player, ruleset=self.ruleset)
        after = self._apply(self.layout, ruling, state)
        return Turn(kind="declare", player=player, ruling=ruling, before=self, game=after, declared=what)

    # ----------------------------------------------------------------- internal
    def _refuse_if_over(self) -> None:
        if self.is_over:
            raise InputError("game: the game is over; no further action is possible.",
                             "game: la partida ha terminado; ya no es posible ninguna acción.")

    def _apply(self, layout: dict[int, Point], ruling: rules.Ruling, state: rules.State) -> Game:
        """Put the ruling on the table: a new rack, spotted balls, the cue ball in hand."""
        if state.phase == "break":
            fresh = rack_layout(self.spec, self.rack_seed, self.racks_played)
            return replace(self, state=state, balls=freeze(fresh), cue_placed=False,
                           racks_played=self.racks_played + 1)
        if ruling.respotted:
            spec = self.spec
            layout = spot_balls(layout, tuple(ruling.respotted), foot_spot=spec.foot_spot,
                                ball_radius=spec.ball_radius,
                                foot_limit=spec.length - spec.ball_radius,
                                head_limit=spec.ball_radius)
        on_table = {b for b in layout if b != CUE}
        if state.phase != "over" and on_table != set(state.on_table):
            raise RuntimeError(
                f"table and referee disagree: balls {sorted(on_table)} lie on the table "
                f"but the referee has {sorted(state.on_table)}")
        return replace(self, state=state, balls=freeze(layout), cue_placed=False)


TurnKind = Literal["shot", "choice", "declare"]


@dataclass(frozen=True)
class Turn:
    """What one action did: who acted, the ruling, and the game before and after."""

    kind: TurnKind
    player: int | None
    ruling: rules.Ruling
    before: Game
    game: Game
    strike: Strike | None = None      # for a shot
    call: rules.Call | None = None
    shot: rules.Shot | None = None    # the facts the referee judged
    simulation: ShotResult | None = None   # for a shot: events and paths
    elapsed_s: float | None = None
    choice: str | None = None
    declared: str | None = None
