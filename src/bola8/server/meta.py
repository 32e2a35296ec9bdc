"""GET /api/meta: what the browser app offers and draws - tables with their geometry, rulesets, bots, and
every closed set the page shows with its names in the page's language."""

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
        # index: the pocket's number in the engine's arrays, which a jaw segment's 7th number names
        pockets[name] = {"index": index, "hole": [hx, hy, hr], "mouth": [mx, my], "tips": tips,
                         "axis": [(hx - mx) / length, (hy - my) / length]}
    return {"length": spec.length, "width": spec.width, "ball_radius": spec.ball_radius,
            "head_string_y": spec.head_string_y, "foot_spot": list(spec.foot_spot),
            "head_spot": list(spec.head_spot), "miscue_limit": 0.5,
            "jaw_tip_radius": spec.jaw_tip_radius,
            "pockets": pockets, "segments": [[float(v) for v in row] for row in g.segments]}


def meta_dict(lang: str) -> dict[str, Any]:
    """``GET /api/meta``: the closed sets and geometry the page needs, its words in ``lang``
    (docs/server-api.md). Every set comes from the library's own registry and every name from
    :data:`bola8.rules.messages.NAMES` (the coach's cushions and kinds of shot from :mod:`bola8.players.coach`, a
    tournament's formats, seedings and ways of play from :mod:`bola8.competition.names`), so the page
    holds no copy of either."""
    from bola8.competition import FORMATS, PLAYS, SEEDINGS
    from bola8.competition.names import set_names
    from bola8.game.match import MatchSettings
    from bola8.game.racking import rack
    from bola8.physics import TABLES
    from bola8.physics.params import CUE_LABELS, CUES, CueParams
    from bola8.players.coach import CUSHION_NAMES, KIND_NAMES
    from bola8.players.shots import CUSHIONS, SHOT_KINDS
    from bola8.rules.balls import GROUP_NAMES, SOLIDS, STRIPES
    from bola8.rules.declarations import DECLARATION_REASONS, DECLARATIONS
    from bola8.rules.messages import MESSAGES, name_of
    from bola8.rules.state import CHOICES, DECISIONS

    tables = {name: table_geometry(spec) for name, spec in TABLES.items()}
    for name, table in tables.items():
        table["miscue_limit"] = CueParams().miscue_limit
        # a rack as the game sets one (Art. 3, bola8.game.racking), for the practice table and the pictures
        table["rack"] = {str(ball): [round(x, 5), round(y, 5)] for ball, (x, y) in rack(TABLES[name], 0).items()}
    named = {"pockets": rules.POCKETS, "choices": CHOICES, "decisions": tuple(DECISIONS), "declarations": DECLARATIONS,
             "groups": GROUP_NAMES, "referee_fouls": REFEREE_FOULS, "rulesets": tuple(rules.RULESETS)}
    names: dict[str, dict[str, str]] = {key: {item: name_of(item, lang) for item in items} for key, items in named.items()}
    names["cushions"] = {cushion: CUSHION_NAMES[cushion][0 if lang == "es" else 1] for cushion in CUSHIONS}
    names["shot_kinds"] = {kind: KIND_NAMES[kind][0 if lang == "es" else 1] for kind in SHOT_KINDS}
    names["cues"] = {cue: CUE_LABELS[cue][0 if lang == "es" else 1] for cue in CUES}
    names |= {key: set_names(key, lang) for key in ("formats", "seedings", "plays")}
    defaults = MatchSettings()
    return {
        "tables": tables,
        "rulesets": list(rules.RULESETS),
        "players": ["person", *(f"bot:{level}" for level in BOT_LEVELS)],
        "bots": [{"kind": f"bot:{level}", "label": bot_label(level, lang)} for level in BOT_LEVELS],
        "pockets": list(rules.POCKETS),
        "ball_radius": TABLES["9ft"].ball_radius,
        "languages": list(LANGUAGES),
        "balls": {"cue": rules.CUE, "eight": rules.EIGHT, "solids": list(SOLIDS), "stripes": list(STRIPES)},
        "seats": list(rules.PLAYERS),
        "groups": list(GROUP_NAMES),
        "choices": list(CHOICES),
        "decisions": {name: list(options) for name, options in DECISIONS.items()},
        "declarations": list(DECLARATIONS),
        "referee_fouls": list(REFEREE_FOULS),
        "cushions": list(CUSHIONS),
        "shot_kinds": list(SHOT_KINDS),
        "cues": list(CUES),
        # a tournament's (bola8.competition.parameters)
        "formats": list(FORMATS),
        "seedings": list(SEEDINGS),
        "plays": list(PLAYS),
        "names": names,
        # the article each is decided by, where the page cites it: a foul's own reason, a declaration's ruling
        "articles": {"referee_fouls": {foul: MESSAGES[foul][0] for foul in REFEREE_FOULS},
                     "declarations": {what: MESSAGES[code][0] for what, code in DECLARATION_REASONS.items()}},
        "defaults": {"table": defaults.table, "ruleset": defaults.ruleset.name, "race": defaults.race},
        "race_max": 99,
    }
