"""Table presets and their geometry: cushion noses, pocket jaws, drop circles.

Frame (spec/simulate-json.md): the playing area inside the cushion noses is
x in [0, width], y in [0, length]; y = 0 is the head cushion; "left" is x = 0.

Pockets are real openings. Each pocket has two jaw tips on the cushion noses,
``mouth`` apart (WPA: corner 4.5-4.625 in, side 5-5.125 in; we take the middle
of each range). From each tip a straight jaw face runs into the rail at the
jaw angle to the cushion face (WPA: corner 142 +- 1 deg, side 104 +- 1 deg), so
the throat narrows. The corner where nose and jaw meet is rounded with a
circle of ``jaw_tip_radius`` tangent to both. Behind the mouth, past the shelf
(WPA: corner 1-2.25 in, side 0-0.375 in), is the hole. A ball can bounce
between the jaw faces (rattle) before it falls or comes back out.

The hole and the shelf: a ball falls when its centre passes the slate's edge,
i.e. enters the hole's drop circle. WPA gives the shelf (measured from the
mouth's line to the slate's edge), not the hole; we take both from Alciatore's
technical proofs of effective pocket sizes, which use them for a typical
table: corner hole radius 2.75 in behind a 1.125 in shelf (TP 3.6), side hole
radius 3.0 in behind a 0.1875 in shelf (TP 3.5). Both shelves lie inside the
WPA ranges. With these numbers and the WPA mouths and jaw angles, the
acceptance windows the simulator measures under the TPs' own idealisation
(balls that run straight, rails and jaws that reflect like mirrors) are
within 3 % of the TPs' target sizes (``bola8.physics.pocket_windows``,
``benchmarks/bench_fidelity.py``).

Two numbers have no published source; they are our estimates:

- ``jaw_tip_radius`` 4 mm: the WPA specifications give mouth width, jaw
  angle and shelf but not how round the tip is. A real tip is a rubber edge
  a few millimetres round; 4 mm keeps the contact normal turning smoothly
  from nose to jaw. (pooltool's 7-ft table uses 20.95 mm corner and 7.95 mm
  side jaw radii, also without a source; the TPs treat the tip as a point.)
- ``jaw_length`` 0.07 m: only needs to reach past where every ball in the
  throat has dropped. A ball touching a jaw face has its centre inside the
  drop circle once it is 36 mm (corner) or 16 mm (side) along the face, on
  every preset (tests/physics/test_shots.py checks the far end), so any
  longer face plays the same.

Cushion nose height: WPA gives 62.5-64.5 % of the ball diameter; we take
0.635 * 2R = 1.27 R above the cloth. The contact point on the ball is then
0.27 R above its centre (the contact angle used by the cushion models); the
2-D contact distance in the plane stays R, as in pooltool.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

import numpy as np

INCH = 0.0254
POCKET_NAMES = ("head-left", "head-right", "side-left", "side-right", "foot-left", "foot-right")


@dataclass(frozen=True)
class TableSpec:
    """A table preset: its size, its balls' radius, its pockets' mouths, jaws and shelves, and its cushions
    (see the module for the sources).
    """
    name: str
    length: float
    width: float
    ball_radius: float = 0.028575
    corner_mouth: float = 4.5625 * INCH
    side_mouth: float = 5.0625 * INCH
    corner_jaw_angle: float = 142.0
    side_jaw_angle: float = 104.0
    jaw_tip_radius: float = 0.004
    jaw_length: float = 0.07
    corner_shelf: float = 1.125 * INCH          # Alciatore TP 3.6 (WPA: 1-2.25 in)
    side_shelf: float = 0.1875 * INCH           # Alciatore TP 3.5 (WPA: 0-0.375 in)
    corner_hole_radius: float = 2.75 * INCH     # Alciatore TP 3.6
    side_hole_radius: float = 3.0 * INCH        # Alciatore TP 3.5
    cushion_height_ratio: float = 0.635   # nose height / ball diameter

    @property
    def cushion_height(self) -> float:
        """The height of the cushion's nose above the cloth, in metres."""
        return self.cushion_height_ratio * 2.0 * self.ball_radius

    @property
    def head_string_y(self) -> float:
        """Where the head string crosses the table: a quarter of its length from the head cushion."""
        return self.length / 4.0

    @property
    def foot_spot(self) -> tuple[float, float]:
        """The foot spot, on the long string a quarter of the length from the foot cushion (the rack's apex).
        """
        return (self.width / 2.0, 3.0 * self.length / 4.0)

    @property
    def head_spot(self) -> tuple[float, float]:
        """The head spot: the head string's middle."""
        return (self.width / 2.0, self.length / 4.0)

    @cached_property
    def geometry(self) -> Geometry:
        """The arrays the kernel reads (cushion noses, jaws, tips, drop circles), built once."""
        return build_geometry(self)

    @property
    def pockets(self) -> dict[str, tuple[float, float]]:
        """Centre of each pocket's drop circle (outside the playing area)."""
        return {n: (float(c[0]), float(c[1])) for n, c in zip(POCKET_NAMES, self.geometry.holes)}

    @property
    def pocket_mouths(self) -> dict[str, tuple[float, float]]:
        """Midpoint between each pocket's two jaw tips: the point to aim a ball at."""
        return dict(zip(POCKET_NAMES, self.geometry.mouths))

    def is_on_cloth(self, x: float, y: float) -> bool:
        """A ball centred at (x, y) lies on the cloth, inside the cushion noses."""
        r = self.ball_radius
        tol = 1e-9
        return (r - tol <= x <= self.width - r + tol) and (r - tol <= y <= self.length - r + tol)


TABLES: dict[str, TableSpec] = {
    "7ft": TableSpec("7ft", length=78 * INCH, width=39 * INCH),
    "8ft": TableSpec("8ft", length=88 * INCH, width=44 * INCH),
    "9ft": TableSpec("9ft", length=100 * INCH, width=50 * INCH),
}


def table_spec(name: str) -> TableSpec:
    """The table preset called ``name`` (``TABLES``), or an InputError listing them."""
    if name not in TABLES:
        from bola8.errors import InputError

        raise InputError(f"table: {name!r} is not a table; expected one of {', '.join(TABLES)}.",
                         f"table: {name!r} no es una mesa; se esperaba una de {', '.join(TABLES)}.")
    return TABLES[name]


@dataclass(frozen=True)
class Geometry:
    """Arrays the kernel reads.

    segments (k, 7): ax, ay, bx, by, nx, ny, pocket (-1 = cushion nose, else
    the pocket index of a jaw face); n is the unit normal pointing to the side
    balls come from. circles (k, 4): cx, cy, radius, pocket index (jaw tips).
    holes (6, 3): cx, cy, radius of the drop circles.
    """

    segments: np.ndarray
    circles: np.ndarray
    holes: np.ndarray
    mouths: tuple[tuple[float, float], ...]


def _unit(x: float, y: float) -> tuple[float, float]:
    n = math.hypot(x, y)
    return (x / n, y / n)


def _rot(v: tuple[float, float], deg: float) -> tuple[float, float]:
    c, s = math.cos(math.radians(deg)), math.sin(math.radians(deg))
    return (c * v[0] - s * v[1], s * v[0] + c * v[1])


def build_geometry(spec: TableSpec) -> Geometry:
    """The geometry of ``spec``'s pockets and cushions, as the kernel reads it."""
    W, L = spec.width, spec.length
    rt = spec.jaw_tip_radius
    # Each pocket: (tip A, nose direction away from the pocket at A), (tip B, ...), axis out of the table.
    dc = spec.corner_mouth / math.sqrt(2.0)
    hs = spec.side_mouth / 2.0
    pockets = [
        # head-left (0, 0): tips on the head cushion and the left cushion
        (((dc, 0.0), (1.0, 0.0)), ((0.0, dc), (0.0, 1.0)), _unit(-1, -1), True),
        (((W - dc, 0.0), (-1.0, 0.0)), ((W, dc), (0.0, 1.0)), _unit(1, -1), True),
        (((0.0, L / 2 - hs), (0.0, -1.0)), ((0.0, L / 2 + hs), (0.0, 1.0)), (-1.0, 0.0), False),
        (((W, L / 2 - hs), (0.0, -1.0)), ((W, L / 2 + hs), (0.0, 1.0)), (1.0, 0.0), False),
        (((dc, L), (1.0, 0.0)), ((0.0, L - dc), (0.0, -1.0)), _unit(-1, 1), True),
        (((W - dc, L), (-1.0, 0.0)), ((W, L - dc), (0.0, -1.0)), _unit(1, 1), True),
    ]
    segments: list[tuple[float, ...]] = []
    circles: list[tuple[float, ...]] = []
    holes: list[tuple[float, float, float]] = []
    mouths: list[tuple[float, float]] = []
    # nose end points per cushion, filled from the tips' tangent points
    nose_ends: dict[tuple[float, float], tuple[float, float]] = {}
    for p_index, (tip_a, tip_b, axis, corner) in enumerate(pockets):
        alpha = spec.corner_jaw_angle if corner else spec.side_jaw_angle
        half = math.radians(alpha) / 2.0
        for (tx, ty), u1 in (tip_a, tip_b):
            # the jaw face leaves the tip at alpha from the nose direction, turning away from the cloth
            mid_x, mid_y = (tip_a[0][0] + tip_b[0][0]) / 2, (tip_a[0][1] + tip_b[0][1]) / 2
            cand = [_rot(u1, alpha), _rot(u1, -alpha)]
            # pick the rotation whose jaw heads out of the table (positive along the axis)
            u2 = max(cand, key=lambda d: d[0] * axis[0] + d[1] * axis[1])
            bis = _unit(u1[0] + u2[0], u1[1] + u2[1])
            dist_c = rt / math.sin(half)
            t_off = rt / math.tan(half)
            cx, cy = tx + bis[0] * dist_c, ty + bis[1] * dist_c
            circles.append((cx, cy, rt, float(p_index)))
            nose_ends[(round(tx, 12), round(ty, 12))] = (tx + u1[0] * t_off, ty + u1[1] * t_off)
            ja = (tx + u2[0] * t_off, ty + u2[1] * t_off)
            jb = (ja[0] + u2[0] * spec.jaw_length, ja[1] + u2[1] * spec.jaw_length)
            # normal of the jaw face pointing into the throat (towards the mouth's middle)
            n = (-u2[1], u2[0])
            if n[0] * (mid_x - tx) + n[1] * (mid_y - ty) < 0:
                n = (-n[0], -n[1])
            segments.append((ja[0], ja[1], jb[0], jb[1], n[0], n[1], float(p_index)))
        mx = (tip_a[0][0] + tip_b[0][0]) / 2
        my = (tip_a[0][1] + tip_b[0][1]) / 2
        mouths.append((mx, my))
        shelf = spec.corner_shelf if corner else spec.side_shelf
        rh = spec.corner_hole_radius if corner else spec.side_hole_radius
        holes.append((mx + axis[0] * (shelf + rh), my + axis[1] * (shelf + rh), rh))

    def end(x: float, y: float) -> tuple[float, float]:
        return nose_ends[(round(x, 12), round(y, 12))]

    noses = [
        # (start tip, end tip, inward normal)
        ((dc, 0.0), (W - dc, 0.0), (0.0, 1.0)),                 # head
        ((dc, L), (W - dc, L), (0.0, -1.0)),                    # foot
        ((0.0, dc), (0.0, L / 2 - hs), (1.0, 0.0)),             # left, head half
        ((0.0, L / 2 + hs), (0.0, L - dc), (1.0, 0.0)),         # left, foot half
        ((W, dc), (W, L / 2 - hs), (-1.0, 0.0)),                # right, head half
        ((W, L / 2 + hs), (W, L - dc), (-1.0, 0.0)),            # right, foot half
    ]
    for a, b, n in noses:
        ea, eb = end(*a), end(*b)
        segments.append((ea[0], ea[1], eb[0], eb[1], n[0], n[1], -1.0))
    return Geometry(
        segments=np.array(segments, dtype=np.float64),
        circles=np.array(circles, dtype=np.float64),
        holes=np.array(holes, dtype=np.float64),
        mouths=tuple(mouths),
    )
