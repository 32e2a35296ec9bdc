"""Alciatore's effective target sizes for slow shots into a pocket (TP 3.5 side, TP 3.6 corner), evaluated.

D. G. Alciatore, TP 3.5 "Effective target sizes for slow shots into a side pocket at different angles" and
TP 3.6 "... into a corner pocket at different angles" (billiards.colostate.edu). The TPs follow a ball that
runs straight and is reflected like a mirror by the rail and the pocket's walls: it drops when its centre
reaches the hole. The equations below are the TPs' (a ball deflected by the pocket's point, by one or two
walls, by the rail first then the point or the walls), solved here for a given geometry; they reproduce the
critical angles the TPs print for their own corner pocket (38.558, 28.167, 44.058 deg, rail allowance
87.262 in) and the side pocket's 68.292 deg limit (tests/benchmarks/test_bench_fidelity.py). The equations
were read from TP 3.6's and TP 3.5's text as transcribed in github.com/jrauser/pool
(corner_pocket_target_size_spec.md, reference/side_pocket_target_size_spec.md).

Geometry: ball radius ``R``, mouth ``p`` (between the points), wall angle ``alpha`` (a corner jaw at 142 deg to
the cushion is 7 deg off the pocket's centre line; a side jaw at 104 deg is 14 deg off the rail's normal),
hole radius ``hole``, shelf ``shelf`` (from the mouth's line to the hole's edge) and, for a corner pocket,
the rail length ``L`` (nose to nose) that limits how far back a ball can meet the rail. Units are any one
length unit; angles in radians inside, degrees at the interface. Standard library only.
"""

from __future__ import annotations

import math
from collections.abc import Callable

DEG = math.pi / 180.0


def _root(f: Callable[[float], float], guess: float, lo: float, hi: float, tol: float = 1e-12) -> float:
    """A root of f near ``guess`` (Newton with a numerical slope), else by bisection on [lo, hi]."""
    x = guess
    for _ in range(100):
        fx = f(x)
        if abs(fx) < tol:
            return x
        slope = (f(x + 1e-8) - f(x - 1e-8)) / 2e-8
        if slope == 0.0:
            break
        nxt = x - fx / slope
        if not lo <= nxt <= hi:
            break
        x = nxt
    a, b, fa = lo, hi, f(lo)
    for _ in range(200):
        m = 0.5 * (a + b)
        fm = f(m)
        if b - a < tol or abs(fm) < tol:
            return m
        if fa * fm < 0.0:
            b = m
        else:
            a, fa = m, fm
    return 0.5 * (a + b)


class _Pocket:
    """The point and wall deflections both TPs share."""

    def __init__(self, R: float, p: float, alpha_deg: float, hole: float, shelf: float) -> None:
        self.R, self.p, self.alpha, self.hole, self.shelf = R, p, alpha_deg * DEG, hole, shelf

    def _a(self, beta: float, t: float) -> float:
        R, p, al, h, b = self.R, self.p, self.alpha, self.hole, self.shelf
        ang = 2.0 * beta - t - al
        return (p / 2.0 * math.cos(al) - R - h * math.cos(ang) - (h + b) * math.sin(al)) / math.sin(ang)

    def _point(self, beta: float, t: float) -> float:
        R, p, al, h, b = self.R, self.p, self.alpha, self.hole, self.shelf
        a4 = 4.0 * beta - 2.0 * t - 2.0 * al
        a2 = 2.0 * beta - t
        return (R * math.sin(beta) + self._a(beta, t) * math.sin(a4) + h * math.cos(a4)
                + p / 2.0 * math.cos(a2) + (h + b) * math.sin(a2))

    def _inside(self, beta: float, t: float) -> float:
        R, p, h, b = self.R, self.p, self.hole, self.shelf
        a2 = 2.0 * beta - t
        return -R * math.sin(beta) + h - p / 2.0 * math.cos(a2) - (h + b) * math.sin(a2)

    def _beta(self, t: float) -> float:
        guess = 20.0 * DEG + 70.0 / 130.0 * (t + 60.0 * DEG)
        return min(_root(lambda x: self._point(x, t), guess, 0.0, math.pi / 2.0),
                   _root(lambda x: self._inside(x, t), guess, 0.0, math.pi / 2.0))

    def point(self, t: float) -> float:
        """Half-target on one side: the ball deflected by the point (and then a wall) into the hole."""
        return self.p / 2.0 * math.cos(t) - self.R * math.sin(self._beta(t))

    def wall(self, t: float) -> float:
        """Half-target on one side: the ball deflected by the far wall into the hole."""
        p, al, h, b = self.p, self.alpha, self.hole, self.shelf
        u = -t
        r = (self._a(math.pi / 2.0, u) * math.sin(2.0 * u + 2.0 * al) - h * math.cos(2.0 * u + 2.0 * al)
             + p / 2.0 * math.cos(u) - (h + b) * math.sin(u))
        return -(p / 2.0 * math.cos(t) - r)

    def size(self, theta_deg: float) -> float:
        t = theta_deg * DEG
        return self.half(t) + self.half(-t)

    def half(self, t: float) -> float:
        raise NotImplementedError


class SidePocket(_Pocket):
    """TP 3.5: theta from the rail's normal; zero beyond the angle where the ball only grazes the point."""

    def __init__(self, R: float, p: float, alpha_deg: float, hole: float, shelf: float) -> None:
        super().__init__(R, p, alpha_deg, hole, shelf)
        self.theta_max = _root(lambda t: self._point(math.pi / 2.0, t), 68.0 * DEG, 30.0 * DEG, 89.0 * DEG)
        # below this the far wall, not the point, limits the target
        self.theta_critical = _root(lambda t: self._inside(t - self.alpha + math.pi / 2.0, t), -50.0 * DEG,
                                    -self.theta_max + 1e-9, -1e-9)

    def half(self, t: float) -> float:
        if abs(t) >= self.theta_max:
            return 0.0
        return max(0.0, self.wall(t) if t < self.theta_critical else self.point(t))


class CornerPocket(_Pocket):
    """TP 3.6: theta from the corner's centre line, positive from the rail side this half is on."""

    def __init__(self, R: float, p: float, alpha_deg: float, hole: float, shelf: float, L: float) -> None:
        super().__init__(R, p, alpha_deg, hole, shelf)
        self.d_max = L - p / math.cos(45.0 * DEG) - 2.0 * R
        self.theta_c = _root(lambda t: self._rail(self.point, t)[1]
                             - self._rail(self.wall_wall, t)[1], 38.0 * DEG, 20.0 * DEG, 44.0 * DEG)
        self.theta_d = _root(lambda t: self._rail(self.wall_wall, t)[1] - self.point_wall_wall(t),
                             28.0 * DEG, 15.0 * DEG, 40.0 * DEG)
        self.theta_max = _root(lambda t: self._rail(self.point_wall_wall, t)[0] - self.d_max,
                               44.0 * DEG, 40.0 * DEG, 45.0 * DEG)

    def wall_wall(self, t: float) -> float:
        """A rattle: the ball meets one wall, crosses to the other, drops."""
        p, al, R = self.p, self.alpha, self.R
        d = (p / 2.0 * math.cos(t - 2.0 * al) - R * math.cos(t - al) + self.wall(t - 2.0 * al)) / math.sin(t - al)
        return p / 2.0 * math.cos(t) + d * math.sin(t - al) - R * math.cos(t - al)

    def point_wall_wall(self, t: float) -> float:
        """The ball deflected by the point, then both walls."""
        p, al, h, b, R = self.p, self.alpha, self.hole, self.shelf, self.R

        def f(beta: float) -> float:
            f1 = 2.0 * beta - math.pi / 2.0 - t - 2.0 * al
            f2 = f1 - 2.0 * al
            a2 = (p / 2.0 * math.cos(al) - (h + b) * math.sin(al) + h * math.sin(f2 + al) - R) / math.cos(f2 + al)
            a1 = (p / 2.0 * math.cos(al) - R + a2 * math.cos(f2 - al) - h * math.sin(f2 - al)
                  - (h + b) * math.sin(al)) / math.cos(f1 + al)
            tb = 2.0 * beta - t
            return (-R * math.sin(beta) - a1 * math.cos(tb + f1) + a2 * math.cos(tb - f2) + h * math.sin(tb - f2)
                    - p / 2.0 * math.cos(tb) - (h + b) * math.sin(tb))

        beta = _root(f, 75.0 * DEG, 30.0 * DEG, 89.0 * DEG)
        return p / 2.0 * math.cos(t) - R * math.sin(beta)

    def _rail(self, inner: Callable[[float], float], t: float) -> tuple[float, float]:
        """The rail first (a mirror: the ball then comes at the pocket from the other side at 90 - theta),
        then ``inner``: (distance along the rail, half-target)."""
        a = 45.0 * DEG - t
        d = (inner(-(math.pi / 2.0 - t)) + self.p / 2.0 * math.sin(t) - self.R * math.cos(a)) / math.sin(a)
        return d, self.p / 2.0 * math.cos(t) + d * math.sin(a) - self.R * math.cos(a)

    def half(self, t: float) -> float:
        if t >= self.theta_max:
            a = 45.0 * DEG - t
            value = self.p / 2.0 * math.cos(t) + self.d_max * math.sin(a) - self.R * math.cos(a)
        elif t >= self.theta_c:
            value = self._rail(self.point, t)[1]
        elif t >= self.theta_d:
            value = self._rail(self.wall_wall, t)[1]
        else:
            value = self.point_wall_wall(t)
        return max(0.0, value)


def corner_of(spec: object) -> CornerPocket:
    """TP 3.6's corner pocket with a bola8 ``TableSpec``'s geometry (metres)."""
    return CornerPocket(getattr(spec, "ball_radius"), getattr(spec, "corner_mouth"),
                        getattr(spec, "corner_jaw_angle") - 135.0, getattr(spec, "corner_hole_radius"),
                        getattr(spec, "corner_shelf"), getattr(spec, "length"))


def side_of(spec: object) -> SidePocket:
    """TP 3.5's side pocket with a bola8 ``TableSpec``'s geometry (metres)."""
    return SidePocket(getattr(spec, "ball_radius"), getattr(spec, "side_mouth"),
                      getattr(spec, "side_jaw_angle") - 90.0, getattr(spec, "side_hole_radius"),
                      getattr(spec, "side_shelf"))
