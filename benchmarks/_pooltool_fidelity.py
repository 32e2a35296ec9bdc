"""pooltool 0.6.0's single-shot figures for ``bench_fidelity.py``; runs inside ``benchmarks/.pooltool-venv/``.

Usage: ``python _pooltool_fidelity.py``; prints one JSON object, figure key -> the text of its cell, with the keys
of ``bench_fidelity.py``'s rows. pooltool's default models (frictional inelastic ball-ball, Stronge compliant
cushions) with bola8's ball and cloth (mass 0.170 kg, mu_s 0.2, mu_r 0.01, spin deceleration 10 rad/s^2,
e_ball 0.95, e_cushion 0.85, cushion friction 0.14), so the figures differ only by the models. Balls are placed
in the state bola8's stroke leaves them (speed and spin), except squirt, which is pooltool's own cue (end mass
m/30 = 5.67 g against bola8's 8.5 g). Same frame as bola8: x across, y along the table, phi 90 = +y.
"""

from __future__ import annotations

import json
import math
import sys

import numpy as np
import pooltool as pt

R = 0.028575
PARAMS = dict(m=0.170, R=R, u_s=0.2, u_r=0.01, u_sp_proportionality=0.0117 / R, e_b=0.95, e_c=0.85, f_c=0.14,
              g=9.81)
OPEN = pt.Table.from_table_specs(pt.objects.PocketTableSpecs(l=40.0, w=10.0))
NINE = pt.Table.from_table_specs(pt.objects.PocketTableSpecs(l=2.54, w=1.27))
SLIDING, ROLLING = pt.constants.sliding, pt.constants.rolling


def ball(identifier: str, xy: tuple[float, float], v: tuple[float, float] = (0.0, 0.0),
         w: tuple[float, float, float] = (0.0, 0.0, 0.0), state: int = 0) -> pt.Ball:
    b = pt.Ball.create(identifier, xy=xy, **PARAMS)
    b.state = pt.objects.BallState(rvw=np.array([[xy[0], xy[1], R], [v[0], v[1], 0.0], list(w)], dtype=float),
                                   s=state, t=0.0)
    return b


def run(table: pt.Table, balls: list[pt.Ball]) -> pt.System:
    system = pt.System(table=table.copy(), balls={b.id: b for b in balls}, cue=pt.Cue(cue_ball_id="cue"))
    pt.simulate(system, inplace=True)
    return system


def events(system: pt.System, kind: pt.EventType, ball_id: str) -> list[pt.events.Event]:
    return [e for e in system.events if e.event_type == kind and ball_id in e.ids]


def final_of(event: pt.events.Event, ball_id: str) -> np.ndarray:
    agent = next(a for a in event.agents if a.id == ball_id)
    return agent.final.state.rvw


def rolling_ball(v: float) -> tuple[tuple[float, float], tuple[float, float, float]]:
    """Velocity +y and the spin of rolling (bola8's natural-roll stroke)."""
    return (0.0, v), (-v / R, 0.0, 0.0)


def figures() -> dict[str, str]:
    out: dict[str, str] = {}
    # rolling distance: centre hit, no spin
    for v0 in (1.0, 2.0, 3.0):
        start = (5.0, 1.0)
        s = run(OPEN, [ball("cue", start, (0.0, v0), state=SLIDING)])
        rvw = final_of(events(s, pt.EventType.SLIDING_ROLLING, "cue")[0], "cue")
        total = s.balls["cue"].state.rvw[0][1] - start[1]
        out[f"rolling {v0:g}"] = f"{math.hypot(*rvw[1][:2]) / v0:.4f}; {rvw[0][1] - start[1]:.4f}; {total:.3f}"
    # 30-degree rule: rolling cue ball, half-ball hit, object ball 0.3 m ahead
    for v in (1.0, 2.0):
        ob = (5.0, 20.0)
        cue = (ob[0] - 2 * R * math.sin(math.radians(30)), ob[1] - 2 * R * math.cos(math.radians(30)) - 0.3)
        vel, w = rolling_ball(v)
        s = run(OPEN, [ball("cue", cue, vel, w, ROLLING), ball("1", ob)])
        t_bb = events(s, pt.EventType.BALL_BALL, "cue")[0].time
        rolled = [e for e in events(s, pt.EventType.SLIDING_ROLLING, "cue") if e.time > t_bb][0]
        rvw = final_of(rolled, "cue")
        out[f"thirty {v:g}"] = f"{math.degrees(math.atan2(abs(rvw[1][0]), rvw[1][1])):.1f}"
    # stun: sliding cue ball without spin, 10 um before the contact
    for v, cut in ((0.5, 30.0), (0.5, 45.0), (2.0, 30.0), (2.0, 45.0)):
        ob = (5.0, 20.0)
        c = math.radians(cut)
        cue = (ob[0] - 2 * R * math.sin(c), ob[1] - 2 * R * math.cos(c) - 1e-5)
        s = run(OPEN, [ball("cue", cue, (0.0, v), state=SLIDING), ball("1", ob)])
        bb = events(s, pt.EventType.BALL_BALL, "cue")[0]
        vc, vo = final_of(bb, "cue")[1][:2], final_of(bb, "1")[1][:2]
        uc, uo = vc / np.linalg.norm(vc), vo / np.linalg.norm(vo)
        sep = math.degrees(math.acos(max(-1.0, min(1.0, float(uc @ uo)))))
        throw = math.degrees(math.acos(max(-1.0, min(1.0, float(uo @ np.array([math.sin(c), math.cos(c)]))))))
        out[f"stun separation {v:g} {cut:g}"] = f"{sep:.1f}"
        out[f"stun throw {v:g} {cut:g}"] = f"{throw:.2f}"
    # squirt with pooltool's own cue (pooltool's a < 0 is bola8's right english a > 0)
    for a in (0.25, 0.5):
        system = pt.System(table=OPEN.copy(), balls={"cue": pt.Ball.create("cue", xy=(5.0, 1.0), **PARAMS)},
                           cue=pt.Cue(cue_ball_id="cue"))
        system.strike(V0=1.0, phi=90.0, theta=0.0, a=-a, b=0.0)
        pt.simulate(system, inplace=True)
        strike = next(e for e in system.events if e.event_type == pt.EventType.STICK_BALL)
        vel = final_of(strike, "cue")[1]
        out[f"squirt {a:g}"] = f"{abs(math.degrees(math.atan2(vel[0], vel[1]))):.2f} (end mass 5.67 g)"
    # draw and follow: straight at an object ball 1 m away, the stroke's speed and spin placed on the cue ball
    for word, v, b in (("draw", 3.0, -0.5), ("follow", 2.0, 0.5)):
        ob = (5.0, 20.0)
        cue = (5.0, 20.0 - 1.0 - 2 * R)
        s = run(OPEN, [ball("cue", cue, (0.0, v), (-2.5 * b * v / R, 0.0, 0.0), SLIDING), ball("1", ob)])
        out[f"{word} {v:g}"] = f"{s.balls['cue'].state.rvw[0][1] - (ob[1] - 2 * R):+.2f}"
    # a rolling ball into the right long rail of the 9-ft table
    for inc in (30.0, 45.0, 60.0):
        th = math.radians(inc)
        contact = (1.27 - R, 2.54 * 0.4)
        start = (contact[0] - 0.3 * math.cos(th), contact[1] - 0.3 * math.sin(th))
        vel = (math.cos(th), math.sin(th))
        s = run(NINE, [ball("cue", start, vel, (-vel[1] / R, vel[0] / R, 0.0), ROLLING)])
        cushion = [e for e in s.events if "cue" in e.ids and e.event_type in
                   (pt.EventType.BALL_LINEAR_CUSHION, pt.EventType.BALL_CIRCULAR_CUSHION)][0]
        rolled = [e for e in events(s, pt.EventType.SLIDING_ROLLING, "cue") if e.time > cushion.time]
        rvw = final_of(rolled[0], "cue") if rolled else final_of(cushion, "cue")
        out[f"cushion rolling {inc:g}"] = f"{math.degrees(math.atan2(abs(rvw[1][1]), abs(rvw[1][0]))):.1f} (stronge)"
    return out


if __name__ == "__main__":
    print(json.dumps(figures()))
    sys.exit(0)
