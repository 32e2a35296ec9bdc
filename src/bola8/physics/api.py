"""``simulate_layout`` (the fast path) and the checks of the JSON contract's parts: a layout, the settings.

The request as a whole (a layout or a rack seed, the strike, the settings) is read by
``bola8.game.simulation``: the rack of Art. 3 belongs to the game layer.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

import numpy as np

from bola8.errors import InputError
from bola8.physics import codes as C
from bola8.physics.engine import play_stroke
from bola8.physics.params import CUES, CueParams, PhysicsSettings
from bola8.physics.result import ShotResult
from bola8.physics.strike import Strike, finite_float, not_finite_error
from bola8.physics.table import TableSpec

_DEFAULT_SETTINGS = PhysicsSettings()


def simulate_layout(spec: TableSpec, balls: dict[int, tuple[float, float]], strike: Strike,
                    settings: PhysicsSettings | None = None) -> ShotResult:
    """Play one stroke on the cue ball (ball 0) of a layout assumed valid, with the strike's named cue
    (``Strike.cue``) or else the settings' cue."""
    settings = settings or _DEFAULT_SETTINGS
    if 0 not in balls:
        raise InputError("balls: the cue ball (0) is missing.", "balls: falta la bola blanca (0).")
    numbers = tuple(sorted(balls))
    start: dict[int, tuple[float, float]] = {}
    flat: list[float] = []      # x, y, ball after ball: play_stroke's layout
    for number in numbers:
        x, y = balls[number]
        centre = start[number] = (float(x), float(y))
        flat += centre
    prm = settings.parameters(spec.cushion_height)
    g = spec.geometry
    ev_t, ev, snap, truncated = play_stroke(
        np.array(flat), float(strike.speed), float(strike.phi),
        float(strike.theta), float(strike.a), float(strike.b), settings.cue_array(strike.cue), prm, g.segments,
        g.circles, g.holes, settings.max_events, C.RECORD_TRAJECTORIES)
    return ShotResult.of_stroke(spec, start, numbers, prm, ev_t, ev, snap, bool(truncated), strike)


BALL_KEYS = tuple(str(n) for n in range(16))


def _ball_number(key: Any) -> int:
    """A ball key: the JSON strings "0".."15" exactly (or those ints from Python); nothing else."""
    if isinstance(key, bool):
        raise InputError(f"balls: {key!r} is not a ball number; expected \"0\" to \"15\".",
                         f"balls: {key!r} no es un número de bola; se esperaba de \"0\" a \"15\".")
    if isinstance(key, int):
        if not 0 <= key <= 15:
            raise InputError(f"balls.{key}: ball {key} is outside 0-15.",
                             f"balls.{key}: la bola {key} está fuera de 0-15.")
        return key
    if isinstance(key, str) and key in BALL_KEYS:
        return int(key)
    if isinstance(key, str) and key.isascii() and key.isdigit() and not key.startswith("0"):
        raise InputError(f"balls.{key}: ball {key} is outside 0-15.",
                         f"balls.{key}: la bola {key} está fuera de 0-15.")
    raise InputError(f"balls: {key!r} is not a ball number; expected \"0\" to \"15\" exactly.",
                     f"balls: {key!r} no es un número de bola; se esperaba exactamente de \"0\" a \"15\".")


def validate_layout(spec: TableSpec, raw: Any) -> dict[int, tuple[float, float]]:
    """The balls of a request (``{"0": [x, y], ...}``), each checked: a number 0-15 once, finite coordinates on
    the cloth, the cue ball among them, no two overlapping; an InputError naming the ball otherwise.
    """
    if not isinstance(raw, dict):
        raise InputError("balls: expected an object of ball number -> [x, y].",
                         "balls: se esperaba un objeto de número de bola -> [x, y].")
    balls: dict[int, tuple[float, float]] = {}
    for key, pos in raw.items():
        n = _ball_number(key)
        if n in balls:
            raise InputError(f"balls.{key}: ball {n} is given twice.",
                             f"balls.{key}: la bola {n} aparece dos veces.")
        x, y = (finite_float(pos[0]), finite_float(pos[1])) if isinstance(pos, (list, tuple)) and len(pos) == 2 \
            else (None, None)
        if x is None or y is None:
            raise InputError(f"balls.{key}: expected [x, y] with two finite numbers (metres).",
                             f"balls.{key}: se esperaba [x, y] con dos números finitos (metros).")
        if not spec.is_on_cloth(x, y):
            raise InputError(f"balls.{key}: ({x}, {y}) is off the cloth; the centre must lie within "
                             f"[R, {spec.width} - R] x [R, {spec.length} - R].",
                             f"balls.{key}: ({x}, {y}) está fuera del paño; el centro debe quedar dentro de "
                             f"[R, {spec.width} - R] x [R, {spec.length} - R].")
        balls[n] = (x, y)
    if 0 not in balls:
        raise InputError("balls: the cue ball (0) is missing.",
                         "balls: falta la bola blanca (0).")
    numbers = sorted(balls)
    limit = 2.0 * spec.ball_radius - 1e-9
    for a_i, a in enumerate(numbers):
        for b in numbers[a_i + 1:]:
            if math.dist(balls[a], balls[b]) < limit:
                raise InputError(f"balls.{b}: ball {b} overlaps ball {a} (centres "
                                 f"{math.dist(balls[a], balls[b]):.6f} m apart, less than 2R).",
                                 f"balls.{b}: la bola {b} se solapa con la bola {a} (centros a "
                                 f"{math.dist(balls[a], balls[b]):.6f} m, menos de 2R).")
    return balls


# The models a request may choose (an extension of the contract: models are settings), and the cue.
SETTINGS_FIELDS = ("cushion_model", "stronge_omega_ratio", "cue")
CUE_FIELDS = ("name", "mass", "tip")


def cue_from_json(raw: Any) -> CueParams:
    """``settings.cue``: a named cue ("playing", "break", "jump": ``params.CUES``), or an object with any of
    ``name`` (the cue it starts from, "playing" by default), ``mass`` (kg) and ``tip`` (the tip's
    restitution, 0-1) - a cue of one's own."""
    if isinstance(raw, str):
        if raw not in CUES:
            raise InputError(f"settings.cue: {raw!r} is not a cue; expected one of {', '.join(CUES)} or an object "
                             f"with {', '.join(CUE_FIELDS)}.",
                             f"settings.cue: {raw!r} no es un taco; se esperaba uno de {', '.join(CUES)} o un "
                             f"objeto con {', '.join(CUE_FIELDS)}.")
        return CUES[raw]
    if not isinstance(raw, dict):
        raise InputError(f"settings.cue: expected a cue's name ({', '.join(CUES)}) or an object with "
                         f"{', '.join(CUE_FIELDS)}.",
                         f"settings.cue: se esperaba el nombre de un taco ({', '.join(CUES)}) o un objeto con "
                         f"{', '.join(CUE_FIELDS)}.")
    unknown = sorted(set(raw) - set(CUE_FIELDS))
    if unknown:
        raise InputError(f"settings.cue.{unknown[0]}: unknown field; expected {', '.join(CUE_FIELDS)}.",
                         f"settings.cue.{unknown[0]}: campo desconocido; se esperaba {', '.join(CUE_FIELDS)}.")
    base = cue_from_json(raw.get("name", "playing"))
    changes: dict[str, float] = {}
    for key, field_name in (("mass", "mass"), ("tip", "tip_restitution")):
        if key in raw:
            value = finite_float(raw[key])
            if value is None:
                raise not_finite_error(f"settings.cue.{key}", raw[key])
            changes[field_name] = value
    if not changes:
        return base
    try:
        return replace(base, **changes)
    except InputError as error:     # CueParams names its own field; the contract calls the restitution "tip"
        raise InputError(error.en.replace("cue.tip_restitution", "cue.tip"),
                         error.es.replace("cue.tip_restitution", "cue.tip")) from None


def cue_to_json(cue: CueParams) -> str | dict[str, float]:
    """``settings.cue``'s form of a cue: its name when it is a named cue, else its mass and tip (a cue whose
    end mass or miscue limit differ from the playing cue's has no such form: ``cue_from_json`` of it differs)."""
    for name, named in CUES.items():
        if named == cue:
            return name
    return {"mass": cue.mass, "tip": cue.tip_restitution}


def settings_to_dict(settings: PhysicsSettings) -> dict[str, Any]:
    """The contract's ``settings`` of these settings (what ``settings_from_dict`` reads back); the cue only
    when it is not the playing cue, so settings without one write as they always did."""
    data: dict[str, Any] = {"cushion_model": settings.cushion_model,
                            "stronge_omega_ratio": settings.stronge_omega_ratio}
    if settings.cue != CUES["playing"]:
        data["cue"] = cue_to_json(settings.cue)
    return data


def settings_from_dict(data: Any) -> PhysicsSettings:
    """``settings`` of a request: the cushion model and its parameter, the cue; the rest stay the defaults."""
    if not isinstance(data, dict):
        raise InputError("settings: expected an object such as {\"cushion_model\": \"stronge\"}.",
                         "settings: se esperaba un objeto como {\"cushion_model\": \"stronge\"}.")
    unknown = sorted(set(data) - set(SETTINGS_FIELDS))
    if unknown:
        raise InputError(f"settings.{unknown[0]}: unknown field; expected {', '.join(SETTINGS_FIELDS)}.",
                         f"settings.{unknown[0]}: campo desconocido; se esperaba {', '.join(SETTINGS_FIELDS)}.")
    if not data:
        return _DEFAULT_SETTINGS
    model = data.get("cushion_model", _DEFAULT_SETTINGS.cushion_model)
    if not isinstance(model, str):
        raise InputError(f"settings.cushion_model: {model!r} is not a model name.",
                         f"settings.cushion_model: {model!r} no es un nombre de modelo.")
    ratio = data.get("stronge_omega_ratio", _DEFAULT_SETTINGS.stronge_omega_ratio)
    value = finite_float(ratio)
    if value is None:
        raise not_finite_error("settings.stronge_omega_ratio", ratio)
    cue = cue_from_json(data["cue"]) if "cue" in data else _DEFAULT_SETTINGS.cue
    return PhysicsSettings(cushion_model=model, stronge_omega_ratio=value, cue=cue)
