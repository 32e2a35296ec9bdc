"""The baseline bot: ghost-ball pots with a clear path, a legal safety otherwise.

How it plays:

- **Break**: cue ball on the head string's centre, hard at the apex ball.
- **Pots**: every ball it may call (Art. 2.5) into every pocket that takes it
  from where it lies, aimed with the ghost ball at the middle of the pocket's
  opening (``aiming.pocket_targets``), kept only when the cue ball's path to
  the ghost ball and the object ball's path to the pocket are clear. Candidates are ranked by
  difficulty (distances and cut angle). The best few are tried on the
  simulator *without noise*, at a few speeds, through the real
  :meth:`Game.play` - so the referee, not the bot, says whether it worked -
  and the stroke that pots with the best position for the next shot wins.
- **Safety** when nothing is makeable: a stroke with no call (Art. 21.1) at a
  ball it may legally hit first, that the referee judges as no foul, leaving
  the opponent the fewest makeable pots.
- **Ball in hand**: the first of :func:`bola8.players.in_hand.spots` - behind
  the object ball of its likeliest straight pot, refused places skipped
  (behind the head string after a break foul, Art. 8.2 / 9).

The stroke it sends is then perturbed by its :class:`ExecutionNoise`; the
noise draws come from its own seeded generator, so a match is reproducible.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bola8.players import in_hand
from bola8.players.aiming import cut_angle_deg, direction_deg, ghost_ball, path_is_clear, pocket_targets
from bola8.players.estimate import half_window, sigma_rad
from bola8.players.noise import ExecutionNoise
from bola8.players.protocol import ShotChoice
from bola8.rules import CUE, EIGHT, Call, callable_balls, legal_first_contacts

if TYPE_CHECKING:
    from bola8.game import Game
    from bola8.physics import Strike, TableSpec
    from bola8.rules.state import Option

Point = tuple[float, float]

MAX_CUT_DEG = 70.0
CANDIDATES_TRIED = 5
SPEED_FACTORS = (1.0, 1.35, 0.75)
BREAK_SPEED = 9.0


@dataclass(frozen=True)
class PotCandidate:
    """A pot the baseline bot considers: the ball and pocket, the ghost-ball aim, and how hard it looks (cut
    and distance).
    """
    ball: int
    pocket: str
    phi: float
    difficulty: float
    distance: float       # cue ball to ghost ball plus object ball to pocket, metres
    cut_deg: float


class BaselineBot:
    """The baseline bot, the reference every other player is measured against: ghost-ball aim at every callable
    ball and pocket, the best few checked on the simulator through the referee, a legal safety when nothing
    is makeable (see the module).
    """
    def __init__(self, name: str = "bot", *, seed: int = 0, noise: ExecutionNoise | None = None):
        self.name = name
        self.noise = noise if noise is not None else ExecutionNoise(level=1.0)
        self._rng = random.Random(seed)
        self._lag_speeds: dict[str, float] = {}

    # ---------------------------------------------------------------- Art. 4
    def lag_speed(self, spec: TableSpec) -> float:
        """The speed that brings a lag ball back closest to the head cushion (found on the simulator)."""
        if spec.name not in self._lag_speeds:
            from bola8.game.lag import lag_distance

            speeds = [1.0 + 0.1 * i for i in range(41)]
            best = min(speeds, key=lambda v: lag_distance(spec, v, lane=0))
            self._lag_speeds[spec.name] = best
        return self.noise.perturb_speed(self._lag_speeds[spec.name], self._rng)

    def wants_to_break(self) -> bool:
        """Always: it breaks whenever it wins the lag."""
        return True

    # --------------------------------------------------------- ball in hand
    def place_cue_ball(self, game: Game) -> Point:
        """On the break, the head string's middle; otherwise the first spot behind a makeable ball
        (``in_hand.spots``), or any legal place.
        """
        if game.state.phase == "break":
            return (game.spec.width / 2.0, game.spec.head_string_y)
        spots = in_hand.spots(game, sigma_rad(self.noise.level))
        return spots[0] if spots else in_hand.any_place(game)

    # ------------------------------------------------------------------ shots
    def choose_shot(self, game: Game) -> ShotChoice:
        """A hard break at the foot spot, the best-checked pot, or a safety - with its execution noise."""
        from bola8.physics import Strike

        if game.state.phase == "break":
            cue = game.layout[CUE]
            intended = Strike(speed=BREAK_SPEED, phi=direction_deg(cue, game.spec.foot_spot))
            return self._execute(intended, None, "break")
        pot = self._best_pot(game)
        if pot is not None:
            strike, call, note = pot
            return self._execute(strike, call, note)
        strike = self._safety(game)
        return self._execute(strike, None, "safety")

    def choose_option(self, game: Game, options: tuple[Option, ...]) -> Option:
        """Spot the 8 and shoot (Art. 6); accept an illegal break's table when it has a pot, else break again
        (Art. 7.2).
        """
        if "respot_eight" in options:
            return "respot_eight"          # keep the break's run going, table open (Art. 6)
        if "accept_table" in options:
            return "accept_table" if self._pot_candidates(game) else "rebreak"
        return options[0]

    # --------------------------------------------------------------- internals
    def agrees_to_stalemate(self, game: Game, player: int) -> bool:
        """Art. 21.2: never - the baseline plays every rack to its end (Art. 21.1 may still end it)."""
        return False

    def _execute(self, intended: Strike, call: Call | None, note: str) -> ShotChoice:
        return ShotChoice(strike=self.noise.perturb(intended, self._rng), call=call,
                          intended=intended, note=note)

    def _targets(self, game: Game) -> tuple[int, ...]:
        """Balls it may call now (Art. 2.5)."""
        return callable_balls(game.state)

    def _pot_candidates(self, game: Game) -> list[PotCandidate]:
        layout = game.layout
        if CUE not in layout:
            return []
        spec, radius = game.spec, game.spec.ball_radius
        cue = layout[CUE]
        found: list[PotCandidate] = []
        for ball in self._targets(game):
            obj = layout[ball]
            for pocket, target in pocket_targets(spec).items():
                if half_window(spec, pocket, obj) <= 0.0:
                    continue          # the pocket's jaws take no ball from there
                ghost = ghost_ball(obj, target, radius)
                cut = cut_angle_deg(cue, ghost, obj, target)
                if cut > MAX_CUT_DEG:
                    continue
                if not path_is_clear(layout, cue, ghost, radius, ignore=(CUE, ball)):
                    continue
                if not path_is_clear(layout, obj, target, radius, ignore=(CUE, ball)):
                    continue
                to_ghost = math.hypot(ghost[0] - cue[0], ghost[1] - cue[1])
                to_pocket = math.hypot(target[0] - obj[0], target[1] - obj[1])
                difficulty = (to_ghost + 1.5 * to_pocket) / max(math.cos(math.radians(cut)), 0.2) ** 2
                found.append(PotCandidate(ball, pocket, direction_deg(cue, ghost), difficulty,
                                          to_ghost + to_pocket, cut))
        found.sort(key=lambda c: c.difficulty)
        return found

    def _best_pot(self, game: Game) -> tuple[Strike, Call, str] | None:
        from bola8.physics import Strike

        me = game.state.shooter
        best: tuple[float, Strike, Call, str] | None = None
        for candidate in self._pot_candidates(game)[:CANDIDATES_TRIED]:
            call = Call(ball=candidate.ball, pocket=candidate.pocket)
            base = _pot_speed(candidate)
            for factor in SPEED_FACTORS:
                strike = Strike(speed=min(base * factor, 8.0), phi=candidate.phi)
                turn = game.play(strike, call)
                after = turn.game
                if after.is_over:
                    if after.state.winner == me:
                        return strike, call, f"pot {candidate.ball} in {candidate.pocket}"
                    continue
                if turn.ruling.foul or after.state.shooter != me:
                    continue
                score = len(self._pot_candidates(after)) - 0.1 * candidate.difficulty
                if candidate.ball == EIGHT:
                    score += 100.0
                if best is None or score > best[0]:
                    best = (score, strike, call, f"pot {candidate.ball} in {candidate.pocket}")
            if best is not None and best[0] >= 1.0:
                break   # a pot that leaves another shot: good enough for the baseline
        return None if best is None else (best[1], best[2], best[3])

    def _safety(self, game: Game) -> Strike:
        from bola8.physics import Strike

        layout = game.layout
        cue = layout[CUE]
        # Art. 5 / 10.1 as the referee decides it, kept to the balls this table holds.
        legal_first = tuple(b for b in legal_first_contacts(game.state) if b in layout)
        options = []
        for ball in legal_first:
            if not path_is_clear(layout, cue, layout[ball], game.spec.ball_radius, ignore=(CUE, ball)):
                continue
            for speed in (1.2, 1.8, 2.6):
                options.append(Strike(speed=speed, phi=direction_deg(cue, layout[ball])))
        best: tuple[int, Strike] | None = None
        for strike in options:
            turn = game.play(strike, None)
            if turn.ruling.foul or turn.game.is_over:
                continue
            score = len(self._pot_candidates(turn.game))
            if best is None or score < best[0]:
                best = (score, strike)
                if score == 0:
                    break
        if best is not None:
            return best[1]
        # Nothing direct works: sweep the compass for kicks (cushion first) that the
        # referee accepts, every 3 degrees at two speeds.
        for speed in (2.5, 4.0):
            for step in range(120):
                strike = Strike(speed=speed, phi=step * 3.0 + 1.5)
                turn = game.play(strike, None)
                if not turn.ruling.foul and not turn.game.is_over:
                    return strike
        target = legal_first[0] if legal_first else min(
            (b for b in layout if b != CUE), key=lambda b: math.dist(cue, layout[b]))
        return Strike(speed=2.5, phi=direction_deg(cue, layout[target]))


def _pot_speed(candidate: PotCandidate) -> float:
    """A cue speed that carries the object ball to the pocket with some margin.

    Rolling resistance decelerates a ball by about mu_r * g ~ 0.1 m/s^2; the object
    ball leaves with about cos(cut) of the cue ball's speed, and the cue ball keeps
    roughly 5/7 of its stick-imparted speed once rolling.
    """
    needed = math.sqrt(2.0 * 0.12 * candidate.distance) + 0.5
    return max(1.0, needed / max(math.cos(math.radians(candidate.cut_deg)), 0.3) * 1.4)
