"""Every identifier of the contract that people see has a name in Spanish and in English."""

from bola8.rules import POCKETS
from bola8.rules.declarations import DECLARATIONS
from bola8.rules.messages import NAMES, name_of
from bola8.rules.state import EIGHT_ON_BREAK_OPTIONS, ILLEGAL_BREAK_OPTIONS


def test_pockets_options_and_declarations_are_named_in_both_languages():
    for identifier in (*POCKETS, *ILLEGAL_BREAK_OPTIONS, *EIGHT_ON_BREAK_OPTIONS, *DECLARATIONS):
        assert identifier in NAMES, identifier
        spanish, english = name_of(identifier, "es"), name_of(identifier, "en")
        assert spanish and english and spanish != identifier


def test_pocket_names_are_distinct_and_spanish_by_default():
    assert len({name_of(p) for p in POCKETS}) == len(POCKETS)
    assert name_of("foot-left") == "pie izquierda" and name_of("foot-left", "en") == "foot left"
    assert name_of("not-an-identifier") == "not-an-identifier"
