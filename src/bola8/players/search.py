"""The search behind the searching bot: aims found on the simulator, strokes scored under noise.

For a position where the bot must shoot, :meth:`Searcher.search` does:

1. **Plans** (:mod:`bola8.players.shots`): every pot, bank, kick, combination
   and kiss its level knows, with its call, ranked by the geometric estimate.
2. **Aim**: for the best plans, the cue's direction is swept around the
   geometric aim on the *noiseless* simulator, each stroke judged by the
   referee (``Game.play_simulated``): the aim is the middle of the window of
   directions in which the referee says the called ball went in as called.
   This takes throw, squirt, swerve, the jaws and the cushions into account
   without modelling any of them. The sweep is done for a reference stroke,
   then for the whole stroke grid of the best few plans.
3. **Noise**: the finalists are each played ``samples`` times with the bot's
   own execution noise - the same draws for every finalist, so they are
   compared on the same luck - in one ``simulate_batch`` call, and every
   sample is judged by the referee. A sample is worth the chance to win the
   rack from where it leaves the table (:mod:`bola8.players.estimate`): 1 for
   the game won, 0 for the game lost (Art. 20: the 8 early, in the wrong
   pocket, with the cue ball), a foul worth what ball in hand gives the
   opponent.
4. **Look-ahead**: for the best finalists, the samples that kept the turn are
   grouped by the balls left and the cue ball's place; one position of each
   large group gets a search of its own next shot (steps 1-3, smaller), and
   the difference between that and the quick estimate corrects every sample
   of the group. A position another candidate of the same search has left
   (the same balls, the cue ball in the same cell) is searched once. So the
   value of a shot is its chance to pot times the value of the next shot it
   leaves, simulated, two shots deep.
5. **Safeties** (:func:`~bola8.players.shots.safety_plans`): strokes with no
   call, checked on the noiseless simulator for a legal hit, the best sampled
   under noise like the pots; the opponent's chance from what is left is the
   quick estimate, and for the best two, when they come near the best pot,
   the opponent's own next shot searched from the largest groups of what they
   leave (step 4 from his side: banks and kicks count). The referee counts them for Art. 21.1: a stalemate is
   worth the replayed rack (the breaker's value of a new rack, for whoever
   breaks it). A safety's samples are judged again with a call (a two-way
   shot: a called ball that misses costs nothing more than a safety) when
   a callable ball dropped in them - the 8 dropped in its called pocket
   wins where uncalled it loses (Art. 20) - or when the count is near its
   end: a called shot is an attempt (RULINGS Art. 21.1), so the bot ends
   the count when a replay is worth less to it than playing on, and lets
   it run out when it is worth more.

The shot with the highest value is played, pot or safety. Ball in hand
(:meth:`Searcher.place`) tries spots behind each makeable ball, each scored by
a small search of the shot it offers. Every count comes from the bot's
:class:`~bola8.players.levels.Level`; every random draw from the bot's seeded
generator, so a search is reproducible.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from bola8.players import in_hand
from bola8.players.aiming import direction_deg
from bola8.players.breaking import NEUTRAL
from bola8.players.estimate import (
    SIGMA_EFF_DEG,
    after_safety_value,
    best_direct_chances,
    first_shot,
    layout_signature,
    position_value,
    sigma_rad,
)
from bola8.players.levels import Level, Stroke
from bola8.players.noise import ExecutionNoise
from bola8.players.shots import ShotPlan, safety_plans, shot_plans
from bola8.rules import CUE, Call, callable_balls, legal_first_contacts

if TYPE_CHECKING:
    from bola8.game import Game, Turn
    from bola8.physics import ShotResult, Strike, TableSpec
    from bola8.rules import Ruleset, Ruling, State

Point = tuple[float, float]
SWEEP = 4                  # the reference sweep: offsets -4..4 steps
VARIANT_SWEEP = 4          # the stroke grid's sweeps: -4..4 steps of a third of the reference window
HARDER = 1.6               # the reference stroke is also swept this much faster
WIDE_KINDS = ("bank", "kick", "kiss", "jump")   # shots whose window moves with the speed:
WIDE_SPEEDS = (1.0, 1.35, 1.8)   # three speeds,
JUMP_SPEEDS = (1.0, 1.1, 1.2)    # (a jump's: of its plan's speed)
WIDE_STEP = 0.08           # degrees at least between aims,
WIDE_SWEEP = 6             # -6..6 steps
GROUP_CELL = 0.12          # m: cue-ball places this close share one look-ahead
SHAPE_CHANCE = 0.5         # a next shot at least this likely counts as "shape"
MAX_SPEED = 7.0
LOOKAHEAD_PLANS = 5
MAX_SAFETY_PLANS = 120        # safety strokes tried on the noiseless simulator
ESCAPE_STROKES = 240          # the compass swept when no planned safety is legal
ESCAPE_SPEEDS = (2.5, 4.0)
LOOKAHEAD_FINALISTS = 4
LOOKAHEAD_SAMPLES = 12
LOOKAHEAD_STROKES = (0, 4, 7)    # indexes into the level's grid tried in a look-ahead (when present)
LOOKAHEAD_EXTRA = 2          # look-aheads more when a candidate without one comes out best
SAFETY_LOOKAHEAD = 2         # safeties whose outcomes get the opponent's simulated reply,
SAFETY_MARGIN = 0.15         # when worth at least the best pot's value less this


@dataclass
class Candidate:
    """A stroke the search considered, with what the noiseless sweep and the noisy samples said."""

    plan: ShotPlan
    strike: Strike               # as intended (before noise)
    window: float = 0.0          # degrees of aim that pot it on the noiseless simulator (0 for a safety)
    guess: float = 0.0           # the ranking score before sampling
    value: float = 0.0           # mean chance to win the rack after it, over the samples
    pot: float = 0.0             # share of samples with the call pocketed as called (the game won included)
    shape: float = 0.0           # share that also left a next shot of at least SHAPE_CHANCE (or won)
    foul: float = 0.0            # share of fouls
    lost: float = 0.0            # share of games lost on the stroke (Art. 20)
    samples: int = 0
    searched: bool = False       # its outcomes had a second simulated shot
    outcomes: list[tuple[Turn, float]] = field(default_factory=list, repr=False)


@dataclass
class SearchResult:
    """What a search found: the best candidate (None when nothing legal was found), the pots and safeties it
    weighed, and the simulations it spent.
    """
    best: Candidate | None
    pots: list[Candidate]
    safeties: list[Candidate]
    simulations: int


class Searcher:
    """One level's search, with the bot's noise and a generator for its evaluation draws."""

    def __init__(self, level: Level, noise: ExecutionNoise, rng: random.Random):
        self.level = level
        self.noise = noise
        self.rng = rng
        self.sigma = sigma_rad(noise.level)
        self.sigma_deg = SIGMA_EFF_DEG * noise.level
        self.q = level.continuation
        self.simulations = 0
        self.rack = NEUTRAL          # the breaker's value of a new rack (the bot sets its break's)
        # one search's looked-ahead positions: (balls left, cue ball's cell) -> the searched value
        self.ahead: dict[tuple[object, ...], tuple[float, float]] = {}   # and the quick estimate there

    # ------------------------------------------------------------ the value of a game
    def replay(self, state: State, player: int) -> float:
        """``player``'s value of a stalemate: the rack played again, the same player breaking."""
        return self.rack if state.breaker == player else 1.0 - self.rack

    def value(self, game: Game, player: int) -> float:
        """``player``'s chance to win the rack from ``game``. When the player to shoot can end the
        game by Art. 21.1 with one more turn without attempt, he takes the better of playing on and
        the replayed rack."""
        state = game.state
        v = position_value(game, player, self.sigma, self.q, stalemate=self.replay(state, player))
        if state.phase == "play" and state.decision is None and stalemate_next(state, game.ruleset):
            shooter = state.shooter
            mine = v if player == shooter else 1.0 - v
            mine = max(mine, self.replay(state, shooter))
            v = mine if player == shooter else 1.0 - mine
        return v

    def outcome(self, turn: Turn, player: int) -> float:
        """The value to ``player`` of where ``turn`` left the game."""
        return self.value(turn.game, player)

    # ------------------------------------------------------------ simulation + referee
    def play_all(self, game: Game, strikes: Sequence[Strike], calls: Sequence[object]) -> list[Turn]:
        """Each stroke simulated from ``game`` in one batch and judged by the referee."""
        from bola8.physics.batch import simulate_batch

        if not strikes:
            return []
        results = simulate_batch(game.spec, game.layout, strikes, game.physics)
        self.simulations += len(strikes)
        return [game.play_simulated(s, r, c) for s, r, c in zip(strikes, results, calls)]  # type: ignore[arg-type]

    def pots(self, game: Game, strikes: Sequence[Strike], calls: Sequence[Call]) -> tuple[list[ShotResult], list[bool]]:
        """Each stroke simulated in one batch, and whether the referee says its call went in as called
        with the table kept (or the game won) - all a sweep needs to know. A stroke whose called ball
        did not drop in the called pocket cannot be that (Art. 2: a called ball counts only in its
        pocket), so only the others are judged (``rules.judge`` on the facts ``Game.play`` would give)."""
        from bola8.game.facts import shot_of
        from bola8.physics.batch import simulate_batch
        from bola8.rules import judge

        if not strikes:
            return [], []
        me = game.state.shooter
        results = simulate_batch(game.spec, game.layout, strikes, game.physics)
        self.simulations += len(strikes)
        made = []
        for result, call in zip(results, calls):
            dropped = any(ball == call.ball and pocket == call.pocket for ball, pocket, _ in result.pocketed)
            if dropped:
                ruling, after = judge(game.state, shot_of(result, call, before=game.state), ruleset=game.ruleset)
                dropped = self.went_in(ruling, after, call, me)
            made.append(dropped)
        return results, made

    @staticmethod
    def went_in(ruling: Ruling, after: State, call: Call | None, player: int) -> bool:
        """The call went in as called and ``player`` keeps the table (or won), from a ruling and the
        state after it."""
        if after.phase == "over":
            return after.winner == player and after.result == "win"
        return (call is not None and call.ball in ruling.legally_pocketed and not ruling.foul
                and after.shooter == player and after.decision is None)

    def draws(self, count: int) -> list[list[float]]:
        """Standard normal draws for ``count`` noisy samples (speed, phi, theta, a, b each)."""
        return [[self.rng.gauss(0.0, 1.0) for _ in range(5)] for _ in range(count)]

    # ------------------------------------------------------------ strokes
    def strike(self, plan: ShotPlan, stroke: Stroke, offset: float) -> Strike:
        """The strike of ``plan`` played with ``stroke`` (speed factor, tip offsets, elevation), aimed
        ``offset`` degrees off the plan's line.
        """
        from bola8.physics import Strike

        factor, a, b, theta = stroke
        speed, phi = max(0.5, min(plan.speed * factor, MAX_SPEED)), (plan.phi + offset) % 360.0
        if plan.theta is not None:       # a jump: its own cue and elevation, struck at the centre
            return Strike(speed=speed, phi=phi, theta=plan.theta, cue=plan.cue)
        return Strike(speed=speed, phi=phi, theta=theta, a=a, b=b)

    @classmethod
    def potted(cls, turn: Turn, player: int) -> bool:
        """The referee's word: the call went in as called and the shooter keeps the table (or won)."""
        return cls.went_in(turn.ruling, turn.game.state, turn.call, player)

    def sweep(self, game: Game, jobs: list[tuple[ShotPlan, Stroke, float, float, int]]) -> list[Candidate]:
        """For each (plan, stroke, centre, step, half-width in steps) the window of aims that pot.

        A coarse pass every ``step`` degrees, then one probe half a step beyond
        each end of the longest run of pots, so the window's middle is known to
        a quarter of a step. Returns one candidate per job whose sweep found a
        window, aimed at its middle.
        """
        me = game.state.shooter
        strikes: list[Strike] = []
        calls: list[Call] = []
        for plan, stroke, centre, step, half in jobs:
            assert plan.call is not None
            for k in range(-half, half + 1):
                strikes.append(self.strike(plan, stroke, centre + k * step))
                calls.append(plan.call)
        results, made = self.pots(game, strikes, calls)
        runs: list[tuple[int, float, float, int]] = []     # job, low and high offsets that pot, a stroke that did
        i = 0
        for index, (plan, stroke, centre, step, half) in enumerate(jobs):
            span = 2 * half + 1
            run = _longest_run(made[i:i + span], half)
            if run is not None:
                lo, hi = run
                runs.append((index, centre + (lo - half) * step, centre + (hi - half) * step, i + (lo + hi) // 2))
            i += span
        probes: list[Strike] = []
        probe_calls: list[Call] = []
        for index, low, high, _ in runs:
            plan, stroke, _, step, _ = jobs[index]
            assert plan.call is not None
            probes += [self.strike(plan, stroke, low - step / 2.0), self.strike(plan, stroke, high + step / 2.0)]
            probe_calls += [plan.call, plan.call]
        _, probed = self.pots(game, probes, probe_calls)
        found: list[Candidate] = []
        for k, (index, low, high, at) in enumerate(runs):
            plan, stroke, _, step, _ = jobs[index]
            if probed[2 * k]:
                low -= step / 2.0
            if probed[2 * k + 1]:
                high += step / 2.0
            nearest = game.play_simulated(strikes[at], results[at], plan.call)
            middle = (low + high) / 2.0
            width = high - low + step / 2.0
            p_window = math.erf(width / 2.0 / (math.sqrt(2.0) * max(self.sigma_deg, 1e-3)))
            after = self.outcome(nearest, me)
            guess = p_window * after + (1.0 - p_window) * 0.3
            found.append(Candidate(plan=plan, strike=self.strike(plan, stroke, middle), window=width, guess=guess))
        return found

    def first_sweeps(self, game: Game, plans: list[ShotPlan]) -> list[Candidate]:
        """Each plan's aim window with the reference stroke and a harder one (the needed speed is an
        estimate). A cushion on the way (bank, kick) or a kiss moves the window with the speed and away
        from the mirror's aim: those are swept wider, at three speeds."""
        reference = self.level.strokes[0]
        jobs: list[tuple[ShotPlan, Stroke, float, float, int]] = []
        for p in plans:
            if p.kind == "jump":          # its own speeds: a jump flies as far as it is struck
                for factor in JUMP_SPEEDS:
                    jobs.append((p, (factor,) + reference[1:], 0.0, max(p.step, WIDE_STEP), WIDE_SWEEP))
            elif p.kind in WIDE_KINDS:
                for factor in WIDE_SPEEDS:
                    jobs.append((p, (reference[0] * factor,) + reference[1:], 0.0, max(p.step, WIDE_STEP), WIDE_SWEEP))
            else:
                for factor in (1.0, HARDER):
                    jobs.append((p, (reference[0] * factor,) + reference[1:], 0.0, p.step, SWEEP))
        found = self.sweep(game, jobs)
        missing = [p for p in plans if p.key not in {c.plan.key for c in found}]
        if missing:     # no window: the straight ones once more, twice as wide
            found += self.sweep(game, [(p, (reference[0] * factor,) + reference[1:], 0.0, 2.0 * p.step, SWEEP)
                                       for p in missing if p.kind not in WIDE_KINDS
                                       for factor in (1.0, HARDER)])
        return found

    # ------------------------------------------------------------ sampling
    def sample(self, game: Game, candidates: list[Candidate], draws: list[list[float]]) -> None:
        """Play every candidate with every draw of noise; fill in its value and its shares."""
        me = game.state.shooter
        strikes: list[Strike] = []
        calls: list[object] = []
        for c in candidates:
            for z in draws:
                strikes.append(self.noise.apply(c.strike, z))
                calls.append(c.plan.call)
        turns = self.play_all(game, strikes, calls)
        n = len(draws)
        for index, c in enumerate(candidates):
            chunk = turns[index * n:(index + 1) * n]
            c.outcomes = [(t, self.outcome(t, me)) for t in chunk]
            c.samples = n
            self._shares(c, me)

    def _shares(self, c: Candidate, me: int) -> None:
        n = max(len(c.outcomes), 1)
        c.value = sum(v for _, v in c.outcomes) / n
        pots = shapes = fouls = lost = 0
        for turn, _ in c.outcomes:
            after = turn.game.state
            fouls += turn.ruling.foul
            lost += after.phase == "over" and after.winner != me and after.result == "win"
            if c.plan.call is not None and self.potted(turn, me):
                pots += 1
                if after.phase == "over" or first_shot(best_direct_chances(turn.game, self.sigma)) >= SHAPE_CHANCE:
                    shapes += 1
        c.pot, c.shape, c.foul, c.lost = pots / n, shapes / n, fouls / n, lost / n

    # ------------------------------------------------------------ look-ahead
    def look_ahead(self, c: Candidate, me: int) -> None:
        """Correct the samples of ``c`` by a simulated next shot, grouped (see the module): where the
        turn was kept, the shooter's own next shot; where it passed (a safety, a miss), the
        opponent's - so a safety is judged by what it leaves as the opponent would play it, banks
        and kicks included, not by the straight pots alone of the quick estimate."""
        groups: dict[tuple[object, ...], list[int]] = {}
        for index, (turn, _) in enumerate(c.outcomes):
            key = _ahead_key(turn.game)
            if key is not None:
                groups.setdefault(key, []).append(index)
        ranked = sorted(groups.items(), key=lambda item: -len(item[1]))[:self.level.groups]
        for key, members in ranked:
            rep_turn, rep_value = c.outcomes[members[0]]
            if key not in self.ahead:      # another candidate may have left the same position
                shooters = self.next_shot_value(rep_turn.game)
                self.ahead[key] = (shooters if rep_turn.game.state.shooter == me else 1.0 - shooters, rep_value)
            searched, estimated = self.ahead[key]
            for index in members:
                turn, v = c.outcomes[index]
                c.outcomes[index] = (turn, min(1.0, max(0.0, v + searched - estimated)))
        c.searched = True
        self._shares(c, me)

    def settle(self, candidates: list[Candidate], count: int, me: int) -> None:
        """Look ahead from the best ``count`` of ``candidates``, then from the best again while it is
        one not looked ahead from (a correction can drop a candidate below one that had none: the
        shot chosen must have had its look-ahead), at most ``LOOKAHEAD_EXTRA`` more."""
        ranked = sorted(candidates, key=lambda c: -c.value)
        for c in ranked[:count]:
            self.look_ahead(c, me)
        for _ in range(LOOKAHEAD_EXTRA):
            best = max(candidates, key=lambda c: c.value, default=None)
            if best is None or best.searched:
                break
            self.look_ahead(best, me)

    def confirm(self, game: Game, candidates: list[Candidate], draws: list[list[float]]) -> None:
        """Play ``candidates`` again on fresh ``draws`` and value them on those alone. The best of many
        candidates on the same samples is the one its samples flattered most (a shot that missed
        once in fifty looks as sure as one that never misses); fresh samples judge the few
        finalists without that bias. A sample that left a position already looked ahead from (the
        same balls, the cue ball's cell, the same player to shoot) is corrected by that search."""
        me = game.state.shooter
        self.sample(game, candidates, draws)
        for c in candidates:
            for index, (turn, v) in enumerate(c.outcomes):
                key = _ahead_key(turn.game)
                ahead = None if key is None else self.ahead.get(key)
                if ahead is not None:
                    searched, estimated = ahead
                    c.outcomes[index] = (turn, min(1.0, max(0.0, v + searched - estimated)))
            self._shares(c, me)

    def next_shot_value(self, game: Game) -> float:
        """The shooter's value of ``game`` from a small search of his next shot (quick estimates after it)."""
        me = game.state.shooter
        level = self.level
        plans = _distinct(shot_plans(game, level.kinds, self.sigma))[:LOOKAHEAD_PLANS]
        found = self.first_sweeps(game, plans)
        found.sort(key=lambda c: -c.guess)
        extra = [level.strokes[i] for i in LOOKAHEAD_STROKES if 0 < i < len(level.strokes)]
        jobs = [(c.plan, s, _offset(c), max(c.window / 3.0, 0.01), VARIANT_SWEEP)
                for c in found[:2] for s in extra]
        found += self.sweep(game, jobs)
        found.sort(key=lambda c: -c.guess)
        finalists = found[:LOOKAHEAD_FINALISTS]
        self.sample(game, finalists, self.draws(LOOKAHEAD_SAMPLES))
        best = max((c.value for c in finalists), default=0.0)
        return max(best, after_safety_value(game, me, self.q))

    # ------------------------------------------------------------ the whole search
    def search(self, game: Game, *, safeties: bool = True) -> SearchResult:
        """Every step of the module's docstring for the shot to play now."""
        level = self.level
        me = game.state.shooter
        start = self.simulations
        self.ahead = {}
        plans = _distinct(shot_plans(game, level.kinds, self.sigma))[:level.plans]
        found = self.first_sweeps(game, plans)
        found.sort(key=lambda c: -c.guess)
        jobs = [(c.plan, s, _offset(c), max(c.window / 3.0, 0.01), VARIANT_SWEEP)
                for c in found[:level.refine] for s in level.strokes[1:]]
        found += self.sweep(game, jobs)
        found.sort(key=lambda c: -c.guess)
        finalists = _varied(found, level.finalists)
        draws = self.draws(level.samples)
        self.sample(game, finalists, draws)
        finalists.sort(key=lambda c: -c.value)
        if level.lookahead > 0:
            self.settle([c for c in finalists if c.pot > 0.0], level.lookahead, me)
        finalists.sort(key=lambda c: -c.value)
        safe: list[Candidate] = []
        if safeties and level.safeties > 0 and (not finalists or finalists[0].value < 0.97):
            safe = self.safeties(game, draws[:max(8, level.samples // 2)])
            floor = (finalists[0].value if finalists else 0.0) - SAFETY_MARGIN
            if level.lookahead > 0:
                self.settle([c for c in safe if c.value >= floor], SAFETY_LOOKAHEAD, me)
            safe.sort(key=lambda c: -c.value)
        every = finalists + safe
        if level.confirm > 0 and len(every) > 1:
            chosen = finalists[:level.confirm] + safe[:1]
            self.confirm(game, chosen, self.draws(level.samples))
            every = chosen
        best = max(every, key=lambda c: c.value) if every else None
        return SearchResult(best=best, pots=finalists, safeties=safe, simulations=self.simulations - start)

    def safeties(self, game: Game, draws: list[list[float]]) -> list[Candidate]:
        """The level's best safeties, sampled under noise (legal on the noiseless simulator first).
        When no planned safety is legal (the balls it may hit hidden from every direct line and every
        one-cushion line), the compass is swept for strokes that are (:meth:`escapes`): there is
        something to weigh, and to tell a player, whenever the cue ball can reach a ball at all."""
        from bola8.physics import Strike

        me = game.state.shooter
        plans = safety_plans(game)[:MAX_SAFETY_PLANS]
        strikes = [Strike(speed=p.speed, phi=p.phi, theta=5.0, b=p.b) for p in plans]
        turns = self.play_all(game, strikes, [None] * len(strikes))
        legal = [(plan, strike, turn) for plan, strike, turn in zip(plans, strikes, turns) if not turn.ruling.foul]
        if not legal:
            legal = self.escapes(game)
        scored = []
        noiseless: dict[tuple[object, ...], Turn] = {}
        for plan, strike, turn in legal:
            scored.append(Candidate(plan=plan, strike=strike, guess=self.outcome(turn, me)))
            noiseless[plan.key] = turn
        scored.sort(key=lambda c: -c.guess)
        chosen = scored[:self.level.safeties]
        self.sample(game, chosen, draws)
        counting = counts_down(game.state, game.ruleset)
        chosen = [self.two_way(game, c, noiseless[c.plan.key], counting) for c in chosen]
        chosen.sort(key=lambda c: -c.value)
        return chosen

    def escapes(self, game: Game) -> list[tuple[ShotPlan, Strike, Turn]]:
        """The compass swept (every 3 degrees, two speeds) for strokes the referee calls legal on the
        noiseless simulator - kicks off one cushion or more - each as a safety plan named by what it
        did: the ball it met first and the cushion the cue ball met on the way. When none is legal (a
        ball the shooter may hit first is walled in), the strokes that meet some ball: the samples
        then tell the least costly foul (one that leaves the 8 on the table, the cue ball on the cloth)."""
        from bola8.physics import Strike

        strikes = [Strike(speed=speed, phi=step * 3.0 + 1.5, theta=5.0) for speed in ESCAPE_SPEEDS
                   for step in range(ESCAPE_STROKES // len(ESCAPE_SPEEDS))]
        turns = self.play_all(game, strikes, [None] * len(strikes))
        hits = [(strike, turn) for strike, turn in zip(strikes, turns)
                if turn.shot is not None and turn.shot.first_contact is not None]
        legal = [(strike, turn) for strike, turn in hits if not turn.ruling.foul]
        found = []
        for strike, turn in legal or hits:     # nothing legal at all: the least bad fouls, weighed alike
            assert turn.shot is not None and turn.shot.first_contact is not None
            path, cushion = first_path(turn)
            found.append((ShotPlan(kind="safety", call=None, first=turn.shot.first_contact, phi=strike.phi,
                                   speed=strike.speed, step=0.0, estimate=0.0, path=path, cushion=cushion),
                          strike, turn))
        return found

    def two_way(self, game: Game, c: Candidate, noiseless: Turn, counting: bool) -> Candidate:
        """``c`` with a call when that is worth more than ``c`` without one (a two-way shot): the
        same sampled strokes judged again with the call. A call never costs a safety anything (a
        called ball that misses, or drops elsewhere, passes the turn like no call, Art. 2.1, 14; the 8
        in a pocket not called loses either way, Art. 20), and it changes two things: a called ball
        that drops where called keeps the table (on the 8, wins the game), and it is an attempt
        (Art. 21.1). So it is judged only when a callable ball dropped in a sample, or when the count
        without attempts is near its end (``counting``)."""

        me = game.state.shooter
        if not c.outcomes:
            return c
        call = two_way_call(game, noiseless, [t for t, _ in c.outcomes])
        if call is None or not (counting or call[2]):
            return c
        ball, pocket, _ = call
        called = Candidate(plan=replace(c.plan, call=Call(ball, pocket)), strike=c.strike, guess=c.guess)
        again = [game.play_simulated(t.strike, t.simulation, called.plan.call)  # type: ignore[arg-type]
                 for t, _ in c.outcomes]
        called.outcomes = [(t, self.outcome(t, me)) for t in again]
        called.samples = len(called.outcomes)
        self._shares(called, me)
        return called if called.value > c.value + 1e-9 else c

    def fallback(self, game: Game) -> Strike:
        """A stroke when the search found nothing legal, not even on the compass: at the nearest ball
        the shooter may hit first (the foul it may be is the least of the evils left)."""
        from bola8.physics import Strike

        layout = game.layout
        cue = layout[CUE]
        balls = [b for b in legal_first_contacts(game.state) if b in layout] or [b for b in layout if b != CUE]
        target = min(balls, key=lambda b: math.dist(cue, layout[b]))
        return Strike(speed=2.5, phi=direction_deg(cue, layout[target]))

    # ------------------------------------------------------------ ball in hand
    def place(self, game: Game) -> Point:
        """Where to put the cue ball in hand: spots behind the makeable balls, each searched."""
        spots = in_hand.spots(game, self.sigma)
        if not spots:
            return in_hand.any_place(game)
        best: tuple[float, int] | None = None
        for index, spot in enumerate(spots[:self.level.placements]):
            placed = game.place_cue_ball(*spot)
            v = self.next_shot_value(placed)
            if best is None or v > best[0]:
                best = (v, index)
        assert best is not None
        return spots[best[1]]


def _ahead_key(game: Game) -> tuple[object, ...] | None:
    """Positions alike enough to share one look-ahead: the balls left, the cue ball's cell, the player
    to shoot; None where there is no shot to look at (the game over, a choice, ball in hand)."""
    if game.is_over or game.needs_placement or game.state.decision is not None:
        return None
    return (layout_signature(game.layout, GROUP_CELL), game.state.shooter)


def first_path(turn: Turn) -> tuple[tuple[Point, ...], str | None]:
    """The cue ball's way to its first contact in a simulated stroke: its start, the places it met a
    cushion, the object ball's place; and the first cushion it met (None for a direct hit)."""
    from bola8.physics import measure

    result = turn.simulation
    start = turn.before.layout[CUE]
    first = None if result is None else measure.first_contact(result, CUE)
    if result is None or first is None:
        return (start,), None
    ball, k_first = first
    cue = result.numbers.index(CUE)
    points = [start]
    for k, i in measure.cushion_contacts(result):
        if i == cue and k < k_first:
            x, y = (float(v) for v in result.snap[k, cue, 0:2])
            points.append((x, y))
    points.append(turn.before.layout[ball])
    if len(points) == 2:
        return tuple(points), None
    return tuple(points), nearest_cushion(turn.before.spec, points[1])


def nearest_cushion(spec: TableSpec, point: Point) -> str:
    """The cushion (``shots.CUSHIONS``) nearest a point on the cloth."""
    x, y = point
    gaps = {"head": y, "foot": spec.length - y, "left": x, "right": spec.width - x}
    return min(gaps, key=lambda name: gaps[name])


def stalemate_next(state: State, ruleset: Ruleset) -> bool:
    """Art. 21.1: one more turn without attempt by the player to shoot ends the game."""
    return (ruleset.stalemate == "auto" and not state.called_this_turn
            and state.turns_without_attempt + 1 >= ruleset.stalemate_turns)


def counts_down(state: State, ruleset: Ruleset) -> bool:
    """Art. 21.1: a safety now leaves the count where the next turn without attempt (this one's or
    the opponent's) ends the game - where a call on a safety changes what it is worth."""
    return (ruleset.stalemate == "auto" and not state.called_this_turn
            and state.turns_without_attempt + 2 >= ruleset.stalemate_turns)


def two_way_call(game: Game, turn: Turn | None, samples: Sequence[Turn] = ()) -> tuple[int, str, bool] | None:
    """The call for a safety: the callable ball and pocket that its noisy ``samples`` dropped most
    often, else the callable ball its noiseless outcome ``turn`` leaves nearest a pocket, into that
    pocket; and whether any sample dropped it there. None when nothing may be called."""
    balls = [b for b in callable_balls(game.state) if b in game.layout]
    if not balls:
        return None
    drops: dict[tuple[int, str], int] = {}
    for t in samples:
        for p in (t.shot.pocketed if t.shot is not None else ()):
            if p.ball in balls:
                drops[(p.ball, p.pocket)] = drops.get((p.ball, p.pocket), 0) + 1
    if drops:
        (ball, pocket), _ = max(drops.items(), key=lambda item: (item[1], -item[0][0], item[0][1]))
        return ball, pocket, True
    where = turn.game.layout if turn is not None else game.layout
    holes = game.spec.pockets
    best: tuple[float, int, str] | None = None
    for ball in balls:
        at = where.get(ball, game.layout[ball])
        for pocket, hole in holes.items():
            d = math.dist(at, hole)
            if best is None or d < best[0]:
                best = (d, ball, pocket)
    assert best is not None
    return best[1], best[2], False


def _sweep_cost(half: int) -> int:
    return 2 * half + 1 + 2          # the sweep and its two probes


def next_shot_budget(level: Level) -> int:
    """The most simulations :meth:`Searcher.next_shot_value` can run at ``level``."""
    first = LOOKAHEAD_PLANS * max(len(WIDE_SPEEDS) * _sweep_cost(WIDE_SWEEP), 2 * _sweep_cost(SWEEP))
    retry = LOOKAHEAD_PLANS * 2 * _sweep_cost(SWEEP)
    extra = 2 * len([i for i in LOOKAHEAD_STROKES if 0 < i < len(level.strokes)]) * _sweep_cost(VARIANT_SWEEP)
    return first + retry + extra + LOOKAHEAD_FINALISTS * LOOKAHEAD_SAMPLES


def budget(level: Level) -> int:
    """The most simulations one :meth:`Searcher.search` can run at ``level``: its counts, not a clock,
    bound its time (a level plays the same strokes on any machine)."""
    first = level.plans * max(len(WIDE_SPEEDS) * _sweep_cost(WIDE_SWEEP), 2 * _sweep_cost(SWEEP))
    retry = level.plans * 2 * _sweep_cost(SWEEP)
    grid = level.refine * (len(level.strokes) - 1) * _sweep_cost(VARIANT_SWEEP)
    sampled = (level.finalists + level.confirm + 1) * level.samples
    ahead = (level.lookahead + SAFETY_LOOKAHEAD + 2 * LOOKAHEAD_EXTRA) * level.groups * next_shot_budget(level)
    safety = MAX_SAFETY_PLANS + level.safeties * max(8, level.samples // 2)
    return first + retry + grid + sampled + ahead + safety + ESCAPE_STROKES


def _offset(c: Candidate) -> float:
    """The candidate's aim as an offset from its plan's geometric aim, in (-180, 180] degrees."""
    return (c.strike.phi - c.plan.phi + 180.0) % 360.0 - 180.0


def _longest_run(ok: list[bool], centre: int) -> tuple[int, int] | None:
    """The longest run of True (the one nearest ``centre`` on a tie), as (first, last) indexes."""
    best: tuple[int, int] | None = None
    i = 0
    while i < len(ok):
        if not ok[i]:
            i += 1
            continue
        j = i
        while j + 1 < len(ok) and ok[j + 1]:
            j += 1
        if best is None or (j - i) > (best[1] - best[0]) or (
                (j - i) == (best[1] - best[0]) and abs((i + j) / 2 - centre) < abs(sum(best) / 2 - centre)):
            best = (i, j)
        i = j + 1
    return best


def _varied(found: list[Candidate], count: int) -> list[Candidate]:
    """The best ``count`` candidates (in order), no plan more than a third of them, so the
    samples compare different shots as well as different strokes of one."""
    cap = max(2, count // 3)
    taken: dict[tuple[object, ...], int] = {}
    chosen: list[Candidate] = []
    for c in found:
        key = (c.plan.kind, c.plan.call, c.plan.first, c.plan.via, c.plan.cushion)
        if taken.get(key, 0) < cap:
            taken[key] = taken.get(key, 0) + 1
            chosen.append(c)
            if len(chosen) == count:
                break
    return chosen


def _distinct(plans: list[ShotPlan]) -> list[ShotPlan]:
    """Plans without repeats (two routes can give the same aim), order kept."""
    seen: set[tuple[object, ...]] = set()
    out = []
    for p in plans:
        if p.key not in seen:
            seen.add(p.key)
            out.append(p)
    return out
