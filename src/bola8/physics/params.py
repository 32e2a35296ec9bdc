"""Ball, cue and model parameters as data, with the default set and its sources.

Every number the engine uses lives here (or in :mod:`bola8.physics.table`);
the numba kernel receives them as one flat float array built by
:func:`PhysicsSettings.as_array`, so switching a model is a setting, never a
second copy of the event loop.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from bola8.physics import models
from bola8.physics.models import Model, by_name, names

CUSHION_MODELS = names(models.CUSHION_MODELS)   # the names a setting accepts (the registry: bola8.physics.models)
BALL_MODELS = names(models.BALL_MODELS)


@dataclass(frozen=True)
class BallParams:
    """Pool ball and cloth.

    - ``radius`` 0.028575 m, ``mass`` 0.170 kg: WPA equipment specifications
      (2.25 in, 5.5-6 oz); pooltool uses 0.170097 kg.
    - ``mu_slide`` 0.2, ``mu_roll`` 0.01: Alciatore's "physical properties"
      page (sliding 0.15-0.4, typically 0.2; rolling resistance 0.005-0.015);
      same values as pooltool and FastFiz (FastFiz rolls at 0.015).
    - ``mu_spin`` 0.0117: chosen so that a spinning ball decelerates at
      10 rad/s^2 (Alciatore: 5-15 rad/s^2); decel = 5 mu_spin g / (2 R).
    - ``e_ball`` 0.95: ball-ball restitution (Alciatore 0.92-0.98; pooltool 0.95).
    - ``throw_a/b/c``: ball-ball friction as a function of the relative slip
      speed at the contact, mu = a + b exp(-c v) (Alciatore TP A-14).
    - ``e_cushion`` 0.85, ``mu_cushion`` 0.14: cushion restitution and
      ball-cushion friction. The friction is Mathavan et al.'s (2010); they
      fitted it together with e = 0.98, and we do not take their e: in their
      model (and in Han's and Stronge's) the friction at the nose and at the
      cloth takes energy too, so e is not the ball's rebound ratio. With
      e = 0.98 a ball hitting a cushion square comes back at 0.90 (stun) to
      0.96 (rolling) of its speed in our Mathavan model, above the measured
      range for pool rails (Alciatore: rail e 0.6-0.9); with 0.85 (pooltool's
      value) it comes back at 0.78-0.85 (Mathavan) and 0.74-0.78 (Han,
      Stronge), inside it (tests/physics/test_shots.py). So 0.85 is the
      default, used with Mathavan's 0.14 knowingly (the research notes hold
      no measurement of both together on a pool table).
    - ``e_table`` 0.6: ball-table (cloth on slate) restitution, the ratio of a
      ball's vertical speed after a bounce on the slate to before it.
      Alciatore, TP B.10 "Draw shot cue elevation effects" (typical value,
      used there for the bounces of a cue ball struck with an elevated cue);
      his "physical properties" page gives 0.5, pooltool 0.5. The friction
      during a bounce is ``mu_slide`` (TP B.10).
    - ``gravity`` 9.81 m/s^2.
    """

    radius: float = 0.028575
    mass: float = 0.170
    mu_slide: float = 0.2
    mu_roll: float = 0.01
    mu_spin: float = 0.0117
    e_ball: float = 0.95
    throw_a: float = 0.00995
    throw_b: float = 0.108
    throw_c: float = 1.088
    e_cushion: float = 0.85
    mu_cushion: float = 0.14
    gravity: float = 9.81
    e_table: float = 0.6


@dataclass(frozen=True)
class CueParams:
    """The cue stick (Alciatore TP A-30 and A-31).

    - ``mass`` 0.567 kg (a 20 oz cue).
    - ``tip_restitution`` 0.75: leather tip efficiency (Alciatore 0.71-0.75);
      ball speed for a centre hit is (1 + e) V / (1 + m/M).
    - ``end_mass`` 0.0085 kg: effective end mass of the shaft that sets squirt
      (TP A-31; a typical shaft gives 1-3 degrees at half-tip English).
    - ``miscue_limit`` 0.5: a tip offset sqrt(a^2 + b^2) beyond this fraction
      of the radius miscues (Alciatore's miscue limit is about half the radius).
    """

    mass: float = 0.567
    tip_restitution: float = 0.75
    end_mass: float = 0.0085
    miscue_limit: float = 0.5

    def __post_init__(self) -> None:
        for name, low, high in (("mass", 0.05, 2.0), ("tip_restitution", 0.0, 1.0), ("end_mass", 0.0005, 0.1),
                                ("miscue_limit", 0.05, 0.95)):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not low < value <= high:
                from bola8.errors import InputError

                raise InputError(f"settings.cue.{name}: {value!r} is outside ({low:g}, {high:g}].",
                                 f"settings.cue.{name}: {value!r} está fuera de ({low:g}, {high:g}].")


# The cues a stroke may be played with, by name (``Strike.cue``, ``settings.cue`` of the JSON contract).
# Tip restitution: Alciatore's "cue tip efficiency" FAQ measured 0.71-0.75 for playing cues with
# medium leather tips and 0.81-0.87 for jump and break cues with phenolic tips (0.84 is that range's
# middle). Masses: a 20 oz playing cue; a 19 oz break cue (Alciatore's "optimal cue weight": break cues
# of 18-21 oz); a jump cue "about half of what a regular cue weighs" (Simpson, "Let's get jumping",
# 2000), 10 oz. No shaft end mass is published for break or jump cues: they keep the playing shaft's.
CUES: dict[str, CueParams] = {
    "playing": CueParams(),
    "break": CueParams(mass=0.539, tip_restitution=0.84),
    "jump": CueParams(mass=0.283, tip_restitution=0.84),
}
CUE_NAMES = tuple(CUES)
# Each named cue as a player says it, in Spanish and English, after the word for "cue" ("taco de
# salto", "jump cue"): the browser app's chooser shows these (GET /api/meta), never its own copy.
CUE_LABELS: dict[str, tuple[str, str]] = {"playing": ("de juego", "playing"), "break": ("de salida", "break"),
                                          "jump": ("de salto", "jump")}


@dataclass(frozen=True)
class PhysicsSettings:
    """Models and numerical guards of one simulation.

    - ``cushion_model``: "mathavan2010" (Mathavan, Jackson and Parkin 2010,
      Proc. IMechE C 224(9): impulse integrated over compression and
      restitution with friction at the cushion and at the cloth) or "han2005"
      (Han 2005, J. Mech. Sci. Technol., closed form, with the stick/slip test
      corrected to include the friction coefficient, as pooltool PR #247), or
      "stronge" (Stronge's compliant impact, Impact Mechanics ch. 5: normal
      and tangential springs at the contact, so spin can come back off the
      cushion reversed; pooltool's default since 0.6.0; see
      ``bola8.physics.models.stronge``).
      The registered models and the settings each reads: ``bola8.physics.models``.
      Mathavan 2010 is the default from the evidence in docs/fidelity.md
      (``benchmarks/bench_fidelity.py``): all three meet the published rail
      statements (restitution, speed kept, the post-rebound curve, english's
      signs), Mathavan's is the one fitted to measured impacts and the one
      whose running english still lengthens the rebound at 40 degrees; Han
      and Stronge give the same rebound for a rolling ball, and Stronge's own
      effect (a stunned ball near square coming off shorter) has no measured
      size to check it against.
    - ``ball_model``: "frictional" (restitution and slip-dependent friction
      between the balls, so cut- and spin-induced throw; Alciatore TP A-14)
      or "frictionless" (restitution only: the ideal collision, no throw).
      Set from Python; the JSON contract's settings keep the default.
    - ``stronge_omega_ratio`` 1.8: the compliant model's ratio of tangential
      to normal contact frequency, in (1, 2) (pooltool's omega_ratio 1.8;
      tailuge's billiards uses 1.76). Its product with the cushion
      restitution must exceed 1 (checked), the range where the closed-form
      phases hold; there they agree with a direct integration of the spring
      and slider to 1e-8 (tests/physics/test_stronge.py).
    - ``mathavan_steps`` 60: implicit integration steps of the Mathavan impulse (``models.mathavan2010``).
    - ``chatter_time`` 0.02 s and ``min_normal_speed`` 0.05 m/s: the
      anti-chatter guard (``chatter.chatter_speed``). Chatter is one contact
      repeating within a tiny time: a ball pressed against a cushion by its
      spin, two balls pressed together (one pushing the other, or two slow
      rolling balls whose rolling resistance points into each other). Each
      rebound brings them back, and with a restitution below 1 the rebounds
      shrink geometrically and the contacts pile up towards one instant (a
      Zeno sequence: 2,231 cushion contacts for a masse off a frozen ball, 470
      contacts of two slow rolling balls after a break). Every contact is
      resolved with the model's own restitution. Only when the same two
      (ball and ball, or ball and cushion face) touch again less than
      ``chatter_time`` after their last contact, and part slower than the
      guard asks, does the guard act: having come back at v after a time dt,
      they are pressed with about 2 v / dt, so they are sent apart at
      v chatter_time / dt (at most ``min_normal_speed``), which brings them
      back after about ``chatter_time``. The added normal speed (momentum
      kept) is paid for by scaling down the rest of their motion - spins
      and relative velocity across the normal, or for a cushion the speed
      along it and the spin - so the energy never rises; if that motion
      cannot pay, the contact stays as the model left it. A pressed ball
      then hops off the cushion or the other ball by about
      a chatter_time^2 / 8 for a pressing acceleration a (micrometres for two
      rolling balls, under 0.7 mm for a ball sliding into a cushion, where
      the cap binds). A first contact, however slow (a ball
      rolling 0.15 deg into a rail, a very thin cut), keeps its restitution.
      Measured on 450 random breaks: events per break p99 1,325 and max
      2,216 before, about 216 and 246 with the guard.
      At every collision the balls are also put back at contact distance +
      1e-9 m (rounding may leave them overlapping by less), so a grazing
      contact cannot be found "now" again.
    - ``settle_height`` 0.0005 m: a ball that would rise less than this off
      the slate (after a bounce, or lifted by a contact) stays on the cloth:
      its vertical speed below sqrt(2 g settle_height) (0.099 m/s) is taken
      by the cloth. Hops of a fraction of a millimetre are within the cloth's
      give and change nothing a player sees; TP B.10 likewise ends its
      bounce sequence once a hop is under 0.1 in or 1 degree. Without it a
      bouncing ball would make a geometric series of ever smaller bounces.
    - ``max_events`` 20000: a safety cap; past it the balls are stopped where
      they are and the result says ``truncated``.
    - The miscue (tip offset beyond ``cue.miscue_limit``) is reported as the
      event "miscue" and the cue ball is not moved at all (our choice).
    """

    ball: BallParams = field(default_factory=BallParams)
    cue: CueParams = field(default_factory=CueParams)
    cushion_model: str = "mathavan2010"
    mathavan_steps: int = 60
    min_normal_speed: float = 0.05
    chatter_time: float = 0.02
    max_events: int = 20000
    stronge_omega_ratio: float = 1.8
    ball_model: str = "frictional"
    settle_height: float = 0.0005

    def __post_init__(self) -> None:
        for field_name, accepted in (("cushion_model", CUSHION_MODELS), ("ball_model", BALL_MODELS)):
            value = getattr(self, field_name)
            if not isinstance(value, str) or value not in accepted:
                from bola8.errors import InputError

                raise InputError(f"settings.{field_name}: {value!r} is not a model; "
                                 f"expected one of {', '.join(accepted)}.",
                                 f"settings.{field_name}: {value!r} no es un modelo; "
                                 f"se esperaba uno de {', '.join(accepted)}.")
        if not 1.0 < self.stronge_omega_ratio < 2.0:
            from bola8.errors import InputError

            raise InputError(f"settings.stronge_omega_ratio: {self.stronge_omega_ratio!r} is outside (1, 2).",
                             f"settings.stronge_omega_ratio: {self.stronge_omega_ratio!r} está fuera de (1, 2).")
        if self.cushion_model == "stronge" and self.stronge_omega_ratio * self.ball.e_cushion <= 1.0:
            from bola8.errors import InputError

            # below it the contact's slip speed rises again during restitution and the
            # three-phase solution of bola8.physics.models.stronge no longer holds
            raise InputError(f"settings.stronge_omega_ratio: {self.stronge_omega_ratio!r} times the cushion "
                             f"restitution {self.ball.e_cushion!r} must exceed 1 for the compliant model.",
                             f"settings.stronge_omega_ratio: {self.stronge_omega_ratio!r} por la restitución de la "
                             f"banda {self.ball.e_cushion!r} debe superar 1 en el modelo deformable.")

    def cue_of(self, name: str | None) -> CueParams:
        """The cue a stroke is played with: the named one (``CUES``), or these settings' cue for None."""
        return self.cue if name is None else CUES[name]

    def cue_array(self, name: str | None) -> np.ndarray:
        """``cue_of(name)`` as the kernels read it: (mass, tip restitution, end mass, miscue limit), built
        once per settings and name (shared: never written)."""
        try:    # (the common case first: one look-up, every stroke pays it)
            found: np.ndarray = self.__dict__["_cue_arrays"][name]
            return found
        except KeyError:
            cache: dict[str | None, np.ndarray] = self.__dict__.setdefault("_cue_arrays", {})
            cue = self.cue_of(name)
            found = cache[name] = np.array([cue.mass, cue.tip_restitution, cue.end_mass, cue.miscue_limit])
            return found

    def parameters(self, cushion_height: float) -> np.ndarray:
        """``as_array(cushion_height)``, built once per settings and table: every simulation with these
        settings reads the same array (shared: never written, by the kernels or by anyone else)."""
        try:    # (the common case first: one look-up, every stroke pays it)
            found: np.ndarray = self.__dict__["_parameters"][cushion_height]
            return found
        except KeyError:
            cache: dict[float, np.ndarray] = self.__dict__.setdefault("_parameters", {})
            found = cache[cushion_height] = self.as_array(cushion_height)
            return found

    def as_array(self, cushion_height: float) -> np.ndarray:
        """The flat parameter vector the kernel reads (indices in ``codes.P_*``)."""
        b = self.ball
        sin_theta = cushion_height / b.radius - 1.0
        return np.array([
            b.radius, b.mass, b.mu_slide, b.mu_roll, b.mu_spin, b.gravity, b.e_ball,
            b.throw_a, b.throw_b, b.throw_c, b.e_cushion, b.mu_cushion, sin_theta,
            float(self._model_id(models.CUSHION_MODELS, self.cushion_model)), float(self.mathavan_steps),
            self.min_normal_speed, self.stronge_omega_ratio, self.chatter_time,
            float(self._model_id(models.BALL_MODELS, self.ball_model)),
            b.e_table, float(np.sqrt(2.0 * b.gravity * self.settle_height)),
        ], dtype=np.float64)

    @staticmethod
    def _model_id(models: tuple[Model, ...], name: str) -> int:
        model = by_name(models, name)
        if model is None:   # refused by __post_init__ already
            raise ValueError(name)
        return model.id
