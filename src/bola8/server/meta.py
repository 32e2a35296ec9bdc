"""GET /api/meta: what the browser app offers and draws - tables with their geometry, rulesets, bots."""

from __future__ import annotations

import math
from typing import Any

from bola8 import rules
from bola8.players import bot_label
from bola8.rules.shot import REFEREE_FOULS
from bola8.server.games import BOT_LEVELS

LANGUAGES = ("es", "en")


def table_geometry(spec: Any) -> dict[str, Any]:
    """A table as the canvas draws it: the engine's own cushion noses, jaws and drop circles."""
    from bola8.physics.table import POCKET_NAMES

    g = spec.geometry
    pockets: dict[str, Any] = {}
    for index, name in enumerate(POCKET_NAMES):
        hx, hy, hr = (float(v) for v in g.holes[index])
        mx, my = (float(v) for v in g.mouths[index])
        tips = [[float(c[0]), float(c[1])] for c in g.circles if int(c[3]) == index]
        length = math.hypot(hx - mx, hy - my) or 1.0
        pockets[name] = {"hole": [hx, hy, hr], "mouth": [mx, my], "tips": tips,
                         "axis": [(hx - mx) / length, (hy - my) / length]}
    return {"length": spec.length, "width": spec.width, "ball_radius": spec.ball_radius,
            "head_string_y": spec.head_string_y, "foot_spot": list(spec.foot_spot),
            "head_spot": list(spec.head_spot), "miscue_limit": 0.5,
            "jaw_tip_radius": spec.jaw_tip_radius,
            "pockets": pockets, "segments": [[float(v) for v in row] for row in g.segments]}


def meta_dict(lang: str) -> dict[str, Any]:
    """``GET /api/meta``: the closed sets and geometry the page needs, its words in ``lang``
    (docs/server-api.md)."""
    from bola8.physics import TABLES
    from bola8.physics.params import CueParams

    tables = {name: table_geometry(spec) for name, spec in TABLES.items()}
    for table in tables.values():
        table["miscue_limit"] = CueParams().miscue_limit
    return {
        "tables": tables,
        "rulesets": list(rules.RULESETS),
        "players": ["person", *(f"bot:{level}" for level in BOT_LEVELS)],
        "bots": [{"kind": f"bot:{level}", "label": bot_label(level, lang)} for level in BOT_LEVELS],
        "pockets": list(rules.POCKETS),
        "ball_radius": TABLES["9ft"].ball_radius,
        "languages": list(LANGUAGES),
        "choices": ["accept_table", "rebreak", "respot_eight", "rerack"],
        "declarations": ["stalemate", "forfeit"],
        "referee_fouls": list(REFEREE_FOULS),
        "race_max": 99,
    }
