"""The kernels' shared vocabulary: motion states, event codes and the parameter vector's indices.

Plain integers and floats, read by every kernel module (numba folds them as
constants) and by the Python side (``ShotResult``, the facts).
"""

from __future__ import annotations

import numpy as np

# motion states of a ball (AIRBORNE: in flight above the cloth; OFF_TABLE: left the table, out of play)
STATIONARY, SPINNING, SLIDING, ROLLING, POCKETED, AIRBORNE, OFF_TABLE = 0, 1, 2, 3, 4, 5, 6

# event codes (EVENT_NAMES[code] is the contract's spelling)
EV_STRIKE, EV_BALL_BALL, EV_CUSHION, EV_POCKET = 0, 1, 2, 3
EV_SLIDE_ROLL, EV_ROLL_STOP, EV_ROLL_SPIN, EV_SPIN_STOP = 4, 5, 6, 7
EV_MISCUE, EV_SLIDE_STOP, EV_SLIDE_SPIN = 8, 9, 10
EV_LAND, EV_OFF_TABLE = 11, 12      # a flying ball meets the slate (bounces or settles); a ball leaves the table
EVENT_NAMES = ("strike", "ball_ball", "cushion", "pocket", "slide_roll", "roll_stop", "roll_spin",
               "spin_stop", "miscue", "slide_stop", "slide_spin", "land", "off_table")
# the sides of the table a ball can leave over (EV_OFF_TABLE's object): y = 0, y = L, x = 0, x = W
SIDE_NAMES = ("head", "foot", "left", "right")

# what the event loop records (``engine.run_events``'s ``record``): nothing but the end state, the events,
# or the events with every ball's state after each (the exact trajectories the referee's facts read)
RECORD_FINAL, RECORD_EVENTS, RECORD_TRAJECTORIES = 0, 1, 2
RECORD_NAMES = ("final", "events", "trajectories")

# indices into the parameter vector (PhysicsSettings.as_array)
P_R, P_M, P_MUS, P_MUR, P_MUSP, P_G, P_EB = 0, 1, 2, 3, 4, 5, 6
P_TA, P_TB, P_TC, P_EC, P_MUC, P_SINT, P_MODEL, P_STEPS, P_VMIN, P_OMEGA = 7, 8, 9, 10, 11, 12, 13, 14, 15, 16
P_TCHAT, P_BALL_MODEL, P_ET, P_VSETTLE = 17, 18, 19, 20

EPS_V = 1e-9      # m/s: below this a speed is zero
EPS_W = 1e-7      # rad/s: below this a spin is zero
INF = np.inf
