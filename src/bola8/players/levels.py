"""The searching bot's levels: one bot, four settings of its noise and its search budget.

A level scales the execution noise of the match (``--noise``, 1 = the computer
olympiad's deviations) and sets how much the bot looks before it shoots. Every
budget is a *count* (shot plans, strokes, noisy samples, outcomes looked
ahead), never a time, so a level plays the same strokes for the same seed on any
machine. The measured strength of each level is in docs/bots.md (``benchmarks/bench_levels.py``).

- ``noise_scale``: the level's execution noise is the match's times this.
- ``kinds``: the shot types it generates (``pot`` straight in; ``bank`` off one
  cushion; ``kick`` the cue ball off one cushion first; ``combination`` one
  object ball into another; ``kiss`` the called ball glancing off another).
- ``plans``: shot plans whose aim is found on the simulator (the best by the
  geometric estimate); ``refine``: plans whose whole stroke grid is tried.
- ``strokes``: the stroke grid, as (speed factor, side ``a``, vertical ``b``,
  elevation ``theta``) - the speed factor multiplies the speed the shot needs; the first
  is the reference stroke every plan's aim is first found with.
- ``finalists``: strokes sampled under the bot's own noise, ``samples`` times each.
- ``lookahead``: finalists whose kept-turn outcomes get a second simulated shot,
  grouped into at most ``groups`` representative positions.
- ``safeties``: safety strokes sampled; ``placements``: ball-in-hand spots searched.
- ``break_search``: the break is optimised on the table's own racks (else a plain break).
- ``continuation``: the chance it gives itself of making each further ball of a
  run, in the value of a position (see :mod:`bola8.players.estimate`).
- ``confirm``: its best pots (and its best safety) played again on fresh noisy
  samples, and the shot chosen on those alone (``Searcher.confirm``).
"""

from __future__ import annotations

from dataclasses import dataclass

Stroke = tuple[float, float, float, float]     # speed factor, a, b, theta (degrees)

SHOT_KINDS = ("pot", "bank", "kick", "combination", "kiss", "jump")

# The grids. Draw, stun and follow at a few speeds; side spin on the middle speed; an
# elevated cue on the draw and stun strokes, where it takes most of the tip-offset noise
# out of the aim (measured: the long straight shot goes from 0.63 to 0.84 at 1x with draw).
_BASIC: tuple[Stroke, ...] = ((1.15, 0.0, 0.0, 3.0), (1.6, 0.0, 0.0, 3.0))
_CLUB: tuple[Stroke, ...] = (
    (1.15, 0.0, -0.1, 5.0), (1.6, 0.0, -0.1, 5.0),
    (1.0, 0.0, 0.3, 5.0), (1.3, 0.0, -0.35, 5.0),
)
_FULL: tuple[Stroke, ...] = (
    (1.15, 0.0, -0.1, 5.0), (0.9, 0.0, -0.1, 5.0), (1.7, 0.0, -0.1, 8.0), (2.5, 0.0, -0.1, 8.0),
    (0.85, 0.0, 0.3, 3.0), (1.25, 0.0, 0.3, 3.0), (1.9, 0.0, 0.35, 3.0),
    (1.1, 0.0, -0.4, 10.0), (1.6, 0.0, -0.45, 10.0), (2.4, 0.0, -0.45, 10.0),
    (1.2, 0.3, 0.1, 5.0), (1.2, -0.3, 0.1, 5.0), (1.6, 0.3, -0.25, 8.0), (1.6, -0.3, -0.25, 8.0),
)


@dataclass(frozen=True)
class Level:
    """One level of the searching bot: its noise scale and its budgets - which plans it considers, how many it
    aims, samples and looks ahead on (see the module's table).
    """
    name: str
    label_es: str
    label_en: str
    noise_scale: float
    kinds: tuple[str, ...]
    plans: int
    refine: int
    strokes: tuple[Stroke, ...]
    finalists: int
    samples: int
    lookahead: int
    groups: int
    safeties: int
    placements: int
    break_search: bool
    continuation: float
    confirm: int = 0

    def label(self, lang: str = "es") -> str:
        """The level's name for people, in ``lang``."""
        return self.label_es if lang == "es" else self.label_en


LEVELS: dict[str, Level] = {
    "beginner": Level("beginner", "bot principiante", "beginner bot", noise_scale=4.0, kinds=("pot",),
                      plans=4, refine=2, strokes=_BASIC, finalists=3, samples=8, lookahead=0, groups=0,
                      safeties=3, placements=2, break_search=False, continuation=0.5),
    "club": Level("club", "bot de club", "club bot", noise_scale=2.5, kinds=("pot", "bank"),
                  plans=8, refine=3, strokes=_CLUB, finalists=6, samples=14, lookahead=0, groups=0,
                  safeties=5, placements=3, break_search=True, continuation=0.72),
    "pro": Level("pro", "bot profesional", "pro bot", noise_scale=1.5, kinds=SHOT_KINDS[:4],
                 plans=12, refine=5, strokes=_FULL, finalists=10, samples=20, lookahead=2, groups=3,
                 safeties=8, placements=4, break_search=True, continuation=0.84),
    "champion": Level("champion", "bot campeón", "champion bot", noise_scale=1.0, kinds=SHOT_KINDS,
                      plans=16, refine=7, strokes=_FULL, finalists=16, samples=48, lookahead=5, groups=4,
                      safeties=10, placements=6, break_search=True, continuation=0.9, confirm=3),
}
LEVEL_NAMES: tuple[str, ...] = tuple(LEVELS)


def get_level(name: str) -> Level:
    """The level called ``name``; an unknown name is refused in both languages."""
    if name not in LEVELS:
        from bola8.errors import InputError

        raise InputError(f"level: {name!r} is not a level; expected one of {', '.join(LEVEL_NAMES)}.",
                         f"level: {name!r} no es un nivel; se esperaba uno de {', '.join(LEVEL_NAMES)}.")
    return LEVELS[name]
