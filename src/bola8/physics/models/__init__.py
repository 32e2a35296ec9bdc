"""The registry of contact models: name -> integer id and the settings each reads.

A model is one module of this package with one kernel (``rebound`` for a
cushion model, ``tangential_impulse`` for a ball-ball model). The kernels
are dispatched on the integer id inside numba (``models.dispatch``, a chain
of comparisons that numba compiles to a jump on a constant); the id travels
in the parameter vector (``codes.P_MODEL``, ``codes.P_BALL_MODEL``).

Adding a model: its module here, one ``Model`` line below and its branch in
``dispatch``; ``tests/physics`` then runs the shared physical checks on it
(every test that loops over ``CUSHION_MODELS`` or ``BALL_MODELS``).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Model:
    """A registered model: its name in the settings, its id in the kernel, the settings it reads."""

    name: str
    id: int
    params: tuple[str, ...]   # PhysicsSettings / BallParams fields it reads besides radius, mass and gravity
    summary: str


CUSHION_MODELS: tuple[Model, ...] = (
    Model("mathavan2010", 0, ("ball.e_cushion", "ball.mu_cushion", "ball.mu_slide", "mathavan_steps"),
          "Mathavan, Jackson & Parkin 2010: impulse integrated over compression and restitution"),
    Model("han2005", 1, ("ball.e_cushion", "ball.mu_cushion"),
          "Han 2005: one rigid impulse at the nose, Coulomb friction (stick test with mu, pooltool PR #247)"),
    Model("stronge", 2, ("ball.e_cushion", "ball.mu_cushion", "stronge_omega_ratio"),
          "Stronge: compliant impact, normal and tangential springs at the nose"),
)

BALL_MODELS: tuple[Model, ...] = (
    Model("frictional", 0, ("ball.e_ball", "ball.throw_a", "ball.throw_b", "ball.throw_c"),
          "restitution and slip-speed-dependent friction at the contact (Alciatore TP A-14): throw"),
    Model("frictionless", 1, ("ball.e_ball",),
          "restitution only, no friction between the balls: the textbook collision without throw"),
)


def by_name(models: tuple[Model, ...], name: str) -> Model | None:
    """The model of ``models`` called ``name``, or None."""
    for model in models:
        if model.name == name:
            return model
    return None


def names(models: tuple[Model, ...]) -> tuple[str, ...]:
    """The names of ``models``, in registry order."""
    return tuple(model.name for model in models)
