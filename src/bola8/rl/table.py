"""A table the environments drive: the game, the seats' rewards, the strokes nobody learns.

Both environments play the learner's strokes through :class:`Table`; what
the learner does not decide is decided here the same way every time:

- options (accept the table or break again, spot the 8 or re-rack) are taken
  as the baseline bot takes them (:meth:`bola8.players.bot.BaselineBot.choose_option`);
- a cue-ball-in-hand place the referee refuses is replaced by the baseline
  bot's place, at the cost of ``reward.bad_placement``;
- the opponent (when there is one) plays its own strokes.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from bola8 import rules
from bola8.errors import InputError
from bola8.game import Game
from bola8.game.match import MAX_ACTIONS_PER_GAME
from bola8.players import Player, make_player
from bola8.players.noise import ExecutionNoise
from bola8.rl.encoding import ACTION_SIZE, decode_call, decode_strike, placement
from bola8.rl.settings import EnvSettings


@dataclass
class Outcome:
    """What one learner's stroke (and whatever followed it up to the next) gave each seat."""

    rewards: list[float] = field(default_factory=lambda: [0.0, 0.0])
    info: dict[str, Any] = field(default_factory=dict)


class Table:
    """One rack under the Spanish rules, with seats the environment plays and seats it does not."""

    def __init__(self, settings: EnvSettings, seed: int, learners: tuple[int, ...]) -> None:
        rng = random.Random(seed)
        self.settings = settings
        self.learners = learners
        self.rng = random.Random(rng.getrandbits(62))
        self.noise = ExecutionNoise(level=settings.noise)
        self.helper = make_player("bot", name="helper", seed=rng.getrandbits(62), noise=0.0)
        breaker = {"agent": learners[0], "opponent": 1 - learners[0]}.get(settings.breaker, rng.randrange(2))
        self.game = Game.new(settings.table, ruleset=settings.ruleset, breaker=breaker,
                             rack_seed=rng.getrandbits(62))
        self.opponent: Player | None = None
        if len(learners) == 1 and settings.opponent is not None:
            self.opponent = make_player(settings.opponent, name="opponent", seed=rng.getrandbits(62),
                                        noise=settings.opponent_noise)
        self.actions = 0
        self.strokes = [0, 0]

    @property
    def to_act(self) -> int:
        """The seat whose stroke comes next."""
        return int(self.game.state.shooter)

    @property
    def over(self) -> bool:
        """The rack is over."""
        return self.game.is_over

    def advance(self, outcome: Outcome) -> None:
        """Take every action that is not a learner's stroke, until a learner is to strike or the rack ends."""
        while not self.game.is_over:
            if self.actions >= MAX_ACTIONS_PER_GAME:       # a rack going nowhere: agreed stalemate (Art. 21.2)
                self._apply(self.game.declare("stalemate"), outcome)
                continue
            state = self.game.state
            if state.decision is not None:
                option = self.helper.choose_option(self.game, tuple(state.decision.options))
                self._apply(self.game.decide(option), outcome)
                continue
            shooter = int(state.shooter)
            if shooter in self.learners or self.opponent is None:
                return
            if self.game.needs_placement:
                self.game = self.game.place_cue_ball(*self.opponent.place_cue_ball(self.game))
                continue
            choice = self.opponent.choose_shot(self.game)
            self._apply(self.game.play(choice.strike, choice.call), outcome)

    def strike(self, action: Any) -> Outcome:
        """The stroke ``action`` asks of the seat to act, then everything up to the next learner's stroke."""
        values = np.asarray(action, dtype=np.float64).reshape(-1)
        if values.shape != (ACTION_SIZE,) or not np.all(np.isfinite(values)):
            raise InputError(f"action: expected {ACTION_SIZE} finite numbers in [-1, 1].",
                             f"action: se esperaban {ACTION_SIZE} números finitos en [-1, 1].")
        values = np.clip(values, -1.0, 1.0)
        outcome = Outcome()
        seat = self.to_act
        outcome.info["seat"] = seat
        if self.game.needs_placement:
            try:
                self.game = self.game.place_cue_ball(*placement(values, self.game))
            except InputError:
                outcome.rewards[seat] += self.settings.reward.bad_placement
                outcome.info["bad_placement"] = True
                self.game = self.game.place_cue_ball(*self.helper.place_cue_ball(self.game))
        call = None if self.game.state.phase == "break" else decode_call(values, self.game)
        intended = decode_strike(values, self.game, self.settings, call)
        turn = self.game.play(self.noise.perturb(intended, self.rng), call)
        self.strokes[seat] += 1
        outcome.rewards[seat] += self.settings.reward.stroke
        ruling = turn.ruling
        # the call as a dict of the same keys and value types every time (ball -1 and pocket "" when no call):
        # gymnasium's vector envs merge infos key by key into arrays typed by the first table's value, and fail
        # on a key that is a dict on one table and None on another, or an int on one and None on another
        outcome.info.update({"call": call.to_dict() if call else {"ball": -1, "pocket": ""}, "foul": ruling.foul,
                             "codes": list(ruling.codes), "pocketed": sorted(p.ball for p in turn.shot.pocketed)
                             if turn.shot is not None else [],
                             "legally_pocketed": list(ruling.legally_pocketed)})
        if ruling.foul:
            outcome.rewards[seat] += self.settings.reward.foul
        elif "illegal_break" in ruling.codes:
            outcome.rewards[seat] += self.settings.reward.illegal_break
        outcome.rewards[seat] += self.settings.reward.pot * sum(1 for b in ruling.legally_pocketed if b != 8)
        self._apply(turn, outcome, judged=True)
        self.advance(outcome)
        if self.game.is_over:
            outcome.info["winner"] = self.game.state.winner
            outcome.info["result"] = self.game.state.result
        return outcome

    def _apply(self, turn: Any, outcome: Outcome, judged: bool = False) -> None:
        """Move on to the turn's game; the rack's end is worth ``win``/``loss``/``stalemate`` to each seat."""
        was_over = self.game.is_over
        self.game = turn.game
        self.actions += 1
        if self.game.is_over and not was_over:
            reward = self.settings.reward
            state = self.game.state
            if rules.is_player(state.winner):
                outcome.rewards[state.winner] += reward.win
                outcome.rewards[1 - state.winner] += reward.loss
            else:
                outcome.rewards[0] += reward.stalemate
                outcome.rewards[1] += reward.stalemate
