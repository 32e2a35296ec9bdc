"""Physical fidelity: every figure of bola8 beside its published value and beside pooltool 0.6.0, with sources.

Run from the repository root:

    .venv/bin/python benchmarks/bench_fidelity.py [--breaks 500] [--no-pooltool] [--json PATH]

It prints one table of every figure (section, figure, bola8, published or expected, pooltool 0.6.0, source),
then the break statistics in detail. pooltool's column is filled where its throwaway venv runs
(``benchmarks/.pooltool-venv``, made by ``_pooltool_venv.py``; ``_pooltool_fidelity.py`` measures the same
single-shot figures with its default models and bola8's ball and cloth); "-" where it does not run or the figure
is not measured there. The sections, in order (each a function registered with ``@section``; a later section is
appended at the end of this file the same way):

1. Single shots on an open cloth (a 40 x 10 m table of the same cloth, so no cushion interferes): rolling
   distance and the 5/7 rule, the 30-degree rule, the stun (90-degree) rule, cut-induced throw, squirt,
   draw and follow.
2. Cushions: each registered cushion model (``bola8.physics.models``) against published rebound statements
   (Alciatore's rail restitution range, "cushion efficiency" and bank/kick FAQ: running and reverse english,
   where sidespin matters, banks coming off short); a ball driven into the 9-ft table's right long rail.
3. Pockets: acceptance windows (``bola8.physics.pocket_windows``) beside Alciatore's TP 3.6 (corner) and
   TP 3.5 (side) target sizes evaluated for the same geometry (``_target_size.py``); the "TP idealised" rows
   run bola8's geometry under the TPs' own assumptions (straight paths, mirror rail and walls).
4. Breaks: ``--breaks`` hard breaks per row, judged by the referee (``bola8.game.Game.play``). The published
   count: AtLarge's break statistics of the Ultimate Pool USA Colorado Shootout (8-ball, Sept. 2024, 124 games,
   professionals): the break made a ball without fouling in 82 games (66 %, 95 % interval 57-74 %); 2
   eight-balls on the break (1.6 %); played on a Diamond 7-ft table "with corner pockets of approximately 4" or
   4 1/8"", breaks from anywhere behind the head string
   (https://forums.azbilliards.com/threads/break-stats-ultimate-pool-usa-colorado-shootout-8-ball-september-2024.568443).
   Its conditions here: the 7-ft table with 4 1/16 in corners (not a preset: WPA corners are 4.5-4.625 in),
   the cue ball leaving at 11.2-13.4 m/s (25-30 mph, Alciatore's "powerful break",
   billiards.colostate.edu/threads/physics.html), the olympiads' execution noise at level 1
   (``bola8.players.noise``). Break styles: ``second ball`` - the cue ball on the head string 0.15 m from the left
   side cushion, as full on the left ball of the second row as the head ball allows: it meets both at once
   (Fieldhammer, "Effective 8-Ball Break Shots, Part II", billiardcoach.com 2008; ``STYLES`` says why a stroke
   at that ball's centre is not full); ``second ball's centre`` - the same cue ball aimed at that ball's
   centre, which cuts the head ball first (one row, for comparison); ``head ball`` - from the head spot, full
   on the apex. Rack ``k`` is the game rack of
   seed ``k`` at each tightness (``bola8.game.racking``); the same seeds and stroke draws in every row. Also the
   9-ft preset at 8-9 m/s (the rows of the earlier benchmark) and the other cushion models. Columns: balls
   pocketed, breaks with at least one, at least four object balls to a cushion, legal breaks (Art. 7), scratches,
   balls off the table (a level cue: the air section elevates it), breaks that made a ball
   without a foul (what the published figure counts) and the 8 down.

``make bench`` runs it with the default 500 breaks per row.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _target_size  # noqa: E402  (standard library only)

from bola8.batch.tournament import wilson  # noqa: E402  (the one Wilson interval, 95%)
from bola8.game import Game  # noqa: E402
from bola8.game.layout import freeze  # noqa: E402
from bola8.game.racking import Tightness, rack, rack_places, rack_seed_for  # noqa: E402
from bola8.physics import (  # noqa: E402
    CUES,
    BallParams,
    CueParams,
    PhysicsSettings,
    Strike,
    TableSpec,
    simulate_layout,
    table_spec,
)
from bola8.physics import codes as C  # noqa: E402
from bola8.physics.models import CUSHION_MODELS, names  # noqa: E402
from bola8.physics.pocket_windows import mirror_settings, window  # noqa: E402
from bola8.physics.strike import strike_state  # noqa: E402
from bola8.players.noise import ExecutionNoise  # noqa: E402

INCH = 0.0254
PUBLISHED_MADE = (82, 124)       # AtLarge, Colorado Shootout 2024: made a ball and did not foul
PUBLISHED_EIGHT = (2, 124)       # the same count: 8-balls on the break
ATLARGE = "AtLarge, Colorado Shootout 8-ball 2024 (azbilliards.com thread 568443)"
BREAK_SIDE_OFFSET = 0.15         # m, the cue ball's centre from the side cushion (second-ball break)
POWER_BREAK = (11.2, 13.4)       # m/s, 25-30 mph: Alciatore's "powerful break"
BALL_SPEED = (8.0, 9.0)          # m/s, the earlier benchmark's breaks (18-20 mph)
# The published count's table: 7-ft Diamond, corners "approximately 4" or 4 1/8"" - the middle of the two.
PUBLISHED_TABLE = replace(table_spec("7ft"), corner_mouth=4.0625 * INCH)
MU_S, MU_R, G = 0.2, 0.01, 9.81  # bola8's default cloth (BallParams), for the textbook values
MODELS = names(CUSHION_MODELS)
DEFAULT_MODEL = PhysicsSettings().cushion_model


@dataclass
class Row:
    section: str
    figure: str
    bola8: str
    published: str
    source: str
    key: str = ""                # the pooltool figure shown beside it, if any
    pooltool: str = "-"


@dataclass
class Context:
    breaks: int
    pooltool: dict[str, str] = field(default_factory=dict)
    break_rows: list[dict[str, Any]] = field(default_factory=list)


SECTIONS: list[Callable[[Context], list[Row]]] = []


def section(function: Callable[[Context], list[Row]]) -> Callable[[Context], list[Row]]:
    """Register a section: ``main`` runs every registered section in the order they were defined."""
    SECTIONS.append(function)
    return function


def ball_per_stick(strike: Strike, settings: PhysicsSettings | None = None) -> float:
    """Cue-ball speed per m/s of stick speed for this stroke (the strike is linear in speed)."""
    settings = settings or PhysicsSettings()
    v, _ = strike_state(replace(strike, speed=1.0), settings.ball, settings.cue)
    return math.hypot(float(v[0]), float(v[1]))


def pct(k: int, n: int) -> str:
    return f"{100.0 * k / n:.1f}%"


def pct_ci(k: int, n: int) -> str:
    lo, hi = wilson(k, n)
    return f"{100.0 * k / n:.1f}% ({100 * lo:.0f}-{100 * hi:.0f})"


# ------------------------------------------------------------------ 1. single shots

OPEN = TableSpec("open cloth", length=40.0, width=10.0)
R = OPEN.ball_radius


def _event_times(result: Any, code: int, ball_index: int) -> list[float]:
    return [float(result.ev_t[k]) for k in range(len(result.ev_t))
            if int(result.ev_type[k]) == code and (int(result.ev_i[k]) == ball_index or int(result.ev_j[k]) == ball_index)]


def _at_speed(strike: Strike, v: float, settings: PhysicsSettings | None = None) -> Strike:
    return replace(strike, speed=v / ball_per_stick(strike, settings))


def rolling_rows(_: Context) -> list[Row]:
    """Centre hit, cue ball leaving at v0: speed when it starts rolling, slide and total distance."""
    rows = []
    for v0 in (1.0, 2.0, 3.0):
        start = (5.0, 1.0)
        result = simulate_layout(OPEN, {0: start}, _at_speed(Strike(1.0, 90.0), v0))
        t_roll = _event_times(result, C.EV_SLIDE_ROLL, 0)[0]
        rvw, _ = result.state_at(0, t_roll)
        ratio = math.hypot(rvw[1][0], rvw[1][1]) / v0
        slide = float(rvw[0][1]) - start[1]
        total = result.final[0][1] - start[1]
        slide_expected = 12 * v0 * v0 / (49 * MU_S * G)
        total_expected = slide_expected + (5 / 7 * v0) ** 2 / (2 * MU_R * G)
        rows.append(Row("single shots", f"rolling, v0 {v0:g} m/s: speed at roll / v0; slide; total (m)",
                        f"{ratio:.4f}; {slide:.4f}; {total:.3f}",
                        f"{5 / 7:.4f}; {slide_expected:.4f}; {total_expected:.3f}",
                        "rigid sphere, Coulomb cloth (5/7 rule; mu_s 0.2, mu_r 0.01): textbook, derived",
                        key=f"rolling {v0:g}"))
    return rows


def _cut_layout(cut_deg: float, gap: float) -> tuple[dict[int, tuple[float, float]], tuple[float, float]]:
    """Object ball on the open cloth; cue ball moving +y, ``gap`` m before contact at ``cut_deg``."""
    ob = (5.0, 20.0)
    c = math.radians(cut_deg)
    cue = (ob[0] - 2 * R * math.sin(c), ob[1] - 2 * R * math.cos(c) - gap)
    return {0: cue, 1: ob}, ob


def _after_contact(result: Any, ball: int) -> tuple[float, float]:
    """Direction (unit vector) of ``ball`` just after its first ball-ball contact."""
    index = result.numbers.index(ball)
    t = _event_times(result, C.EV_BALL_BALL, index)[0]
    rvw, _ = result.state_at(ball, t + 1e-9)
    v = (float(rvw[1][0]), float(rvw[1][1]))
    s = math.hypot(*v)
    return (v[0] / s, v[1] / s)


def _angle(u: tuple[float, float], w: tuple[float, float]) -> float:
    return math.degrees(math.acos(max(-1.0, min(1.0, u[0] * w[0] + u[1] * w[1]))))


def stun_rows(_: Context) -> list[Row]:
    """A sliding cue ball without spin (centre hit 10 um before contact): separation and throw."""
    rows = []
    throw_tp = {(0.5, 30.0): 4.72, (0.5, 45.0): 4.77, (2.0, 30.0): 2.65, (2.0, 45.0): 1.90}
    for (v, cut), tp in throw_tp.items():
        balls, ob = _cut_layout(cut, 1e-5)
        result = simulate_layout(OPEN, balls, _at_speed(Strike(1.0, 90.0), v))
        cb_dir, ob_dir = _after_contact(result, 0), _after_contact(result, 1)
        c = math.radians(cut)
        centres = (math.sin(c), math.cos(c))            # line of centres at contact
        rows.append(Row("single shots", f"stun, {v:g} m/s, cut {cut:g} deg: separation CB-OB (deg)",
                        f"{_angle(cb_dir, ob_dir):.1f}", "90 (ideal balls)",
                        "Alciatore, the 90-degree rule (billiards.colostate.edu/faq/stun/90-degree-rule)",
                        key=f"stun separation {v:g} {cut:g}"))
        rows.append(Row("single shots", f"stun, {v:g} m/s, cut {cut:g} deg: cut-induced throw (deg)",
                        f"{_angle(ob_dir, centres):.2f}", f"{tp:.2f}",
                        "Alciatore TP A-14 model (as evaluated in shared/research/physics-fidelity.md)",
                        key=f"stun throw {v:g} {cut:g}"))
    return rows


def thirty_degree_rows(_: Context) -> list[Row]:
    """A rolling cue ball (natural-roll tip height, 0.4 R) at a half-ball hit: deflection once it rolls again."""
    rows = []
    for v in (1.0, 2.0):
        balls, _ = _cut_layout(30.0, 0.3)
        result = simulate_layout(OPEN, balls, _at_speed(Strike(1.0, 90.0, b=0.4), v))
        t_bb = _event_times(result, C.EV_BALL_BALL, 0)[0]
        t_roll = [t for t in _event_times(result, C.EV_SLIDE_ROLL, 0) if t > t_bb][0]
        rvw, _ = result.state_at(0, t_roll + 1e-9)
        deflection = math.degrees(math.atan2(abs(float(rvw[1][0])), float(rvw[1][1])))
        phi = math.radians(30.0)
        ideal = math.degrees(math.atan(math.sin(phi) * math.cos(phi) / (math.sin(phi) ** 2 + 0.4)))
        rows.append(Row("single shots", f"30-degree rule, half-ball hit, rolling CB {v:g} m/s (deg)",
                        f"{deflection:.1f}", f"about 30 (ideal balls {ideal:.1f})",
                        "Alciatore, 'The 30 degree rule' (Billiards Digest, April 2004)", key=f"thirty {v:g}"))
    return rows


def squirt_rows(_: Context) -> list[Row]:
    cue = CueParams()
    m = BallParams().mass
    rows = []
    for a in (0.25, 0.5):
        v, _ = strike_state(Strike(1.0, 90.0, a=a), BallParams(), cue)
        squirt = math.degrees(math.atan2(-float(v[0]), float(v[1])))
        tp = math.degrees(math.atan(2.5 * a * math.sqrt(1 - a * a) / (1 + m / cue.end_mass + 2.5 * (1 - a * a))))
        rows.append(Row("single shots", f"squirt, tip offset {a:g} R, level cue (deg)", f"{abs(squirt):.2f}",
                        f"{tp:.2f}", f"Alciatore TP A-31 for an end mass of {cue.end_mass * 1000:g} g",
                        key=f"squirt {a:g}"))
    return rows


def _draw_textbook(v: float, b: float, run: float) -> float:
    """Where a straight draw or follow shot leaves the cue ball (m past the contact point, + forward) with ideal,
    frictionless balls (e 0.95): the cue ball leaves the tip at v with R w = 5/2 b v of topspin, slides (and
    perhaps rolls) ``run`` m to the object ball in closed form, keeps its spin and (1 - e)/2 of its speed through
    the collision, then slides and rolls to rest."""
    e = BallParams().e_ball
    a = MU_S * G
    rw = 2.5 * b * v
    s = 1.0 if v - rw > 0 else -1.0               # the slip's sign: friction acts against it
    t_end = 2 * abs(v - rw) / (7 * a)
    x_end = v * t_end - s * 0.5 * a * t_end * t_end
    if x_end >= run:                              # still sliding at the contact
        t = (v - math.sqrt(v * v - 2 * a * run)) / a if s > 0 else (math.sqrt(v * v + 2 * a * run) - v) / a
        vc, rwc = v - s * a * t, rw + s * 2.5 * a * t
    else:                                         # rolling by then
        v_roll = v - s * a * t_end
        vc = rwc = math.sqrt(v_roll * v_roll - 2 * MU_R * G * (run - x_end))
    v1 = (1 - e) / 2 * vc
    s1 = 1.0 if v1 - rwc > 0 else -1.0
    t1 = 2 * abs(v1 - rwc) / (7 * a)
    v2 = v1 - s1 * a * t1
    return v1 * t1 - s1 * 0.5 * a * t1 * t1 + math.copysign(v2 * v2 / (2 * MU_R * G), v2)


def draw_follow_rows(_: Context) -> list[Row]:
    """Straight in at an object ball 1 m away, tip 0.5 R below/above centre: where the cue ball ends."""
    rows = []
    run = 1.0
    for v, b in ((3.0, -0.5), (2.0, 0.5)):
        balls = {0: (5.0, 20.0 - run - 2 * R), 1: (5.0, 20.0)}
        outcome = []
        for model in ("frictional", "frictionless"):
            settings = PhysicsSettings(ball_model=model)
            result = simulate_layout(OPEN, balls, _at_speed(Strike(1.0, 90.0, b=b), v, settings), settings)
            contact_y = 20.0 - 2 * R
            outcome.append(result.final[0][1] - contact_y)
        word = "draw" if b < 0 else "follow"
        rows.append(Row("single shots",
                        f"{word}, {v:g} m/s, b {b:+g}, object ball 1 m away: cue ball ends (m past contact; "
                        "frictionless balls in bola8)",
                        f"{outcome[0]:+.2f} ({outcome[1]:+.2f})", f"{_draw_textbook(v, b, run):+.2f}",
                        "textbook: ideal frictionless balls, e 0.95, Coulomb cloth (derived); ball-ball friction "
                        "(TP A-14) shortens it", key=f"{word} {v:g}"))
    return rows


@section
def single_shot_rows(ctx: Context) -> list[Row]:
    return (rolling_rows(ctx) + thirty_degree_rows(ctx) + stun_rows(ctx) + squirt_rows(ctx)
            + draw_follow_rows(ctx))


# ------------------------------------------------------------------ 2. cushions

def _mm(w: Any) -> str:
    """A window's width in whole millimetres."""
    return "none" if w is None else f"{1000 * w.width:.0f}"


RAIL_SPEC = table_spec("9ft")


@dataclass(frozen=True)
class Rebound:
    incidence: float       # deg from the rail's normal, as the ball arrives
    immediate: float       # deg from the normal just after the impact
    final: float           # deg from the normal once the ball rolls again
    normal_ratio: float    # normal speed out / in
    speed_ratio: float     # speed once rolling again / speed in
    running: bool | None   # sidespin that runs along the rail (True), against it (False), none (None)


def rail_rebound(model: str, incidence: float, speed: float = 1.0, a: float = 0.0, b: float = 0.4,
                 run: float = 0.3) -> Rebound:
    """A ball driven into the 9-ft table's right long rail at ``incidence`` degrees from its normal, from
    ``run`` m away, with tip offsets a, b (b 0.4: rolling; squirt is aimed out)."""
    settings = PhysicsSettings(cushion_model=model)
    th = math.radians(incidence)
    d = (math.cos(th), math.sin(th))
    contact = (RAIL_SPEC.width - RAIL_SPEC.ball_radius, RAIL_SPEC.length * 0.4)
    start = (contact[0] - run * d[0], contact[1] - run * d[1])
    aimed = Strike(1.0, incidence, a=a, b=b)
    v, _ = strike_state(aimed, settings.ball, settings.cue)
    squirt = math.degrees(math.atan2(float(v[1]), float(v[0]))) - incidence
    strike = _at_speed(replace(aimed, phi=incidence - squirt), speed, settings)
    result = simulate_layout(RAIL_SPEC, {0: start}, strike, settings)
    k = next(k for k in range(len(result.ev_t)) if int(result.ev_type[k]) == C.EV_CUSHION)
    rin, _ = result.state_at(0, float(result.ev_t[k]) - 1e-9)
    out = result.snap[k, 0, :9].reshape(3, 3)
    rolled = next((result.snap[j, 0, :9].reshape(3, 3) for j in range(k + 1, len(result.ev_t))
                   if int(result.ev_type[j]) == C.EV_SLIDE_ROLL), out)

    def from_normal(vel: Any) -> float:
        return math.degrees(math.atan2(abs(float(vel[1])), abs(float(vel[0]))))

    # the rail contact point's slip along the rail: spin that cuts it runs along the rail
    slip = float(rin[1][1]) + float(rin[2][2]) * RAIL_SPEC.ball_radius
    running = None if abs(float(rin[2][2])) < 1e-6 else abs(slip) < abs(float(rin[1][1]))
    return Rebound(from_normal(rin[1]), from_normal(out[1]), from_normal(rolled[1]),
                   -float(out[1][0]) / float(rin[1][0]),
                   math.hypot(float(rolled[1][0]), float(rolled[1][1])) / math.hypot(float(rin[1][0]), float(rin[1][1])),
                   running)


def english_pair(model: str, incidence: float) -> tuple[Rebound, Rebound]:
    """(running, reverse): a rolling ball with the most sidespin inside the miscue limit, each way."""
    first, second = rail_rebound(model, incidence, a=0.29), rail_rebound(model, incidence, a=-0.29)
    return (first, second) if first.running else (second, first)


def _per_model(values: dict[str, str]) -> str:
    return " / ".join(f"{m} {values[m]}" for m in MODELS)


@section
def cushion_rows(_: Context) -> list[Row]:
    rows = []
    square = {m: rail_rebound(m, 0.0) for m in MODELS}
    shallow = {m: rail_rebound(m, 75.0) for m in MODELS}
    stun = {m: rail_rebound(m, 0.0, speed=2.0, b=0.0, run=0.005) for m in MODELS}
    rows.append(Row("cushions", "rail restitution, stun ball square into the rail at 2 m/s (normal speed out/in)",
                    _per_model({m: f"{stun[m].normal_ratio:.2f}" for m in MODELS}), "0.6-0.9",
                    "Alciatore, physical properties (billiards.colostate.edu/threads/physics.html)"))
    rows.append(Row("cushions", "rolling ball square into the rail: speed once rolling again / speed in",
                    _per_model({m: f"{square[m].speed_ratio:.2f}" for m in MODELS}),
                    "about 0.5 ('loses about half of its speed' at steep angles)",
                    "Alciatore, cushion efficiency (billiards.colostate.edu/faq/table/cushion-efficiency)"))
    rows.append(Row("cushions", "rolling ball 75 deg from the normal: speed once rolling again / speed in",
                    _per_model({m: f"{shallow[m].speed_ratio:.2f}" for m in MODELS}),
                    "near 1 ('doesn't lose much' at very shallow angles)",
                    "Alciatore, cushion efficiency (as above)"))
    for inc in (30.0, 45.0, 60.0):
        rolling = {m: rail_rebound(m, inc) for m in MODELS}
        rows.append(Row("cushions", f"rolling ball {inc:g} deg from the normal, 1 m/s: rebound once rolling (deg)",
                        _per_model({m: f"{rolling[m].final:.1f}" for m in MODELS}),
                        f"more than {inc:g} (a rolling ball's post-rebound curve lengthens the rebound)",
                        "Alciatore, bank/kick effects FAQ (billiards.colostate.edu/faq/bank-kick/effects)",
                        key=f"cushion rolling {inc:g}"))
    pairs = {inc: {m: english_pair(m, inc) for m in MODELS} for inc in (10.0, 20.0, 30.0, 40.0, 50.0, 60.0, 70.0)}
    for inc in (20.0, 30.0, 40.0):
        rows.append(Row("cushions", f"running minus reverse english, rolling ball {inc:g} deg: rebound (deg); "
                        "speed ratio", _per_model({m: f"{pairs[inc][m][0].final - pairs[inc][m][1].final:+.1f}; "
                                                   f"{pairs[inc][m][0].speed_ratio - pairs[inc][m][1].speed_ratio:+.2f}"
                                                   for m in MODELS}),
                        "both > 0 (running english lengthens the rebound and keeps more speed)",
                        "Alciatore, bank/kick effects FAQ"))
    peak = {m: max(pairs, key=lambda i: pairs[i][m][0].speed_ratio - pairs[i][m][1].speed_ratio) for m in MODELS}
    rows.append(Row("cushions", "incidence where running english keeps the most speed over reverse (deg, "
                    "10-70 in steps of 10)", _per_model({m: f"{peak[m]:g}" for m in MODELS}),
                    "about 20-40", "Alciatore, bank/kick effects FAQ"))
    rows.append(Row("cushions", "sidespin's effect on the rebound at 70 deg vs 20 deg (running minus reverse, deg)",
                    _per_model({m: f"{pairs[70.0][m][0].final - pairs[70.0][m][1].final:+.1f} vs "
                                   f"{pairs[20.0][m][0].final - pairs[20.0][m][1].final:+.1f}" for m in MODELS}),
                    "little at shallow angles", "Alciatore, bank/kick effects FAQ"))
    near_square = {m: rail_rebound(m, 10.0, speed=2.0, b=0.0, run=0.005) for m in MODELS}
    rows.append(Row("cushions", "stun ball 10 deg from the normal at 2 m/s (a hard bank): rebound once rolling (deg)",
                    _per_model({m: f"{near_square[m].final:.1f}" for m in MODELS}),
                    "less than 10 (banks come off short)",
                    "cueandme.com, Angle Detective: banks ('rebounds at a shorter angle'); Alciatore FAQ: more "
                    "speed shortens the rebound"))
    spec = table_spec("9ft")
    corner_30 = {m: window(spec, "corner", 30.0, 0.4, -0.06, 0.2, settings=PhysicsSettings(cushion_model=m))
                 for m in MODELS}
    rows.append(Row("cushions", "corner pocket window at 30 deg, rolling 0.4 m/s (mm): rail-first balls the curve "
                    "brings in", _per_model({m: _mm(corner_30[m]) for m in MODELS}),
                    f"{1000 * _target_size.corner_of(spec).size(30.0):.0f} (TP 3.6, mirror rail)",
                    "Alciatore TP 3.6 (see the pockets section)"))
    return rows


# ------------------------------------------------------------------ 3. pockets

POCKET_SPEEDS = (("slow", 0.4), ("medium", 1.5), ("fast", 3.0))
CORNER_CASES = (("straight in", 0.0, -0.06, 0.06), ("30 deg", 30.0, -0.06, 0.14), ("along the rail", 45.0, 0.0, 0.07))
SIDE_CASES = (("straight in", 0.0, -0.08, 0.08), ("35 deg", 35.0, -0.08, 0.08))


@section
def pocket_rows(_: Context) -> list[Row]:
    spec = table_spec("9ft")
    corner, side = _target_size.corner_of(spec), _target_size.side_of(spec)
    mirror = mirror_settings(spec)
    rows = []
    for pocket, tp, cases, name in (("corner", corner, CORNER_CASES, "TP 3.6"), ("side", side, SIDE_CASES, "TP 3.5")):
        for label, theta, low, high in cases:
            tp_mm = 1000 * tp.size(theta)
            ideal = window(spec, pocket, theta, 0.4, low, high, settings=mirror, rolling=False, max_contacts=3)
            rows.append(Row("pockets", f"{pocket}, {label}: window, TP's idealisation (mm)", _mm(ideal),
                            f"{tp_mm:.0f}", f"Alciatore {name} for this geometry (_target_size.py)"))
            for word, speed in POCKET_SPEEDS:
                if pocket == "side" and word == "medium":
                    continue
                w = window(spec, pocket, theta, speed, low, high)
                rows.append(Row("pockets", f"{pocket}, {label}: window, rolling {speed:g} m/s ({word}) (mm)", _mm(w),
                                f"{tp_mm:.0f}" + (" (slow shots)" if word != "slow" else ""),
                                f"Alciatore {name}; faster is smaller (billiards.colostate.edu/threads/"
                                "banks_and_kicks.html)"))
    return rows


# ------------------------------------------------------------------ 4. breaks

@dataclass
class BreakTally:
    breaks: int = 0
    pocketed: int = 0
    any_pocketed: int = 0
    four_to_rail: int = 0
    legal: int = 0
    scratches: int = 0
    off_table: int = 0
    made_no_foul: int = 0
    eight: int = 0


# name: (the cue ball's distance from the left cushion on the head string, None for the centre; the place in
# the triangle hit, 0 the apex, 1 and 2 the second row; where the cue ball is aimed). From behind the head
# string the head ball shields the second row: the line to the centre of its left ball passes 42 mm from the
# head ball's centre (a ball is 57 mm across), so a stroke aimed there cuts the head ball first, about 47
# degrees thin, and runs on with two thirds of its speed. The fullest hit on the second ball the head ball
# allows meets both at once: the cue ball's centre level with the head ball's, touching it on that side.
STYLES: dict[str, tuple[float | None, int, str]] = {
    "second ball": (BREAK_SIDE_OFFSET, 1, "with the head ball"),
    "second ball's centre": (BREAK_SIDE_OFFSET, 1, "centre"),
    "head ball": (None, 0, "centre"),
}


def break_game(seed: int, tightness: Tightness, style: str | tuple[float | None, int, str],
               spec: TableSpec | None = None, physics: PhysicsSettings | None = None
               ) -> tuple[Game, tuple[float, float]]:
    """The game of rack seed ``seed`` on ``spec`` with its rack at ``tightness``, the cue ball placed, the aim.

    ``style``: a name of ``STYLES`` or its value: (the cue ball's distance from the left cushion on the head
    string, None for the centre; the place in the triangle hit, 0 the apex, 1 and 2 the second row; "centre"
    for a stroke aimed full at that ball, "with the head ball" for one that meets it and the head ball at
    once)."""
    spec = spec or table_spec("9ft")
    x, place_index, aim = STYLES[style] if isinstance(style, str) else style
    game = Game.new("9ft", rack_seed=seed)
    game = replace(game, spec=spec, physics=physics, balls=freeze(rack(spec, rack_seed_for(seed, 0), tightness)))
    cue = (spec.width / 2.0 if x is None else x, spec.head_string_y)
    places = rack_places(spec)

    def ball_at(place: tuple[float, float]) -> tuple[float, float]:
        return min((p for b, p in game.layout.items() if b != 0), key=lambda p: math.dist(p, place))

    target = ball_at(places[place_index])
    if aim == "with the head ball" and place_index != 0:
        apex = ball_at(places[0])
        side = 1.0 if target[0] > apex[0] else -1.0
        target = (apex[0] + side * 2.0 * spec.ball_radius, apex[1])
    return game.place_cue_ball(*cue), (target[0] - cue[0], target[1] - cue[1])


def play_breaks(n: int, tightness: Tightness, style: str | tuple[float | None, int, str], spec: TableSpec | None = None,
                speed: tuple[float, float] = POWER_BREAK, model: str | None = None, b: float = 0.0,
                first_seed: int = 0) -> BreakTally:
    noise = ExecutionNoise(1.0)
    physics = PhysicsSettings(cushion_model=model) if model else None
    tally = BreakTally()
    for seed in range(first_seed, first_seed + n):
        rng = random.Random(1_000_003 * 7 + seed)      # the same stroke draws in every row
        game, (dx, dy) = break_game(seed, tightness, style, spec, physics)
        aimed = _at_speed(Strike(1.0, math.degrees(math.atan2(dy, dx)), b=b), rng.uniform(*speed), physics)
        turn = game.play(noise.perturb(aimed, rng))
        shot, ruling = turn.shot, turn.ruling
        assert shot is not None
        codes = {reason.code for reason in ruling.reasons}
        down = shot.pocketed_object_balls
        tally.breaks += 1
        tally.pocketed += len(down)
        tally.any_pocketed += bool(down)
        tally.four_to_rail += shot.object_balls_to_rail >= 4
        tally.legal += not (codes & {"illegal_break", "illegal_break_with_foul"})
        tally.scratches += shot.cue_ball_pocketed or shot.cue_ball_off_table
        tally.off_table += len(shot.off_table)
        tally.made_no_foul += bool(down) and not ruling.foul
        tally.eight += 8 in down
    return tally


BREAK_CONFIGS: tuple[tuple[str, TableSpec, tuple[float, float], str, Tightness, str | None], ...] = (
    *((("7-ft, 4 1/16 in corners", PUBLISHED_TABLE, POWER_BREAK, style, t, None)
       for style in ("second ball", "head ball") for t in ("lattice", "tight", "typical", "loose"))),
    ("7-ft, 4 1/16 in corners", PUBLISHED_TABLE, POWER_BREAK, "second ball's centre", "typical", None),
    *(("7-ft, 4 1/16 in corners", PUBLISHED_TABLE, POWER_BREAK, "second ball", "typical", m)
      for m in MODELS if m != DEFAULT_MODEL),
    ("9-ft preset (WPA pockets)", table_spec("9ft"), BALL_SPEED, "second ball", "typical", None),
    ("9-ft preset (WPA pockets)", table_spec("9ft"), BALL_SPEED, "head ball", "typical", None),
)


@section
def break_section(ctx: Context) -> list[Row]:
    for table, spec, speed, style, tightness, model in BREAK_CONFIGS:
        t0 = time.perf_counter()
        tally = play_breaks(ctx.breaks, tightness, style, spec, speed, model)
        ctx.break_rows.append({"table": table, "speed": f"{speed[0]:g}-{speed[1]:g}", "style": style,
                               "tightness": tightness, "model": model or DEFAULT_MODEL,
                               "seconds": time.perf_counter() - t0, **asdict(tally)})
    headline = next(r for r in ctx.break_rows if r["table"].startswith("7-ft") and r["style"] == "second ball"
                    and r["tightness"] == "typical" and r["model"] == DEFAULT_MODEL)
    best = max((r for r in ctx.break_rows if r["model"] == DEFAULT_MODEL), key=lambda r: r["made_no_foul"])
    n = headline["breaks"]
    made, eight = PUBLISHED_MADE, PUBLISHED_EIGHT
    where = "7-ft, 4 1/16 in corners, 11.2-13.4 m/s, second ball, typical rack"
    return [
        Row("breaks", f"made a ball without a foul ({where}; {n} breaks)", pct_ci(headline["made_no_foul"], n),
            pct_ci(*made), ATLARGE),
        Row("breaks", f"made a ball without a foul, best row of the break table ({best['table']}, {best['style']}, "
            f"{best['tightness']})", pct_ci(best["made_no_foul"], best["breaks"]), pct_ci(*made), ATLARGE),
        Row("breaks", f"8 down on the break ({where})", pct(headline["eight"], n), pct(*eight), ATLARGE),
        Row("breaks", f"object balls pocketed per break ({where})", f"{headline['pocketed'] / n:.2f}", "none found", "-"),
        Row("breaks", f">= 4 object balls to a cushion ({where})", pct(headline["four_to_rail"], n), "none found", "-"),
        Row("breaks", f"legal breaks, Art. 7 ({where})", pct(headline["legal"], n), "none found", "-"),
        Row("breaks", f"scratches ({where})", pct(headline["scratches"], n), "none found", "-"),
        Row("breaks", f"balls off the table per break ({where})", f"{headline['off_table'] / n:.2f}", "none found",
            "- (a level cue: see 'Balls off the table on hard breaks' for elevated ones)"),
    ]


def print_break_table(rows: list[dict[str, Any]]) -> None:
    print(f"## Breaks in detail: {rows[0]['breaks']} per row, olympiad noise level 1, judged by Game.play")
    print()
    print("| table | cue ball (m/s) | break | rack | cushions | balls down (mean) | >= 1 down | >= 4 to a cushion "
          "| legal (Art. 7) | scratch | off the table (mean) | made a ball, no foul (95% CI) | 8 down |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        k = r["breaks"]
        print(f"| {r['table']} | {r['speed']} | {r['style']} | {r['tightness']} | {r['model']} | {r['pocketed'] / k:.2f} "
              f"| {pct(r['any_pocketed'], k)} | {pct(r['four_to_rail'], k)} | {pct(r['legal'], k)} "
              f"| {pct(r['scratches'], k)} | {r['off_table'] / k:.2f} | {pct_ci(r['made_no_foul'], k)} "
              f"| {pct(r['eight'], k)} |")
    made_p, eight_p = PUBLISHED_MADE, PUBLISHED_EIGHT
    print(f"| published (pros, Diamond 7-ft, ~4 in corners) | - | any | referee racks | - | - | - | none found "
          f"| none found | none found | - | {pct_ci(*made_p)} | {pct(*eight_p)} |")
    print()


SEARCH_SEEDS = (0, 200)         # racks the grid is played on
HELD_OUT = (10_000, 600)        # racks the best cells are played again on


def break_search() -> list[dict[str, Any]]:
    """A coarse search for the break a professional would choose on the published count's table: cue-ball
    position on the head string, the ball hit (the apex full; a second-row ball full at its centre, or as full
    as the head ball allows, meeting both at once), draw or follow, speed 8-9 or 11.2-13.4 m/s (96 cells, 200
    racks each), then the four best cells again on 600 held-out racks (the grid's best is partly luck)."""
    spec = PUBLISHED_TABLE
    cells = []
    for x in (0.10, 0.15, 0.20, None):
        for place, aim in (((0, "centre"), (1, "centre"), (1, "with the head ball"), (2, "centre"),
                            (2, "with the head ball")) if x is not None else ((0, "centre"),)):
            for b in (-0.3, 0.0, 0.3):
                for speed in (BALL_SPEED, POWER_BREAK):
                    tally = play_breaks(SEARCH_SEEDS[1], "typical", (x, place, aim), spec, speed, b=b,
                                        first_seed=SEARCH_SEEDS[0])
                    cells.append({"x": x, "place": place, "aim": aim, "b": b, "speed": speed,
                                  "grid": tally.made_no_foul / tally.breaks})
    cells.sort(key=lambda c: -c["grid"])
    for cell in cells[:4]:
        tally = play_breaks(HELD_OUT[1], "typical", (cell["x"], cell["place"], cell["aim"]), spec, cell["speed"],
                            b=cell["b"], first_seed=HELD_OUT[0])
        cell["held_out"] = (tally.made_no_foul, tally.breaks)
    return cells


def print_search(cells: list[dict[str, Any]]) -> None:
    print("## Break search: 7-ft, 4 1/16 in corners, typical racks (made a ball without a foul)")
    print()
    print("| cue ball from the left cushion (m) | ball hit | tip b | cue ball (m/s) | 200 grid racks "
          "| 600 held-out racks (95% CI) |")
    print("|---|---|---|---|---|---|")
    for cell in cells[:8]:
        held = pct_ci(*cell["held_out"]) if "held_out" in cell else "-"
        x = "centre" if cell["x"] is None else f"{cell['x']:.2f}"
        ball = ("apex", "second row, left", "second row, right")[cell["place"]]
        ball += " (with the head ball)" if cell["aim"] == "with the head ball" else " (full)"
        print(f"| {x} | {ball} | {cell['b']:+.1f} "
              f"| {cell['speed'][0]:g}-{cell['speed'][1]:g} | {100 * cell['grid']:.1f}% | {held} |")
    print(f"({len(cells)} cells; the best eight shown)")
    print()


# ------------------------------------------------------------------ pooltool, the table, main

POOLTOOL_SIDE = Path(__file__).resolve().parent / "_pooltool_fidelity.py"


def pooltool_figures(say: Callable[[str], None]) -> dict[str, str]:
    """pooltool 0.6.0's figures (keyed like the rows' ``key``), or {} when its venv cannot run."""
    import _pooltool_venv

    status = _pooltool_venv.ensure_pooltool_venv(say=say)
    if status.python is None:
        say(status.message)
        return {}
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "HOME": home, "PYTHONHASHSEED": "0"}
        run = subprocess.run([str(status.python), str(POOLTOOL_SIDE)], capture_output=True, text=True, env=env)
    if run.returncode != 0:
        say("pooltool: " + run.stderr.strip()[-2000:])
        return {}
    figures: dict[str, str] = json.loads(run.stdout)
    return figures


def print_table(rows: list[Row]) -> None:
    print("## Physical fidelity: bola8 beside published values and pooltool 0.6.0")
    print()
    print("| section | figure | bola8 | published / expected | pooltool 0.6.0 | source |")
    print("|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r.section} | {r.figure} | {r.bola8} | {r.published} | {r.pooltool} | {r.source} |")
    print()


def _write_json(path: str, data: Any) -> None:
    target = Path(path)
    with tempfile.NamedTemporaryFile("w", dir=target.parent or ".", delete=False, suffix=".tmp",
                                     encoding="utf-8") as out:
        json.dump(data, out, indent=1)
        name = out.name
    os.replace(name, target)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--breaks", type=int, default=500, help="breaks per row (default 500)")
    parser.add_argument("--no-pooltool", action="store_true", help="leave pooltool's column empty")
    parser.add_argument("--json", help="also write the figures to this file")
    parser.add_argument("--search", action="store_true", help="also search the break (96 cells; about 21,600 breaks)")
    args = parser.parse_args(argv)
    if args.breaks < 1:
        parser.error("--breaks: expected a whole number >= 1")
    t0 = time.perf_counter()

    def say(message: str) -> None:
        print(message, file=sys.stderr)

    ctx = Context(breaks=args.breaks, pooltool={} if args.no_pooltool else pooltool_figures(say))
    rows: list[Row] = []
    for run in SECTIONS:
        rows += run(ctx)
    for row in rows:
        row.pooltool = ctx.pooltool.get(row.key, "-") if row.key else "-"
    print_table(rows)
    if ctx.break_rows:
        print_break_table(ctx.break_rows)
    air_figures(args.breaks)
    cells = break_search() if args.search else []
    if cells:
        print_search(cells)
    print(f"{len(rows)} figures ({sum(r['breaks'] for r in ctx.break_rows)} breaks) in "
          f"{time.perf_counter() - t0:.1f} s")
    if args.json:
        _write_json(args.json, {"figures": [asdict(r) for r in rows], "breaks": ctx.break_rows, "search": cells})
    return 0


# ------------------------------------------------------------------ balls in the air (the engine's flight model)

def air_figures(n_breaks: int) -> None:
    """Jumps, bounces, masse, the ball-ball hop and balls off the table, beside their published values.

    - TP B.10 (Alciatore, "Draw shot cue elevation effects"): the bounces of a cue ball leaving the
      tip at 11.194 mph, 5 and 12 degrees down into the slate, with 34.841 rps of backspin (its
      example: e_t 0.6, mu_s 0.2): speed, spin, angle and length of each hop, played from that
      state by the event loop (settle height 0.01 mm, so that it bounces as long as the TP's).
    - Jumps from bola8's strike: height and length of the first flight by elevation and stick
      speed, with the default cue (0.567 kg) and a jump cue (0.25 kg, same tip). Published (VEPS
      XV, BD March 2011; "Jump Shots Made Simple", BD Oct. 2023): more elevation jumps higher and
      lands sooner, more speed higher and longer, 45 degrees and a centre hit for a typical jump,
      a light jump cue jumps more easily (it rebounds instead of trapping the ball).
    - Masse: the final direction against Coriolis's aiming line (TP A.19: from the resting point to
      where the cue's line meets the cloth); TP A.19 says real shots come up a little short of it.
    - TP B.5: a rolling cue ball hops after a square hit, mu_b (1 + e_b) v / 2 upward; TP B.5 takes
      mu_b 0.06, bola8 TP A.14's slip-dependent friction (about 0.01 at these slip speeds).
    - Balls off the table on hard head-ball breaks (typical racks, cue ball at 8-9 m/s, level-one
      execution noise) at 0, 5 and 10 degrees of cue elevation; no published rate was found.
    """
    import numpy as np

    from bola8.physics import PhysicsSettings
    from bola8.physics.engine import run_events
    from bola8.physics.result import ShotResult

    spec = table_spec("9ft")
    R = spec.ball_radius
    mph, rps, ft, inch = 0.44704, 2.0 * math.pi, 0.3048, 0.0254

    def launch(v: tuple[float, float, float], w: tuple[float, float, float],
               settings: PhysicsSettings) -> ShotResult:
        prm = settings.as_array(spec.cushion_height)
        rvw = np.zeros((1, 3, 3))
        rvw[0, 0, :2] = (0.6, 0.2)
        rvw[0, 1], rvw[0, 2] = v, w
        s = np.array([C.SLIDING], dtype=np.int64)
        geo = spec.geometry
        k, ev_t, ev, snap, trunc = run_events(
            rvw, s, prm, geo.segments, geo.circles, geo.holes, settings.max_events, C.EV_STRIKE, C.RECORD_TRAJECTORIES)
        return ShotResult(spec=spec, start={0: (0.6, 0.2)}, numbers=(0,), prm=prm, ev_t=ev_t, ev_type=ev[:, 0],
                          ev_i=ev[:, 1], ev_j=ev[:, 2], ev_o=ev[:, 3], snap=snap, truncated=bool(trunc))

    print("## Balls in the air")
    print()
    print("### TP B.10: the bounces of an elevated draw shot (11.194 mph, 34.841 rps backspin)")
    print()
    print("| elevation | hop | speed after (mph) bola8 / TP | spin (rps) bola8 / TP | angle (deg) bola8 / TP "
          "| hop length (ft) bola8 / TP |")
    print("|---|---|---|---|---|---|")
    published = {5.0: ([10.855, 10.658, 10.542], [32.897, 31.731, 31.031], [3.091, 1.889, 1.145],
                       [0.848, 0.5, 0.297]),
                 12.0: ([10.3, 9.794], [30.205, 27.423], [7.792, 4.908], [1.906, 1.093])}
    fine = PhysicsSettings(settle_height=1e-5)
    for elev, (speeds, spins, angles, hops) in published.items():
        th = math.radians(elev)
        v0 = 11.194 * mph
        r = launch((0.0, v0 * math.cos(th), -v0 * math.sin(th)), (34.841 * rps, 0.0, 0.0), fine)
        ks = [0] + [k for k, e in enumerate(r.events) if e.type == "land"]
        for q in range(len(speeds)):
            row = r.snap[ks[q], 0]
            speed = float(np.linalg.norm(row[3:6])) / mph
            angle = math.degrees(math.atan2(row[5], row[4]))
            hop = float(r.snap[ks[q + 1], 0, 1] - row[1]) / ft
            print(f"| {elev:g} deg | {q + 1} | {speed:.3f} / {speeds[q]} | {row[6] / rps:.3f} / {spins[q]} "
                  f"| {angle:.3f} / {angles[q]} | {hop:.3f} / {hops[q]} |")
    print()
    print("### The cue ball's launch speed from the stick's (centre hit, level cue)")
    print()
    print("| cue | mass | tip restitution | ball / stick speed | stick 8 m/s gives | TP A.30: (1 + e) / (1 + m/M) |")
    print("|---|---|---|---|---|---|")
    ball_mass = PhysicsSettings().ball.mass
    for cue_name, cue in CUES.items():
        r = simulate_layout(spec, {0: (0.635, 0.3)}, Strike(8.0, 90.0, cue=cue_name))
        speed = float(np.hypot(r.snap[0, 0, 3], r.snap[0, 0, 4]))
        formula = (1.0 + cue.tip_restitution) / (1.0 + ball_mass / cue.mass)
        print(f"| {cue_name} | {cue.mass:.3f} kg | {cue.tip_restitution:g} | {speed / 8.0:.3f} | {speed:.2f} m/s "
              f"| {formula:.3f} |")
    print()
    print("Published: tip restitution 0.71-0.75 for playing cues with medium leather tips, 0.81-0.87 for jump and "
          "break cues with phenolic tips (Alciatore, \"cue tip efficiency\" FAQ and its video experiment); "
          "professional breaks 22-26 mph, 9.8-11.6 m/s (Onoda, Billiards Digest 1989), a powerful break "
          "11-13 m/s (Alciatore, typical speeds FAQ). FastFiz's launch (2 m V / (1 + m/M)) and pooltool's are "
          "those of a perfectly elastic tip (e = 1).")
    print()
    print("### Jumps from the strike (centre hit): first flight's top height and length")
    print()
    print("| cue | elevation | stick 2 m/s | stick 3 m/s | stick 4 m/s | stick 6 m/s |")
    print("|---|---|---|---|---|---|")
    for cue_name, cue in CUES.items():
        settings = PhysicsSettings(cue=cue)
        for elev in (15.0, 25.0, 35.0, 45.0, 60.0):
            cells = []
            for speed in (2.0, 3.0, 4.0, 6.0):
                v, _ = strike_state(Strike(speed, 90.0, elev), settings.ball, cue)
                r = simulate_layout(spec, {0: (0.635, 0.3)}, Strike(speed, 90.0, elev, cue=cue_name))
                if r.snap[0, 0, 9] != C.AIRBORNE:
                    cells.append("no jump (jammed)" if v[2] >= 0.0 else "stays on the cloth")
                    continue
                vz = float(r.snap[0, 0, 5])
                ends = r.events[1].type     # what ends the first flight: a landing, else a cushion in the air...
                where = f"{float(r.snap[1, 0, 1]) - 0.3:.2f} m" if ends == "land" else f"{ends} before landing"
                cells.append(f"{vz * vz / (2 * G) * 100:.1f} cm, {where}")
            print(f"| {cue_name} ({cue.mass:.3f} kg) | {elev:g} deg | " + " | ".join(cells) + " |")
    print()
    print("Published: more elevation - higher, shorter jump; more speed - higher, longer; 45 deg and a "
          "centre hit for a typical jump; a light jump cue jumps more easily (VEPS XV, BD March 2011; "
          "\"Jump Shots Made Simple\", BD Oct. 2023); a playing cue jumps a ball about half a ball high over "
          "10-12 in at low elevation, higher jumps need a jump cue (cuesight, \"Jumping - it's in the wrist\"); "
          "keep the grip light so the cue rebounds and does not trap the cue ball (Alciatore). Clearing a ball "
          "needs the bottom 57 mm up over it.")
    print()
    print("### Masse: final direction against Coriolis's aiming line (TP A.19)")
    print()
    print("| stroke | final direction bola8 | Coriolis (TP A.19) | curve: lateral offset when it rolls |")
    print("|---|---|---|---|")
    for elev, a, b, speed in ((70.0, 0.4, 0.0, 2.0), (75.0, 0.25, -0.25, 2.0), (80.0, 0.25, -0.25, 3.0),
                              (70.0, -0.4, 0.0, 2.0)):
        r = simulate_layout(spec, {0: (0.635, 0.6)}, Strike(speed, 90.0, elev, a, b))
        roll = next(k for k, e in enumerate(r.events) if e.type == "slide_roll")
        final = math.degrees(math.atan2(r.snap[roll, 0, 4], r.snap[roll, 0, 3]))
        th = math.radians(elev)
        back = math.sqrt(1.0 - a * a - b * b)
        bx, by, bz = a, b * math.sin(th) - back * math.cos(th), b * math.cos(th) + back * math.sin(th)
        t_cloth = (bz + 1.0) / math.sin(th)
        coriolis = math.degrees(math.atan2(by + t_cloth * math.cos(th), bx))
        print(f"| {elev:g} deg, a {a:+g}, b {b:+g}, {speed:g} m/s | {final:.1f} deg | {coriolis:.1f} deg "
              f"| {(float(r.snap[roll, 0, 0]) - 0.635) * 100:+.1f} cm |")
    print()
    print("Direction in degrees from +x (90 = the aim); right English (a > 0) curves right. TP A.19: "
          "\"the final CB angle usually comes up a little short of the angle predicted by the Coriolis method\" "
          "(squirt, jamming); bola8's squirt makes up most of its difference.")
    print()
    print("### TP B.5: the hop of a rolling cue ball after a square hit")
    print()
    print("| speed | bola8 (TP A.14 friction) | bola8 with TP B.5's mu_b 0.06 | TP B.5 |")
    print("|---|---|---|---|")
    for label, v, tp in (("7 mph", 7 * mph, 0.067), ("12 mph", 12 * mph, 0.196), ("20 mph", 20 * mph, 0.544)):
        cells = []
        for settings in (PhysicsSettings(), PhysicsSettings(ball=BallParams(throw_a=0.06, throw_b=0.0,
                                                                             e_ball=0.94))):
            prm = settings.as_array(spec.cushion_height)
            rvw = np.zeros((2, 3, 3))
            rvw[0, 0, :2], rvw[1, 0, :2] = (0.635, 0.5), (0.635, 0.5 + 2 * R + 1e-6)
            rvw[0, 1, 1], rvw[0, 2, 0] = v, -v / R
            s = np.array([C.ROLLING, C.STATIONARY], dtype=np.int64)
            geo = spec.geometry
            k, ev_t, ev, snap, trunc = run_events(
                rvw, s, prm, geo.segments, geo.circles, geo.holes, settings.max_events, C.EV_STRIKE, C.RECORD_TRAJECTORIES)
            hit = int(np.flatnonzero(ev[:, 0] == C.EV_BALL_BALL)[0])
            vz = float(snap[hit, 0, 5])
            cells.append(f"{vz * vz / (2 * G) / inch:.3f} in" if vz > 0 else "no hop (under the settle height)")
        print(f"| {label} | {cells[0]} | {cells[1]} | {tp} in |")
    print()
    print(f"### Balls off the table on hard breaks ({n_breaks} per row, head-ball break, typical racks)")
    print()
    print("| cue elevation | object balls off / break | breaks with an object ball off | cue ball off | "
          "the 8 off | cue ball in the air at its first contact | balls down / break |")
    print("|---|---|---|---|---|---|---|")
    noise = ExecutionNoise(1.0)
    for elev in (0.0, 5.0, 10.0):
        off = any_off = cue_off = eight_off = airborne_first = down = 0
        for seed in range(n_breaks):
            rng = random.Random(2_000_003 + seed)
            game, (dx, dy) = break_game(seed, "typical", "head ball")
            aimed = Strike(1.0, math.degrees(math.atan2(dy, dx)), elev)
            aimed = replace(aimed, speed=rng.uniform(*BALL_SPEED) / ball_per_stick(aimed))
            turn = game.play(noise.perturb(aimed, rng))
            assert turn.shot is not None and turn.simulation is not None
            objects = turn.shot.off_table_object_balls
            off += len(objects)
            any_off += bool(objects)
            cue_off += turn.shot.cue_ball_off_table
            eight_off += 8 in objects
            down += len(turn.shot.pocketed_object_balls)
            sim = turn.simulation
            first = next((k for k, e in enumerate(sim.events) if e.type == "ball_ball"), None)
            airborne_first += first is not None and sim.snap[first - 1, 0, 9] == C.AIRBORNE
        print(f"| {elev:g} deg | {off / n_breaks:.3f} | {pct(any_off, n_breaks)} | {pct(cue_off, n_breaks)} | "
              f"{pct(eight_off, n_breaks)} | {pct(airborne_first, n_breaks)} | {down / n_breaks:.2f} |")
    print()
    print("Published: no rate of balls leaving the table on the break was found (AtLarge's break statistics "
          "count made balls, fouls and 8-balls; 8-ball event rules give ball in hand \"after the cue ball is "
          "sent off the table on the break\", so it happens).")
    print()


if __name__ == "__main__":
    sys.exit(main())
