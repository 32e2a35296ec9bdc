"""Contacts near zero speed: no tunnelling into cushions, real restitution, no chatter."""

from __future__ import annotations

import math

import numpy as np
import pytest

from bola8.physics import PhysicsSettings, Strike, rack, simulate_layout, table_spec
from bola8.physics import engine as E

from tests.physics.geometry_checks import worst_gaps
from tests.physics.helpers import play


def test_quadratic_entry_on_the_line_curving_back():
    # p(t) = -t^2 + 2t: on the line at t = 0, moving away, back on it at t = 2
    assert E.quadratic_entry(-1.0, 2.0, 0.0, 10.0) == pytest.approx(2.0, rel=1e-12)
    # a hair inside the line (p(0) < 0), moving away and curving back: the later root
    t = E.quadratic_entry(-1.0, 2.0, -1e-12, 10.0)
    assert t == pytest.approx(2.0, rel=1e-9) and (-t + 2.0) * t - 1e-12 <= 0.0
    # never clear of the line: the contact is where it turns back in
    assert E.quadratic_entry(-1.0, 1e-7, -1e-12, 10.0) == pytest.approx(5e-8, rel=1e-9)
    # moving away and not curving back, or beyond the horizon: no contact
    assert E.quadratic_entry(0.0, 2.0, 0.0, 10.0) == math.inf
    assert E.quadratic_entry(1.0, 2.0, 0.0, 10.0) == math.inf
    assert E.quadratic_entry(-1.0, 2.0, 0.0, 1.5) == math.inf
    # approaching now
    assert E.quadratic_entry(0.0, -1.0, 0.0, 10.0) == 0.0


def test_masse_off_a_cushion_does_not_sink_into_it(spec):
    # The cue ball touching the head cushion, a steep draw masse curving it back into the cushion:
    # its path re-enters the cushion line after leaving it, which must be a contact.
    R = spec.ball_radius
    r = play(spec, {0: (0.6, R)}, 2.0, 90.0, theta=80.0, b=-0.45)
    assert any(e.type == "cushion" for e in r.events)
    ball_gap, cushion_gap = worst_gaps(spec, r)
    assert cushion_gap >= -1e-9
