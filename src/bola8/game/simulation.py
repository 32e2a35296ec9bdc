"""The simulator's JSON contract (docs/simulate-json.md): a request read, checked and played.

The request is a layout or a rack seed (Art. 3: ``bola8.game.racking``, so it is
read here, in the layer where physics and the rack meet), a strike and the
physics settings. ``bola8 simulate`` and the server's practice table call it;
the facts of the result come from ``bola8.game.facts``.
"""

from __future__ import annotations

from typing import Any

from bola8.errors import InputError, member
from bola8.game.racking import rack
from bola8.physics import ShotResult, Strike, simulate_layout, table_spec
from bola8.physics.api import settings_from_dict, validate_layout

REQUEST_FIELDS = ("table", "balls", "rack_seed", "strike", "settings")


def simulate_request(**request: Any) -> ShotResult:
    """The contract of docs/simulate-json.md: validate the request and play it."""
    unknown = sorted(set(request) - set(REQUEST_FIELDS))
    if unknown:
        raise InputError(f"{member('', unknown[0])}: unknown field; expected {', '.join(REQUEST_FIELDS)}.",
                         f"{member('', unknown[0])}: campo desconocido; se esperaba {', '.join(REQUEST_FIELDS)}.")
    name = request.get("table", "9ft")
    if not isinstance(name, str):
        raise InputError(f"table: {name!r} is not a table name.",
                         f"table: {name!r} no es un nombre de mesa.")
    spec = table_spec(name)
    has_balls, has_seed = "balls" in request, "rack_seed" in request
    if has_balls == has_seed:
        raise InputError("balls, rack_seed: give exactly one of them (a layout or a rack seed).",
                         "balls, rack_seed: indique exactamente uno de los dos (una posición o una semilla de rack).")
    if has_seed:
        seed = request["rack_seed"]
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise InputError(f"rack_seed: {seed!r} is not an integer.",
                             f"rack_seed: {seed!r} no es un entero.")
        balls = dict(rack(spec, seed))
        balls[0] = spec.head_spot
    else:
        balls = validate_layout(spec, request["balls"])
    if "strike" not in request:
        raise InputError("strike: missing; it is required.",
                         "strike: falta; es obligatorio.")
    strike = Strike.from_dict(request["strike"])
    return simulate_layout(spec, balls, strike, settings_from_dict(request.get("settings", {})))
