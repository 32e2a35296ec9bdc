"""Fill numba's disk cache with every kernel the package's Python calls, before anyone waits for a shot.

    python -m bola8.physics.warm        # the Makefile's set-up runs it after installing

The kernels compile on their first call (about ten seconds of CPU, once per source version,
numba and Python: ``bola8.physics._jit``); a shot after this finds them compiled and answers
in a fraction of a second. Each entry kernel is called here with the argument types the
package's own callers give it (a numba kernel compiles once per set of argument types).
"""

from __future__ import annotations

import sys
import time

from bola8.physics import codes as C
from bola8.physics import measure
from bola8.physics.api import simulate_layout
from bola8.physics.batch import simulate_batch
from bola8.physics.params import PhysicsSettings
from bola8.physics.strike import Strike, strike_state
from bola8.physics.table import TABLES, table_spec


def warm_up() -> float:
    """Call every entry kernel once (a break, an ordinary and a jumped stroke, a batch in each record,
    the facts' measurements, a trajectory, the cue's impact alone); the seconds it took."""
    started = time.perf_counter()
    spec = table_spec(next(iter(TABLES)))
    x, y = spec.width / 2.0, spec.length / 4.0
    layout = {0: (x, y), 1: (x, y + 0.5), 2: (x + 0.3, y + 1.2)}
    strikes = [Strike(8.0, 90.0), Strike(2.0, 80.0, 0.0, 0.2, -0.3), Strike(4.0, 90.0, 50.0, 0.0, 0.1)]
    for strike in strikes:
        result = simulate_layout(spec, layout, strike)
        measure.start_gaps(result)
        measure.crossed_y(result, 0, spec.length / 2.0, result.duration)
        result.state_at(0, 0.5 * result.duration)
    settings = PhysicsSettings()
    strike_state(strikes[0], settings.ball, settings.cue)   # the impact alone (pocket_windows.drops)
    for record in C.RECORD_NAMES:
        simulate_batch(spec, layout, strikes, record=record)   # type: ignore[call-overload]
    return time.perf_counter() - started


if __name__ == "__main__":
    seconds = warm_up()
    print(f"bola8.physics: kernels compiled and cached ({seconds:.1f} s)", file=sys.stderr)
