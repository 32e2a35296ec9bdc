"""The settings of bola8's learning environments: the table, the opponent, the noise, the reward."""

from __future__ import annotations

from dataclasses import dataclass, field

from bola8.errors import InputError

AIMS = ("ghost", "absolute")
BREAKERS = ("random", "agent", "opponent")


@dataclass(frozen=True)
class RewardSettings:
    """What each outcome of a stroke is worth to the player who played it (read from the ruling).

    ``pot``: per ball legally pocketed (the referee's ``legally_pocketed``, the 8
    excluded: winning is ``win``); ``foul``: a stroke the referee rules a foul;
    ``win`` / ``loss``: the rack decided (Art. 1.3, Art. 20), to the player who
    wins or loses it, whoever played the stroke that decided it; ``stalemate``:
    the rack ended drawn (Art. 21); ``illegal_break``: a break the referee rules
    illegal without a foul (Art. 7.2: too few balls to a cushion - without it,
    breaking softly for ever costs nothing); ``stroke``: every stroke (a cost of time, 0
    by default); ``bad_placement``: a cue-ball-in-hand place the referee refused
    (Art. 9, 13), after which the default place is used.
    """

    pot: float = 1.0
    foul: float = -1.0
    win: float = 10.0
    loss: float = -10.0
    stalemate: float = 0.0
    illegal_break: float = -1.0
    stroke: float = 0.0
    bad_placement: float = -0.5

    def __post_init__(self) -> None:
        for name in ("pot", "foul", "win", "loss", "stalemate", "illegal_break", "stroke", "bad_placement"):
            value = getattr(self, name)
            if not isinstance(value, (int, float)) or isinstance(value, bool) or not abs(value) < 1e6:
                raise InputError(f"reward.{name}: {value!r} is not a reward; expected a number of at most 1e6.",
                                 f"reward.{name}: {value!r} no es una recompensa; se esperaba un número de "
                                 "como mucho 1e6.")


@dataclass(frozen=True)
class EnvSettings:
    """One table of the environment.

    ``opponent``: a :func:`bola8.players.make_player` name (``"bot"``), or None
    for a solo table where the learner plays every stroke of both seats (the
    reward still goes to the seat that played). ``noise``: the execution noise
    on the learner's strokes (1 = the computer olympiad's; 0 = exact).
    ``aim``: ``"ghost"`` reads the stroke's direction as an offset of up to
    ``aim_span_deg`` from the ghost-ball aim at the called ball and pocket
    (learns in minutes); ``"absolute"`` as a direction on the whole circle.
    ``breaker``: who breaks each rack. ``max_strokes``: the learner's strokes
    before an episode is truncated.
    """

    table: str = "9ft"
    ruleset: str = "spanish"
    opponent: str | None = "bot"
    opponent_noise: float = 1.0
    noise: float = 1.0
    aim: str = "ghost"
    aim_span_deg: float = 10.0
    breaker: str = "random"
    max_strokes: int = 200
    reward: RewardSettings = field(default_factory=RewardSettings)

    def __post_init__(self) -> None:
        from bola8.game.position import table_named
        from bola8.players import make_player
        from bola8.players.noise import MAX_LEVEL
        from bola8.rules import get_ruleset

        table_named(self.table)
        get_ruleset(self.ruleset)
        if self.opponent is not None:
            make_player(self.opponent)       # an unknown player is refused in its own words
        for name in ("noise", "opponent_noise"):
            value = getattr(self, name)
            if not isinstance(value, (int, float)) or isinstance(value, bool) or not 0.0 <= value <= MAX_LEVEL:
                raise InputError(f"{name}: {value!r} is not a noise level; expected a number from 0 to {MAX_LEVEL:g}.",
                                 f"{name}: {value!r} no es un nivel de ruido; se esperaba un número de 0 a "
                                 f"{MAX_LEVEL:g}.")
        if self.aim not in AIMS:
            raise InputError(f"aim: {self.aim!r} is not an aim; expected ghost or absolute.",
                             f"aim: {self.aim!r} no es un modo de apuntar; se esperaba ghost o absolute.")
        if not isinstance(self.aim_span_deg, (int, float)) or not 0.0 < self.aim_span_deg <= 180.0:
            raise InputError(f"aim_span_deg: {self.aim_span_deg!r} is not an angle; expected (0, 180] degrees.",
                             f"aim_span_deg: {self.aim_span_deg!r} no es un ángulo; se esperaba (0, 180] grados.")
        if self.breaker not in BREAKERS:
            raise InputError(f"breaker: {self.breaker!r} is not allowed; expected random, agent or opponent.",
                             f"breaker: {self.breaker!r} no está permitido; se esperaba random, agent u opponent.")
        if (not isinstance(self.max_strokes, int) or isinstance(self.max_strokes, bool)
                or not 1 <= self.max_strokes <= 100_000):
            raise InputError(f"max_strokes: {self.max_strokes!r} is not a number of strokes; expected 1 to 100000.",
                             f"max_strokes: {self.max_strokes!r} no es un número de tiros; se esperaba de 1 a "
                             "100000.")
        if not isinstance(self.reward, RewardSettings):
            raise InputError("reward: expected a bola8.rl.RewardSettings.",
                             "reward: se esperaba un bola8.rl.RewardSettings.")
