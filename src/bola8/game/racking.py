"""Art. 3 - the rack (el triángulo), as the game sets it up.

Art. 3.1: the balls are placed at random with two exceptions - the 8 in the
middle (the centre of the third row) and the two back corners one solid and
one stripe. The apex ball sits on the foot spot, the rows run towards the foot
cushion. A rack is reproducible from its seed (``random.Random(seed)``); a game
that is re-racked (Art. 6, 7.2, 21.2) gets a new, different but still
reproducible rack: rack ``k`` of a game uses a seed derived from the game's
seed and ``k`` (:func:`rack_seed_for`).

Real racks are not perfect lattices
-----------------------------------
Balls racked with a triangle do not sit exactly 2R apart. Ball diameters are
made to 2 1/4 in +- 0.005 in (57.15 +- 0.127 mm, WPA equipment specifications,
read as +- as the governing bodies' tolerances are meant; azbilliards thread
"WPA Ball Size Regulations", 2021), so two neighbours of a set differ by up to
a quarter of a millimetre, and "a poorly designed rack will leave gaps between
the balls ... the balls could also separate because of unequal diameters"
(billiardgods.com, "A well racked set of balls"). A good rack is "tight, with
all balls touching" (Alciatore, "How to Rack and Break 9-Ball Like a Pro",
Billiards Digest March 2018). The simulator's balls are all of radius R, so a
rack of real, unequal balls is modelled by equal balls with small gaps and
offsets between them.

The simulated break is very sensitive to those gaps: on a perfect lattice
(neighbours 2R + 1 um apart, the rack before this model) hard breaks pocketed
a ball on only 12 % of breaks and every noiseless break was the same shot;
small random gaps below anything a person can see moved that figure between
2 % and 46 % (shared/research/physics-fidelity.md, section 10).

The model: the 15 places of the triangle are laid out with a pitch of
``2R + gap`` (rows ``(2R + gap) * sqrt(3)/2`` apart), and each ball but the
apex is moved from its place by an offset drawn uniformly from a disc of
radius ``jitter``. Balls are placed row by row from the apex; a drawn offset
that would bring a ball closer than ``2R + MIN_CLEARANCE`` to a ball already
placed is drawn again (rejection sampling: balls that would overlap are, in a
real triangle, pushed apart by it). The resulting neighbour distances run from
touching (``MIN_CLEARANCE``, 0.5 um) to about ``gap + 2 * jitter``. The tightnesses:

==========  ========  =========  ==============================================
tightness   gap       jitter     what it stands for
==========  ========  =========  ==============================================
tight       0.01 mm   0.02 mm    balls all but frozen (a template rack)
typical     0.05 mm   0.10 mm    a careful triangle rack (the default)
loose       0.25 mm   0.10 mm    gaps that show: a worn triangle, unequal balls
lattice     1 um      0          the perfect triangle: no jitter at all
==========  ========  =========  ==============================================

Calibration (``benchmarks/bench_fidelity.py``, 500 breaks a row, the olympiad
noise of level 1, judged by the referee through ``Game.play``). The published
figure: professional 8-ball breaks made a ball without fouling in 82 of 124
games, 66 % (95 % interval 57-74 %), in AtLarge's count of the Ultimate Pool USA
Colorado Shootout (September 2024, azbilliards.com thread 568443), played on a
Diamond 7-ft table "with corner pockets of approximately 4" or 4 1/8"". Under
those conditions (the 7-ft table with 4 1/16 in corners, the cue ball leaving at
11.2-13.4 m/s - 25-30 mph, Alciatore's "powerful break") the second-ball break
(the cue ball near a side rail, as full on a ball of the second row as the head
ball allows - it meets both at once: Fieldhammer, "Effective 8-Ball Break Shots,
Part II", billiardcoach.com 2008) made a ball without a foul on 61 % of breaks on
the lattice, 67 % tight, 67 % typical, 58 % loose; the head-ball break (from the
head spot, full on the apex) 24 % on the lattice, 55 % tight, 56 % typical, 39 %
loose. The small spreads (tight, typical) sit on the published figure; loose
racks fall and send fewer balls to a cushion (92 % of second-ball breaks reach
four, against 98 % typical), as "a bad rack with gaps in between balls will
absorb energy" (billiardgods.com). ``typical`` is the default; a perfect lattice
makes every head-ball break nearly the same shot (24 %).

Every ball stays within :data:`TRIANGLE_TOLERANCE` of its place in a frozen
rack (pitch ``2R``), no two balls are closer than ``2R + MIN_CLEARANCE``, the
apex is exactly on the foot spot.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, get_args

from bola8.errors import InputError
from bola8.game.layout import FROZEN_GAP, Point

if TYPE_CHECKING:
    from bola8.physics.table import TableSpec

Tightness = Literal["tight", "typical", "loose", "lattice"]
TIGHTNESSES: tuple[Tightness, ...] = get_args(Tightness)


@dataclass(frozen=True)
class RackSpread:
    """How far a racked ball may sit from the perfect lattice (metres)."""

    gap: float      # added to 2R in the pitch of the triangle
    jitter: float   # radius of the disc each ball's offset is drawn from


SPREADS: dict[Tightness, RackSpread] = {
    "lattice": RackSpread(gap=FROZEN_GAP, jitter=0.0),
    "tight": RackSpread(gap=0.01e-3, jitter=0.02e-3),
    "typical": RackSpread(gap=0.05e-3, jitter=0.10e-3),
    "loose": RackSpread(gap=0.25e-3, jitter=0.10e-3),
}

# The triangle's own play: every ball lies within this distance of its place in a
# frozen rack. Loose racks need 4 * 0.25 mm of pitch at the back row plus the jitter.
TRIANGLE_TOLERANCE = 1.5e-3

# No two racked balls are closer than 2R + MIN_CLEARANCE (half the frozen gap, so
# that the lattice's own rounding never counts as a collision).
MIN_CLEARANCE = FROZEN_GAP / 2.0

# Places in row order from the apex (row k has k + 1 places, left to right).
CENTRE, BACK_LEFT, BACK_RIGHT = 4, 10, 14     # the middle of row 3; the ends of row 5
ROWS = 5

# Draws of one ball's offset before the whole rack is drawn again, and draws of
# the whole rack before the perfect triangle of the spread's gap is used. With the
# spreads above a draw is accepted at least about half the time, so these bounds
# guarantee termination; they are not a part of the distribution. (Moving a
# crowded ball back instead pushed the rows behind it out of the triangle.)
_MAX_DRAWS = 256
_MAX_RACKS = 16

# Spreads the seeds of successive racks of one game apart (any odd constant works).
_RACK_STRIDE = 1_000_003


def rack_places(table: TableSpec, pitch_gap: float = FROZEN_GAP) -> list[Point]:
    """The 15 places of a perfect triangle, row by row from the apex on the foot spot."""
    d = 2.0 * table.ball_radius + pitch_gap
    fx, fy = table.foot_spot
    return [(fx + (j - row / 2.0) * d, fy + row * d * math.sqrt(3.0) / 2.0)
            for row in range(ROWS) for j in range(row + 1)]


def rack_numbers(rng: random.Random) -> list[int]:
    """The ball on each place (Art. 3.1): 8 in the centre, one solid and one stripe behind."""
    solid = rng.choice(range(1, 8))
    stripe = rng.choice(range(9, 16))
    corners = (solid, stripe) if rng.random() < 0.5 else (stripe, solid)
    rest = [b for b in range(1, 16) if b not in (8, solid, stripe)]
    rng.shuffle(rest)
    fixed = {CENTRE: 8, BACK_LEFT: corners[0], BACK_RIGHT: corners[1]}
    others = iter(rest)
    return [fixed[i] if i in fixed else next(others) for i in range(15)]


def _clear(p: Point, placed: list[Point], limit: float) -> bool:
    return all(math.dist(p, q) >= limit for q in placed)


def _place(ideal: Point, jitter: float, placed: list[Point], limit: float,
           rng: random.Random) -> Point | None:
    """``ideal`` moved by a uniform offset in a disc of radius ``jitter``, clear of ``placed``;
    None when every draw touched a ball already placed."""
    for _ in range(_MAX_DRAWS):
        r = jitter * math.sqrt(rng.random())
        angle = 2.0 * math.pi * rng.random()
        p = (ideal[0] + r * math.cos(angle), ideal[1] + r * math.sin(angle))
        if _clear(p, placed, limit):
            return p
    return None


def _placed(table: TableSpec, spread: RackSpread, limit: float, rng: random.Random) -> list[Point] | None:
    """The 15 places of one draw of the rack, or None when a ball found no room near its place."""
    placed: list[Point] = []
    for index, ideal in enumerate(rack_places(table, spread.gap)):
        if index == 0:
            placed.append(table.foot_spot)     # the apex ball exactly on the foot spot
            continue
        point = _place(ideal, spread.jitter, placed, limit, rng)
        if point is None:
            return None
        placed.append(point)
    return placed


def _tightness(value: object) -> Tightness:
    for name in TIGHTNESSES:
        if value == name and isinstance(value, str):
            return name
    names = ", ".join(TIGHTNESSES)
    raise InputError(f"tightness: {value!r} is not a rack tightness; expected one of {names}.",
                     f"tightness: {value!r} no es un tipo de rack; se esperaba uno de {names}.")


def rack(table: TableSpec, seed: int, tightness: Tightness = "typical") -> dict[int, Point]:
    """The 15 object balls racked (Art. 3), reproducible from ``seed``: number -> (x, y).

    ``tightness`` ("tight", "typical", "loose") sets the small random gaps and
    offsets between the balls (see the module's docstring); the apex is always on
    the foot spot and no two balls overlap.
    """
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InputError(f"rack_seed: {seed!r} is not an integer.",
                         f"rack_seed: {seed!r} no es un entero.")
    spread = SPREADS[_tightness(tightness)]
    rng = random.Random(seed)
    numbers = rack_numbers(rng)
    limit = 2.0 * table.ball_radius + MIN_CLEARANCE
    for _ in range(_MAX_RACKS):
        placed = _placed(table, spread, limit, rng)
        if placed is not None:
            break
    else:
        # Every draw crowded some ball out: the perfect triangle of this spread's gap,
        # legal by construction (neighbours 2R + gap apart, gap >= MIN_CLEARANCE).
        placed = rack_places(table, spread.gap)
    return dict(sorted(zip(numbers, placed)))


def rack_seed_for(game_seed: int, rack_index: int) -> int:
    """The seed of rack ``rack_index`` of a game whose seed is ``game_seed``: each re-rack gets its own,
    reproducibly.
    """
    return game_seed * _RACK_STRIDE + rack_index


def rack_layout(spec: TableSpec, game_seed: int, rack_index: int,
                tightness: Tightness = "typical") -> dict[int, Point]:
    """The 15 object balls racked; the cue ball is in hand (not on the table)."""
    return rack(spec, rack_seed_for(game_seed, rack_index), tightness)
