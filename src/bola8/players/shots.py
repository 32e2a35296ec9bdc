"""Shot plans: what a searching bot may try, each with its call under the Spanish rules.

A :class:`ShotPlan` is a way to pot one called ball in one pocket (Art. 2),
found by plane geometry on the layout; the search then finds its real aim
and its stroke on the simulator. The kinds:

- ``pot``: the cue ball straight at the called ball's ghost ball, the object
  ball at the middle of the pocket's **opening** (between the jaw tips,
  ``TableSpec.pocket_mouths``), not at the corner of the cloth;
- ``bank``: the called ball off one cushion into the pocket (its target
  mirrored in the line where a ball's centre touches that cushion);
- ``kick``: the cue ball off one cushion first, then the ghost ball;
- ``combination``: the cue ball hits a first ball that drives the called ball
  in. The first ball is one the referee lets the shooter hit first
  (``rules.legal_first_contacts``: Art. 5, 10 and 18a) - so **never the 8
  unless the table is open**;
- ``kiss``: the called ball glances off another ball into the pocket (with no
  spin it leaves along the tangent line, so its contact point lies on the
  circle whose diameter joins the other ball and the pocket);
- ``jump``: the straight pot whose cue ball's line is blocked by one or two
  balls between 10 and 50 cm from it, played with the jump cue
  (``physics.CUES["jump"]``) raised ``JUMP_THETA`` degrees and struck at the
  centre - above the cue ball's centre along the cue, so a legal jump, not a
  scoop (Art. 12.1.f) - at 3-3.6 m/s, to fly over them and come down before
  the object ball (docs/fidelity.md: the jump cue's first flight at 35-45
  degrees and 2-4 m/s is 0.5-1 m long and 7-13 cm high, over a ball's 5.7 cm;
  slower it lands on the ball it should clear, faster it flies past the one it
  should hit).

Every plan is kept only when the paths it needs are clear of other balls and
its cut angles are playable; its ``estimate`` is the geometric chance of
:mod:`bola8.players.estimate` at the bot's noise. ``safety_plans`` lists the
strokes with no call (Art. 21.1) at a ball the shooter may hit first,
directly (full, half-ball and thin) or off a cushion.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from bola8.players.aiming import cut_angle_deg, direction_deg, ghost_ball, path_is_clear, pocket_targets
from bola8.players.estimate import MAX_CUT_DEG, chance, half_window, long_path
from bola8.rules import CUE, Call, callable_balls, legal_first_contacts

if TYPE_CHECKING:
    from bola8.game import Game
    from bola8.physics import TableSpec

Point = tuple[float, float]
CUSHIONS = ("head", "foot", "left", "right")
# the pockets on each cushion: a bank or a kick never uses a cushion into its own pockets
_POCKETS_ON = {"head": ("head-left", "head-right"), "foot": ("foot-left", "foot-right"),
               "left": ("head-left", "side-left", "foot-left"), "right": ("head-right", "side-right", "foot-right")}
KIND_FACTOR = {"pot": 1.0, "bank": 0.75, "kick": 0.7, "combination": 0.8, "kiss": 0.6, "jump": 0.6}
SHOT_KINDS = tuple(KIND_FACTOR)   # every kind a called shot's plan may be
JUMP_THETA = 40.0             # degrees: the cue's elevation for a jump
JUMP_CUE = "jump"
JUMP_BLOCKERS = (0.10, 0.50)  # m from the cue ball: where the balls jumped over may lie
JUMP_SPEED = 3.0              # m/s: a jump's stick speed (swept to 20% faster: see search.first_sweeps)
MAX_COMBINATION_GAP = 0.9     # m between the two balls of a combination
MAX_SECOND_CUT = 60.0
ROLLING_DECELERATION = 0.1    # m/s^2 a rolling ball loses (mu_roll 0.01 times g)
ARRIVAL = 0.4                 # m/s: the object ball's speed at the pocket
BANK_LOSS = 1.9               # a cushion on the way takes about half the speed (Mathavan's cushion, measured)
KICK_LOSS = 1.6


@dataclass(frozen=True)
class ShotPlan:
    """One way to pot ``call`` (or, with ``call`` None, a safety) and what geometry says of it."""

    kind: str                     # pot | bank | kick | combination | kiss | safety
    call: Call | None
    first: int                    # the ball the cue ball must hit first
    phi: float                    # the geometric aim, degrees
    speed: float                  # the cue speed the shot needs (m/s); a safety's own speed
    step: float                   # degrees: half the aim window geometry expects (the sweep's step)
    estimate: float               # the geometric chance to pot at the bot's noise
    path: tuple[Point, ...]       # cue ball, cushion point, contacts, pocket: for words and drawings
    via: int | None = None        # the other ball of a combination or a kiss
    cushion: str | None = None    # the cushion of a bank or a kick
    b: float = 0.0                # a safety's vertical tip offset (pots take theirs from the stroke grid)
    theta: float | None = None    # a jump's elevation (others take theirs from the stroke grid)
    cue: str | None = None        # a jump's cue (physics.CUES); None: the settings' own

    @property
    def key(self) -> tuple[object, ...]:
        """What tells two plans apart (kind, call, balls, cushion, aim, speed), for removing duplicates."""
        return (self.kind, None if self.call is None else (self.call.ball, self.call.pocket), self.first,
                self.via, self.cushion, round(self.phi, 6), round(self.speed, 6), self.b)


# ----------------------------------------------------------------- geometry
def contact_value(spec: TableSpec, cushion: str) -> float:
    """The x or y of a ball's centre touching ``cushion``'s nose."""
    r = spec.ball_radius
    return {"head": r, "foot": spec.length - r, "left": r, "right": spec.width - r}[cushion]


def mirror(spec: TableSpec, point: Point, cushion: str) -> Point:
    """``point`` reflected in the line where a ball's centre touches ``cushion``."""
    c = contact_value(spec, cushion)
    if cushion in ("head", "foot"):
        return (point[0], 2.0 * c - point[1])
    return (2.0 * c - point[0], point[1])


def crossing(spec: TableSpec, start: Point, mirrored: Point, cushion: str) -> Point | None:
    """Where the line from ``start`` to a mirrored point meets the cushion's contact line."""
    c = contact_value(spec, cushion)
    axis = 1 if cushion in ("head", "foot") else 0
    span = mirrored[axis] - start[axis]
    if abs(span) < 1e-9:
        return None
    t = (c - start[axis]) / span
    if not 0.0 < t < 1.0:
        return None
    return (start[0] + t * (mirrored[0] - start[0]), start[1] + t * (mirrored[1] - start[1]))


def on_cushion(spec: TableSpec, point: Point, cushion: str) -> bool:
    """``point`` (on the contact line) meets the cushion's nose, clear of the pockets' jaws."""
    r = spec.ball_radius
    corner = spec.corner_mouth / math.sqrt(2.0) + 1.5 * r
    if cushion in ("head", "foot"):
        return corner <= point[0] <= spec.width - corner
    side = spec.side_mouth / 2.0 + 1.5 * r
    y = point[1]
    return corner <= y <= spec.length - corner and abs(y - spec.length / 2.0) >= side


def needed_speed(d_cue: float, d_obj: float, cut_deg: float, *, bank: bool = False, kick: bool = False) -> float:
    """A cue speed that carries the object ball to the pocket at ``ARRIVAL`` m/s.

    Measured on this engine: a centre-ball stroke at V m/s rolls at about V
    (its slide takes 2/7 of the 1.37 V it starts with), rolling loses
    ``ROLLING_DECELERATION``; the object ball leaves with cos(cut) of the cue
    ball's speed and rolls on at 5/7 of that; a cushion takes about half.
    """
    travel = 2.0 * ROLLING_DECELERATION * d_obj + ARRIVAL ** 2
    v_obj = math.sqrt(travel) * (BANK_LOSS if bank else 1.0)
    v_contact = v_obj * 7.0 / 5.0 / max(math.cos(math.radians(cut_deg)), 0.35)
    v_cue = math.sqrt(v_contact ** 2 + 2.0 * ROLLING_DECELERATION * d_cue) * (KICK_LOSS if kick else 1.0)
    return min(max(0.8, v_cue), 6.0)


def _plan(kind: str, spec: TableSpec, call: Call, first: int, phi: float, sensitivity: float,
          half: float, sigma: float, total: float, speed: float, path: tuple[Point, ...],
          via: int | None = None, cushion: str | None = None) -> ShotPlan:
    """A plan whose pocket miss grows by ``sensitivity`` metres per radian of aim error."""
    estimate = chance(half, sigma * sensitivity) * long_path(total) * KIND_FACTOR[kind]
    step = math.degrees(half / max(sensitivity, 1e-6))
    return ShotPlan(kind=kind, call=call, first=first, phi=phi, speed=speed,
                    step=min(max(step, 0.01), 1.0), estimate=estimate, path=path, via=via, cushion=cushion)


# -------------------------------------------------------------------- plans
def shot_plans(game: Game, kinds: tuple[str, ...], sigma: float) -> list[ShotPlan]:
    """Every plan of the given kinds on this layout, best geometric chance first."""
    layout = game.layout
    if CUE not in layout:
        return []
    spec, state = game.spec, game.state
    radius = spec.ball_radius
    cue = layout[CUE]
    firsts = tuple(b for b in legal_first_contacts(state) if b in layout)
    plans: list[ShotPlan] = []
    for ball in callable_balls(state):
        if ball not in layout:
            continue
        obj = layout[ball]
        for pocket, target in pocket_targets(spec).items():
            call = Call(ball=ball, pocket=pocket)
            ghost = ghost_ball(obj, target, radius)
            half = half_window(spec, pocket, obj)
            obj_clear = half > 0.0 and path_is_clear(layout, obj, target, radius, ignore=(CUE, ball))
            if "pot" in kinds and obj_clear:
                plan = _direct(spec, layout, cue, ball, call, ghost, target, half, sigma)
                if plan is not None:
                    plans.append(plan)
            if "kick" in kinds and obj_clear:
                plans.extend(_kicks(spec, layout, cue, ball, call, ghost, target, half, sigma))
            if "bank" in kinds:
                plans.extend(_banks(spec, layout, cue, ball, call, target, sigma))
            if "combination" in kinds and obj_clear:
                plans.extend(_combinations(spec, layout, cue, ball, call, ghost, target, half, sigma, firsts))
            if "kiss" in kinds:
                plans.extend(_kisses(spec, layout, cue, ball, call, target, sigma))
            if "jump" in kinds and obj_clear:
                plan = _jump(spec, layout, cue, ball, call, ghost, target, half, sigma)
                if plan is not None:
                    plans.append(plan)
    plans.sort(key=lambda p: -p.estimate)
    return plans


def _direct(spec: TableSpec, layout: dict[int, Point], cue: Point, ball: int, call: Call, ghost: Point,
            target: Point, half: float, sigma: float) -> ShotPlan | None:
    radius = spec.ball_radius
    obj = layout[ball]
    on_cloth = onto_cloth(spec, ghost)
    if on_cloth is None:
        return None
    ghost = on_cloth
    cut = cut_angle_deg(cue, ghost, obj, target)
    if cut > MAX_CUT_DEG:
        return None
    if not path_is_clear(layout, cue, ghost, radius, ignore=(CUE, ball)):
        return None
    d_cue, d_obj = math.dist(cue, ghost), math.dist(obj, target)
    sensitivity = d_obj * d_cue / (2.0 * radius * math.cos(math.radians(cut)))
    return _plan("pot", spec, call, ball, direction_deg(cue, ghost), sensitivity, half, sigma, d_cue + d_obj,
                 needed_speed(d_cue, d_obj, cut), (cue, ghost, target))


RAIL_GHOST = 0.25           # of a ball's radius: how far off the cloth a ghost ball may be and still be aimed at


def onto_cloth(spec: TableSpec, ghost: Point) -> Point | None:
    """The ghost ball's place moved onto the cloth when it lies just beyond a cushion's nose (within
    ``RAIL_GHOST`` of a radius), else itself, or None when it is further off. A ball frozen on a rail
    sent along it to the corner has its ghost a few tenths of a millimetre to a few millimetres beyond
    the nose (the pocket's mouth lies inside the rail's line): the cue ball meets ball and cushion
    together, and the sweep on the simulator finds the window about that aim."""
    r = spec.ball_radius
    x = min(max(ghost[0], r), spec.width - r)
    y = min(max(ghost[1], r), spec.length - r)
    if math.hypot(x - ghost[0], y - ghost[1]) > RAIL_GHOST * r:
        return None
    return (x, y)


def _jump(spec: TableSpec, layout: dict[int, Point], cue: Point, ball: int, call: Call, ghost: Point,
          target: Point, half: float, sigma: float) -> ShotPlan | None:
    """The straight pot of ``ball`` over the one or two balls that block the cue ball's line (see the module)."""
    from bola8.players.aiming import segment_distance

    radius = spec.ball_radius
    obj = layout[ball]
    cut = cut_angle_deg(cue, ghost, obj, target)
    if cut > 45.0 or not spec.is_on_cloth(*ghost):
        return None
    blockers = [where for number, where in layout.items()
                if number not in (CUE, ball) and segment_distance(where, cue, ghost) < 2.0 * radius]
    low, high = JUMP_BLOCKERS
    d_cue, d_obj = math.dist(cue, ghost), math.dist(obj, target)
    if not 1 <= len(blockers) <= 2 or d_cue < high + 0.1:
        return None
    if not all(low <= math.dist(cue, where) <= high for where in blockers):
        return None
    sensitivity = 1.5 * d_obj * d_cue / (2.0 * radius * math.cos(math.radians(cut)))
    plan = _plan("jump", spec, call, ball, direction_deg(cue, ghost), sensitivity, half, sigma, d_cue + d_obj,
                 JUMP_SPEED, (cue, ghost, target))
    return replace(plan, theta=JUMP_THETA, cue=JUMP_CUE)


def _banks(spec: TableSpec, layout: dict[int, Point], cue: Point, ball: int, call: Call, target: Point,
           sigma: float) -> list[ShotPlan]:
    radius = spec.ball_radius
    obj = layout[ball]
    found = []
    for cushion in CUSHIONS:
        if call.pocket in _POCKETS_ON[cushion]:
            continue
        image = mirror(spec, target, cushion)
        hit = crossing(spec, obj, image, cushion)
        if hit is None or not on_cushion(spec, hit, cushion):
            continue
        half = half_window(spec, call.pocket, hit)
        if half <= 0.0:
            continue
        if not (path_is_clear(layout, obj, hit, radius, ignore=(CUE, ball))
                and path_is_clear(layout, hit, target, radius, ignore=(CUE, ball))):
            continue
        ghost = ghost_ball(obj, image, radius)
        cut = cut_angle_deg(cue, ghost, obj, image)
        if cut > 65.0 or not spec.is_on_cloth(*ghost):
            continue
        if not path_is_clear(layout, cue, ghost, radius, ignore=(CUE, ball)):
            continue
        d_cue, d_obj = math.dist(cue, ghost), math.dist(obj, hit) + math.dist(hit, target)
        sensitivity = 1.3 * d_obj * d_cue / (2.0 * radius * math.cos(math.radians(cut)))
        found.append(_plan("bank", spec, call, ball, direction_deg(cue, ghost), sensitivity, half, sigma,
                           d_cue + d_obj, needed_speed(d_cue, d_obj, cut, bank=True),
                           (cue, ghost, hit, target), cushion=cushion))
    return found


def _kicks(spec: TableSpec, layout: dict[int, Point], cue: Point, ball: int, call: Call, ghost: Point,
           target: Point, half: float, sigma: float) -> list[ShotPlan]:
    radius = spec.ball_radius
    obj = layout[ball]
    found = []
    for cushion in CUSHIONS:
        image = mirror(spec, ghost, cushion)
        hit = crossing(spec, cue, image, cushion)
        if hit is None or not on_cushion(spec, hit, cushion):
            continue
        cut = cut_angle_deg(hit, ghost, obj, target)
        if cut > 55.0:
            continue
        if not (path_is_clear(layout, cue, hit, radius, ignore=(CUE,))
                and path_is_clear(layout, hit, ghost, radius, ignore=(CUE, ball))):
            continue
        d_cue = math.dist(cue, hit) + math.dist(hit, ghost)
        d_obj = math.dist(obj, target)
        sensitivity = 1.5 * d_obj * d_cue / (2.0 * radius * math.cos(math.radians(cut)))
        found.append(_plan("kick", spec, call, ball, direction_deg(cue, image), sensitivity, half, sigma,
                           d_cue + d_obj, needed_speed(d_cue, d_obj, cut, kick=True),
                           (cue, hit, ghost, target), cushion=cushion))
    return found


def _combinations(spec: TableSpec, layout: dict[int, Point], cue: Point, ball: int, call: Call, ghost: Point,
                  target: Point, half: float, sigma: float, firsts: tuple[int, ...]) -> list[ShotPlan]:
    radius = spec.ball_radius
    obj = layout[ball]
    found = []
    for first in firsts:
        if first == ball:
            continue
        start = layout[first]
        gap = math.dist(start, ghost)
        if gap > MAX_COMBINATION_GAP or gap < 1e-6:
            continue
        cut2 = cut_angle_deg(start, ghost, obj, target)
        if cut2 > MAX_SECOND_CUT:
            continue
        ghost1 = ghost_ball(start, ghost, radius)
        cut1 = cut_angle_deg(cue, ghost1, start, ghost)
        if cut1 > MAX_SECOND_CUT or not spec.is_on_cloth(*ghost1):
            continue
        if not (path_is_clear(layout, start, ghost, radius, ignore=(CUE, first, ball))
                and path_is_clear(layout, cue, ghost1, radius, ignore=(CUE, first))):
            continue
        d_cue, d_obj = math.dist(cue, ghost1), math.dist(obj, target)
        turn1 = d_cue / (2.0 * radius * math.cos(math.radians(cut1)))
        turn2 = gap / (2.0 * radius * math.cos(math.radians(cut2)))
        speed = needed_speed(d_cue + gap, d_obj, min(89.0, cut1 + cut2))
        found.append(_plan("combination", spec, call, first, direction_deg(cue, ghost1), d_obj * turn1 * turn2,
                           half, sigma, d_cue + gap + d_obj, speed, (cue, ghost1, ghost, target), via=first))
    return found


def kiss_point(other: Point, target: Point, radius: float) -> list[Point]:
    """Where a ball's centre must touch ``other`` so that its tangent line runs to ``target``.

    The points at 2R from ``other`` that see ``other`` and ``target`` at a right
    angle: the circle about ``other`` meets the circle on the diameter other-target.
    """
    mx, my = (other[0] + target[0]) / 2.0, (other[1] + target[1]) / 2.0
    r1, r2 = 2.0 * radius, math.dist(other, target) / 2.0
    d = math.dist(other, (mx, my))
    if d < 1e-9 or d > r1 + r2 or d < abs(r1 - r2):
        return []
    a = (r1 * r1 - r2 * r2 + d * d) / (2.0 * d)
    h = math.sqrt(max(r1 * r1 - a * a, 0.0))
    ux, uy = (mx - other[0]) / d, (my - other[1]) / d
    px, py = other[0] + a * ux, other[1] + a * uy
    return [(px - h * uy, py + h * ux), (px + h * uy, py - h * ux)]


def _kisses(spec: TableSpec, layout: dict[int, Point], cue: Point, ball: int, call: Call, target: Point,
            sigma: float) -> list[ShotPlan]:
    radius = spec.ball_radius
    obj = layout[ball]
    found = []
    for other, where in layout.items():
        if other in (CUE, ball) or math.dist(where, obj) > 1.0:
            continue
        for contact in kiss_point(where, target, radius):
            if not spec.is_on_cloth(*contact):
                continue
            travel = (contact[0] - obj[0], contact[1] - obj[1])
            to_pocket = (target[0] - contact[0], target[1] - contact[1])
            if travel[0] * to_pocket[0] + travel[1] * to_pocket[1] <= 0.0:
                continue           # it would glance back, away from the pocket
            thickness = cut_angle_deg(obj, contact, contact, where)   # obj's travel against the line of centres
            if not 25.0 <= thickness <= 70.0:
                continue
            half = half_window(spec, call.pocket, contact)
            if half <= 0.0:
                continue
            if not (path_is_clear(layout, obj, contact, radius, ignore=(CUE, ball, other))
                    and path_is_clear(layout, contact, target, radius, ignore=(CUE, ball, other))):
                continue
            ghost = ghost_ball(obj, contact, radius)
            cut = cut_angle_deg(cue, ghost, obj, contact)
            if cut > 60.0 or not spec.is_on_cloth(*ghost):
                continue
            if not path_is_clear(layout, cue, ghost, radius, ignore=(CUE, ball)):
                continue
            d_cue, d_travel, d_obj = math.dist(cue, ghost), math.dist(obj, contact), math.dist(contact, target)
            turn1 = d_cue / (2.0 * radius * math.cos(math.radians(cut)))
            turn2 = 1.5 * d_travel / (2.0 * radius * math.cos(math.radians(thickness)))
            speed = needed_speed(d_cue, d_travel + 2.0 * d_obj, cut)
            found.append(_plan("kiss", spec, call, ball, direction_deg(cue, ghost), d_obj * turn1 * turn2, half,
                               sigma, d_cue + d_travel + d_obj, speed, (cue, ghost, contact, target), via=other))
    return found


# ------------------------------------------------------------------ safeties
SAFETY_SPEEDS = (0.9, 1.5, 2.4)
THICKNESS = (0.0, 1.0, -1.0, 1.7, -1.7)   # sideways offset of the cue ball's line, in ball radii


def safety_plans(game: Game) -> list[ShotPlan]:
    """Strokes with no call at each ball the shooter may hit first: direct at several thicknesses and
    speeds, and off each cushion (a kick) when the direct line is blocked or as an alternative."""
    layout = game.layout
    if CUE not in layout:
        return []
    spec = game.spec
    radius = spec.ball_radius
    cue = layout[CUE]
    plans: list[ShotPlan] = []
    for first in legal_first_contacts(game.state):
        if first not in layout:
            continue
        obj = layout[first]
        d = math.dist(cue, obj)
        base = direction_deg(cue, obj)
        if path_is_clear(layout, cue, obj, radius, ignore=(CUE, first)):
            for offset in THICKNESS:
                phi = base + math.degrees(math.asin(max(-1.0, min(1.0, offset * radius / max(d, 2.0 * radius)))))
                for speed in SAFETY_SPEEDS:
                    plans.append(_safety("safety", first, phi, speed, (cue, obj)))
            plans.append(_safety("safety", first, base, 1.6, (cue, obj), b=-0.4))
        for cushion in CUSHIONS:
            image = mirror(spec, obj, cushion)
            hit = crossing(spec, cue, image, cushion)
            if hit is None or not on_cushion(spec, hit, cushion):
                continue
            if not (path_is_clear(layout, cue, hit, radius, ignore=(CUE,))
                    and path_is_clear(layout, hit, obj, radius, ignore=(CUE, first))):
                continue
            for speed in (1.6, 2.6):
                plans.append(_safety("safety", first, direction_deg(cue, image), speed, (cue, hit, obj),
                                     cushion=cushion))
    return plans


def _safety(kind: str, first: int, phi: float, speed: float, path: tuple[Point, ...], cushion: str | None = None,
            b: float = 0.0) -> ShotPlan:
    return ShotPlan(kind=kind, call=None, first=first, phi=phi % 360.0, speed=speed, step=0.0, estimate=0.0,
                    path=path, cushion=cushion, b=b)
