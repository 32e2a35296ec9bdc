"""A game at any position: the referee's state and where the balls lie, checked against each other.

A coach, a puzzle or a test asks about a position that no match played up to:
:func:`game_at` builds the :class:`~bola8.game.Game` of it, and
:func:`read_position` reads one from JSON (``bola8 advise``). Both refuse a
position the two halves disagree on - a ball the state puts on the table with
no place, a ball placed that the state says is down, no cue ball when it is not
in hand - with one sentence naming the field. A cue ball in hand is not on the
table: its place, if given, is dropped, and the game waits for it to be placed.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from bola8 import rules
from bola8.errors import InputError
from bola8.game.game import Game
from bola8.game.layout import Point, freeze
from bola8.rules.balls import CUE

if TYPE_CHECKING:
    from bola8.physics import PhysicsSettings, TableSpec

POSITION_FIELDS = ("table", "state", "balls", "rack_seed", "settings")


def game_at(table: str, state: rules.State, balls: dict[int, Point], *, ruleset: rules.Ruleset | None = None,
            physics: PhysicsSettings | None = None) -> Game:
    """The game at this position (``balls`` assumed on the cloth and apart; see the module for the checks)."""
    from bola8.physics import table_spec

    spec = table_spec(table)
    settings = ruleset if ruleset is not None else rules.get_ruleset(state.ruleset)
    layout = dict(balls)
    if state.cue_ball != "on_table":
        layout.pop(CUE, None)
    elif CUE not in layout and state.phase != "over":
        raise InputError("balls.0: the cue ball is missing; the state has it on the table (cue_ball: on_table).",
                         "balls.0: falta la bola blanca; el estado la tiene sobre la mesa (cue_ball: on_table).")
    on_table = set(state.on_table)
    for ball in sorted(b for b in layout if b != CUE):
        if ball not in on_table:
            raise InputError(f"balls.{ball}: ball {ball} is not on the table in the state (state.on_table).",
                             f"balls.{ball}: la bola {ball} no está sobre la mesa según el estado (state.on_table).")
    for ball in sorted(on_table):
        if ball not in layout:
            raise InputError(f"balls.{ball}: ball {ball} is on the table in the state but has no place.",
                             f"balls.{ball}: la bola {ball} está sobre la mesa según el estado pero no tiene posición.")
    return Game(spec=spec, state=state, balls=freeze(layout), physics=physics, ruleset=settings)


def table_named(name: Any) -> TableSpec:
    """The table preset called ``name`` in the physics' registry (``bola8.physics.TABLES``), or an
    InputError naming the field ``table``: the one check of a table's name for every reader of one."""
    from bola8.physics import table_spec

    if not isinstance(name, str):
        raise InputError(f"table: {name!r} is not a table name.", f"table: {name!r} no es un nombre de mesa.")
    return table_spec(name)


def read_position(request: dict[str, Any]) -> Game:
    """The game of a JSON position: ``table``, ``state`` (the referee's STATE), ``balls`` or ``rack_seed``
    (on the break), ``settings`` (physics, as ``bola8 simulate`` takes them). Other keys are the caller's."""
    from bola8.game.racking import rack
    from bola8.physics.api import settings_from_dict, validate_layout

    spec = table_named(request.get("table", "9ft"))
    if "state" not in request:
        raise InputError("state: required field is missing.", "state: falta este campo obligatorio.")
    state = rules.State.from_dict(request["state"], "state")
    rules.check_consistent(state, "state")
    has_balls, has_seed = "balls" in request, "rack_seed" in request
    if has_seed:
        if has_balls:
            raise InputError("balls, rack_seed: give one of them, not both.",
                             "balls, rack_seed: indique uno de los dos, no ambos.")
        if state.phase != "break":
            raise InputError("rack_seed: a rack is only where a break is due (state.phase: break).",
                             "rack_seed: solo hay triángulo cuando toca el saque (state.phase: break).")
        seed = request["rack_seed"]
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise InputError(f"rack_seed: {seed!r} is not an integer.", f"rack_seed: {seed!r} no es un entero.")
        layout = dict(rack(spec, seed))
    elif has_balls:
        raw = request["balls"]
        in_hand = state.cue_ball != "on_table"
        if isinstance(raw, dict) and in_hand and "0" not in raw:
            spot = _free_spot(spec, raw)       # a stand-in cue ball so the layout's checks run; dropped below
            layout = validate_layout(spec, {**raw, "0": list(spot)})
            layout.pop(CUE)
        else:
            layout = validate_layout(spec, raw)
    else:
        raise InputError("balls: required field is missing (or rack_seed, on the break).",
                         "balls: falta este campo obligatorio (o rack_seed, en el saque).")
    physics = settings_from_dict(request.get("settings", {}))
    return game_at(spec.name, state, layout, physics=physics)


def _free_spot(spec: Any, raw: dict[str, Any]) -> Point:
    """A point on the cloth clear of every well-formed place in ``raw`` (the others are refused anyway)."""
    taken = [tuple(v) for v in raw.values()
             if isinstance(v, (list, tuple)) and len(v) == 2 and all(isinstance(c, (int, float)) for c in v)]
    r = spec.ball_radius
    for i in range(1, 30):
        for j in range(1, 15):
            spot = (spec.width * j / 15.0, spec.length * i / 30.0)
            if all(math.dist(spot, t) >= 2.0 * r for t in taken if all(math.isfinite(c) for c in t)):
                return spot
    return (r, r)
