"""bola8.physics: an event-based pool simulator (Leckie & Greenspan 2006) in numba.

Public API (kept stable for the game layer and the benchmarks)::

    TableSpec, TABLES, table_spec    table presets and geometry
    BallParams, PhysicsSettings      parameters and models as data (CueParams too; CUES: the named cues)
    Strike, ShotResult, Event        values
    simulate_layout(spec, balls, strike, settings=None)   the fast path

The whole JSON request (a layout or a rack seed) is read by
``bola8.game.simulation.simulate_request``. This package imports numba; ``bola8.rules`` never imports it.
"""

from __future__ import annotations

from bola8.physics.api import simulate_layout
from bola8.physics.params import CUES, BallParams, CueParams, PhysicsSettings
from bola8.physics.result import Event, ShotResult
from bola8.physics.strike import Strike
from bola8.physics.table import TABLES, TableSpec, table_spec

__all__ = ["TableSpec", "TABLES", "table_spec", "BallParams", "CueParams", "CUES", "PhysicsSettings", "Strike",
           "ShotResult", "Event", "simulate_layout"]
