"""The physical checks every registered contact model must pass (bola8.physics.models).

Each test runs for every model in the registry: a new model is checked by adding it there.
"""

from __future__ import annotations

import importlib
import math
import random

import numpy as np
import pytest

from bola8.errors import InputError
from bola8.physics import PhysicsSettings, table_spec
from bola8.physics import codes as C
from bola8.physics.ball_ball import resolve_ball_ball
from bola8.physics.cushion import resolve_cushion
from bola8.physics.models import BALL_MODELS, CUSHION_MODELS, names

from tests.physics.helpers import play

pytestmark = pytest.mark.own_kernels   # the collision models alone (ball_ball.resolve_ball_ball, cushion.resolve_cushion): compiled by its first call

SPEC = table_spec("9ft")
R = SPEC.ball_radius


def _energy(rows, prm):
    m, r = prm[C.P_M], prm[C.P_R]
    return sum(0.5 * m * float(b[1] @ b[1]) + 0.2 * m * r * r * float(b[2] @ b[2]) for b in rows)


def test_the_registry_gives_each_model_its_own_id_and_a_module():
    for models in (CUSHION_MODELS, BALL_MODELS):
        assert sorted(m.id for m in models) == list(range(len(models)))
        assert len(set(names(models))) == len(models)
        for m in models:
            assert importlib.import_module(f"bola8.physics.models.{m.name}").__doc__.startswith(
                f'Cushion model "{m.name}"' if models is CUSHION_MODELS else f'Ball-ball model "{m.name}"')
            assert m.params and m.summary


def test_the_settings_refuse_an_unregistered_model():
    with pytest.raises(InputError, match="settings.cushion_model"):
        PhysicsSettings(cushion_model="pooltool")
    with pytest.raises(InputError, match="settings.ball_model"):
        PhysicsSettings(ball_model="sticky")


@pytest.mark.parametrize("model", CUSHION_MODELS, ids=lambda m: m.name)
def test_the_cushion_dispatch_reaches_the_models_own_rebound(model):
    # the kernel called by id gives what the model's module gives: a registered model without its
    # branch in models.dispatch would fall through to another model and fail here
    rebound = importlib.import_module(f"bola8.physics.models.{model.name}").rebound
    prm = PhysicsSettings(cushion_model=model.name).as_array(SPEC.cushion_height)
    assert prm[C.P_MODEL] == model.id
    rng = random.Random(model.id)
    for _ in range(20):
        v0, v1 = rng.uniform(0.2, 4.0), rng.uniform(-2.0, 2.0)
        w0, w1, w2 = (rng.uniform(-100.0, 100.0) for _ in range(3))
        b = np.zeros((3, 3))
        # cushion normal (0, -1): the frame's e1 = (0, 1), e2 = (-1, 0)
        b[1, 0], b[1, 1] = -v1, v0
        b[2, 0], b[2, 1], b[2, 2] = -w1, w0, w2
        resolve_cushion(b, 0.0, -1.0, prm, math.inf)
        n0, n1, m0, m1, m2 = rebound(v0, v1, 0.0, w0, w1, w2, prm)
        assert (b[1, 1], -b[1, 0], b[2, 1], -b[2, 0], b[2, 2]) == (min(n0, 0.0), n1, m0, m1, m2)


@pytest.mark.parametrize("model", names(CUSHION_MODELS))
def test_a_cushion_hit_never_adds_energy_and_always_sends_the_ball_back(model):
    prm = PhysicsSettings(cushion_model=model).as_array(SPEC.cushion_height)
    rng = random.Random(3)
    for _ in range(300):
        b = np.zeros((3, 3))
        b[1, 0], b[1, 1] = rng.uniform(-3.0, 3.0), rng.uniform(0.05, 6.0)
        b[2] = [rng.uniform(-200.0, 200.0) for _ in range(3)]
        before = _energy([b], prm)
        resolve_cushion(b, 0.0, -1.0, prm, math.inf)
        assert _energy([b], prm) <= before * (1.0 + 1e-12)
        assert b[1, 1] <= 0.0


@pytest.mark.parametrize("model", names(BALL_MODELS))
def test_a_ball_ball_collision_keeps_momentum_and_never_adds_energy(model):
    prm = PhysicsSettings(ball_model=model).as_array(SPEC.cushion_height)
    assert prm[C.P_BALL_MODEL] == dict(zip(names(BALL_MODELS), (m.id for m in BALL_MODELS)))[model]
    rng = random.Random(5)
    for _ in range(300):
        a, b = np.zeros((3, 3)), np.zeros((3, 3))
        ang = rng.uniform(0.0, 2.0 * math.pi)
        b[0, :2] = (2.0 * R * math.cos(ang), 2.0 * R * math.sin(ang))
        a[1, :2] = (rng.uniform(0.5, 5.0) * math.cos(ang + rng.uniform(-1.4, 1.4)),
                    rng.uniform(0.5, 5.0) * math.sin(ang + rng.uniform(-1.4, 1.4)))
        a[2] = [rng.uniform(-150.0, 150.0) for _ in range(3)]
        b[1, :2] = (rng.uniform(-0.5, 0.5), rng.uniform(-0.5, 0.5))
        p_before = a[1] + b[1]
        e_before = _energy([a, b], prm)
        resolve_ball_ball(a, b, prm, math.inf, False)
        # momentum across the cloth is kept; the friction's vertical part lifts one ball (the cloth takes the other's)
        np.testing.assert_allclose(a[1, :2] + b[1, :2], p_before[:2], atol=1e-12)
        assert a[1, 2] >= 0.0 and b[1, 2] >= 0.0 and a[1, 2] * b[1, 2] == 0.0
        assert _energy([a, b], prm) <= e_before * (1.0 + 1e-12)


@pytest.mark.parametrize("model", names(BALL_MODELS))
def test_a_cut_shot_sends_the_object_ball_within_a_few_degrees_of_the_line_of_centres(model):
    # throw is at most ~5 degrees (Alciatore TP A-14); a frictionless ball leaves exactly on the line
    cue, obj = (0.6, 0.8), (0.6 + 2 * R * math.cos(math.radians(60)), 1.2)
    ghost = (obj[0] - 2 * R * math.cos(math.radians(60)), obj[1] - 2 * R * math.sin(math.radians(60)))
    phi = math.degrees(math.atan2(ghost[1] - cue[1], ghost[0] - cue[0]))
    r = play(SPEC, {0: cue, 1: obj}, 2.0, phi, settings=PhysicsSettings(ball_model=model))
    k = next(k for k, e in enumerate(r.events) if e.type == "ball_ball")
    vx, vy = r.snap[k, 1, 3], r.snap[k, 1, 4]
    departure = math.degrees(math.atan2(vy, vx))
    line = math.degrees(math.atan2(obj[1] - r.snap[k, 0, 1], obj[0] - r.snap[k, 0, 0]))
    if model == "frictionless":
        assert departure == pytest.approx(line, abs=1e-6)
    else:
        assert 0.1 < abs(departure - line) < 5.0
