"""GET /api/meta serves every closed set the page shows from the library's own registry, and every
member's name in the language asked - the page keeps no copy (tests/e2e/test_static_files.py)."""

from __future__ import annotations

import pytest

from bola8 import rules
from bola8.competition import FORMATS, PLAYS, SEEDINGS
from bola8.game.match import MatchSettings
from bola8.physics import CUES, TABLES
from bola8.players.shots import CUSHIONS, SHOT_KINDS
from bola8.rules.balls import GROUP_NAMES
from bola8.rules.declarations import DECLARATIONS
from bola8.rules.messages import MESSAGES
from bola8.rules.shot import REFEREE_FOULS
from bola8.rules.state import CHOICES, DECISIONS

# each closed set the page names, as /api/meta lists it, and its registry in the library
REGISTRIES = {
    "pockets": rules.POCKETS, "choices": CHOICES, "declarations": DECLARATIONS, "groups": GROUP_NAMES,
    "referee_fouls": REFEREE_FOULS, "rulesets": tuple(rules.RULESETS), "cushions": CUSHIONS, "cues": tuple(CUES),
    "shot_kinds": SHOT_KINDS,
    "formats": FORMATS, "seedings": SEEDINGS, "plays": PLAYS,
}


@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_closed_set_comes_from_its_registry_with_a_name_for_each_member(client, lang: str) -> None:
    meta = client.get(f"/api/meta?lang={lang}").json()
    for key, registry in REGISTRIES.items():
        assert meta[key] == list(registry), key
        names = meta["names"][key]
        assert list(names) == list(registry), key
        for member, name in names.items():
            # a word for people; in Spanish never the identifier passed through for want of a translation
            assert isinstance(name, str) and name.strip() and (lang == "en" or name != member), (key, member, name)
    assert meta["decisions"] == {name: list(options) for name, options in DECISIONS.items()}
    assert list(meta["names"]["decisions"]) == list(DECISIONS)
    assert sorted(option for options in DECISIONS.values() for option in options) == sorted(CHOICES)
    assert meta["balls"] == {"cue": rules.CUE, "eight": rules.EIGHT, "solids": list(rules.SOLIDS),
                             "stripes": list(rules.STRIPES)}
    assert meta["seats"] == list(rules.PLAYERS) and set(meta["tables"]) == set(TABLES)
    defaults = MatchSettings()
    assert meta["defaults"] == {"table": defaults.table, "ruleset": defaults.ruleset.name, "race": defaults.race}


def test_the_names_are_in_the_language_asked(client) -> None:
    es, en = (client.get(f"/api/meta?lang={lang}").json()["names"] for lang in ("es", "en"))
    assert es["pockets"]["foot-left"] == "pie izquierda" and en["pockets"]["foot-left"] == "foot left"
    assert es["decisions"]["illegal_break"] == "apertura ilegal" and en["decisions"]["illegal_break"] == "illegal break"
    assert es["referee_fouls"]["touched_ball"] == "bola tocada" and en["cues"]["jump"] == "jump"
    assert es["cushions"]["left"] == "larga izquierda" and en["shot_kinds"]["jump"] == "jump"
    assert es["formats"]["single_elimination"] == "Eliminación directa" and en["seedings"]["given"] == "The order entered"
    for key in es:                  # each set says something different in each language somewhere
        assert es[key] != en[key], key


def test_a_foul_and_a_declaration_cite_the_article_their_ruling_gives(client) -> None:
    articles = client.get("/api/meta").json()["articles"]
    assert articles["referee_fouls"] == {foul: MESSAGES[foul][0] for foul in REFEREE_FOULS}
    assert articles["referee_fouls"]["illegal_jump"] == "12.1.f"
    # the article of the ruling each declaration gets (bola8.rules.declare)
    for what in DECLARATIONS:
        ruling, _ = rules.declare(rules.State.from_dict({"groups": ["solids", "stripes"], "on_table": [3, 8, 9]}), what,
                                  player=0)
        assert articles["declarations"][what] == ruling.reasons[0].article
    assert articles["declarations"] == {"stalemate": "21.2", "forfeit": "18.5"}
