"""The cues: the named ones (params.CUES), a stroke's cue (Strike.cue), the contract's settings.cue."""

from __future__ import annotations

import math

import numpy as np
import pytest

from bola8.errors import InputError
from bola8.physics import CUES, CueParams, PhysicsSettings, Strike, simulate_layout
from bola8.physics.api import cue_from_json, settings_from_dict
from bola8.physics.batch import simulate_batch
from bola8.physics.strike import strike_state

ALONE = {0: (0.635, 0.3)}


def launch_speed(result) -> float:
    return float(np.hypot(result.snap[0, 0, 3], result.snap[0, 0, 4]))


@pytest.mark.parametrize("name", sorted(CUES))
def test_a_centre_hit_launches_the_ball_at_tp_a30s_speed(spec, name):
    # Alciatore TP A.30: v = (1 + e) V / (1 + m/M) for a centre hit with a level cue
    cue, m = CUES[name], PhysicsSettings().ball.mass
    result = simulate_layout(spec, ALONE, Strike(8.0, 90.0, cue=name))
    assert launch_speed(result) == pytest.approx(8.0 * (1.0 + cue.tip_restitution) / (1.0 + m / cue.mass), rel=1e-12)


def test_the_named_cues_and_their_published_ranges():
    assert set(CUES) == {"playing", "break", "jump"} and CUES["playing"] == CueParams()
    assert 0.71 <= CUES["playing"].tip_restitution <= 0.75             # leather tips (Alciatore's measurements)
    assert all(0.81 <= CUES[n].tip_restitution <= 0.87 for n in ("break", "jump"))   # phenolic tips
    assert CUES["jump"].mass == pytest.approx(CUES["playing"].mass / 2.0, rel=0.01)   # "about half" (Simpson)


def test_the_break_cue_sends_the_ball_faster_and_the_jump_cue_slower(spec):
    speeds = {n: launch_speed(simulate_layout(spec, ALONE, Strike(8.0, 90.0, cue=n))) for n in CUES}
    assert speeds["jump"] < speeds["playing"] < speeds["break"]
    assert 9.8 <= speeds["playing"] < speeds["break"] <= 11.6     # inside Onoda's professional breaks (22-26 mph)


def test_a_strikes_cue_comes_before_the_settings_cue(spec):
    jump = PhysicsSettings(cue=CUES["jump"])
    by_settings = simulate_layout(spec, ALONE, Strike(4.0, 90.0, 45.0), jump)
    by_strike = simulate_layout(spec, ALONE, Strike(4.0, 90.0, 45.0, cue="jump"))
    assert np.array_equal(by_settings.snap, by_strike.snap)
    overridden = simulate_layout(spec, ALONE, Strike(4.0, 90.0, 45.0, cue="playing"), jump)
    assert not np.array_equal(overridden.snap, by_strike.snap)
    v, _ = strike_state(Strike(4.0, 90.0, 45.0), jump.ball, CUES["jump"])
    assert np.allclose(by_strike.snap[0, 0, 3:6], v) or by_strike.snap[0, 0, 5] > 0.0   # bounced off the slate


def test_at_45_degrees_only_the_jump_cue_lifts_the_ball_clear(spec):
    # a heavy cue follows through too fast: the ball, squeezed against the slate, leaves low (launch.py)
    heights = {}
    for name in ("playing", "jump"):
        result = simulate_layout(spec, ALONE, Strike(4.0, 90.0, 45.0, cue=name))
        vz = float(result.snap[0, 0, 5])
        heights[name] = vz * vz / (2.0 * 9.81)
    assert heights["playing"] < 0.02 < 0.057 < heights["jump"]      # a ball's bottom must rise 57 mm over a ball


def test_the_batch_plays_each_stroke_with_its_own_cue(spec):
    strikes = [Strike(4.0, 90.0, 45.0, cue="jump"), Strike(4.0, 90.0, 45.0), Strike(8.0, 90.0, cue="break")]
    for one, batched in zip(strikes, simulate_batch(spec, ALONE, strikes)):
        assert np.array_equal(simulate_layout(spec, ALONE, one).snap, batched.snap)


def test_a_strike_names_its_cue_in_the_contract():
    strike = Strike.from_dict({"speed": 3.0, "phi": 90.0, "theta": 45.0, "cue": "jump"})
    assert strike.cue == "jump" and strike.to_dict()["cue"] == "jump"
    assert "cue" not in Strike(3.0, 90.0).to_dict()                  # a stroke without one: as records had it
    assert Strike.from_dict(strike.to_dict()) == strike
    for bad in ("masse", 3, ""):
        with pytest.raises(InputError, match=r"strike.cue: .* is not a cue; expected one of playing, break, jump"):
            Strike.from_dict({"speed": 3.0, "phi": 90.0, "cue": bad})


def test_settings_cue_by_name_or_by_mass_and_tip():
    assert settings_from_dict({"cue": "break"}).cue == CUES["break"]
    own = settings_from_dict({"cue": {"mass": 0.5, "tip": 0.8}}).cue
    assert (own.mass, own.tip_restitution, own.end_mass) == (0.5, 0.8, CUES["playing"].end_mass)
    assert cue_from_json({"name": "jump", "mass": 0.2}) == CueParams(mass=0.2, tip_restitution=0.84)
    assert settings_from_dict({}).cue == CUES["playing"]


@pytest.mark.parametrize("raw, message", [
    ("heavy", r"settings.cue: 'heavy' is not a cue"),
    (7, r"settings.cue: expected a cue's name"),
    ({"weight": 0.5}, r"settings.cue.weight: unknown field; expected name, mass, tip"),
    ({"mass": 5.0}, r"settings.cue.mass: 5.0 is outside \(0.05, 2\]"),
    ({"tip": 1.5}, r"settings.cue.tip: 1.5 is outside \(0, 1\]"),
    ({"tip": math.nan}, r"settings.cue.tip: nan is not a finite number"),
])
def test_a_bad_settings_cue_is_refused_naming_the_field(raw, message):
    with pytest.raises(InputError, match=message):
        settings_from_dict({"cue": raw})


def test_settings_write_their_cue_as_the_contract_reads_it():
    from bola8.physics.api import settings_to_dict

    assert "cue" not in settings_to_dict(PhysicsSettings())              # the playing cue: as records had it
    for cue in (CUES["jump"], CueParams(mass=0.5, tip_restitution=0.8)):
        settings = PhysicsSettings(cue=cue)
        assert settings_from_dict(settings_to_dict(settings)) == settings
    odd = PhysicsSettings(cue=CueParams(end_mass=0.02))                   # no contract form: a record refuses it
    assert settings_from_dict(settings_to_dict(odd)) != odd
