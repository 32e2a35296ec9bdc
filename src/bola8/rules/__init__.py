"""The referee of the Spanish *Reglamento Bola 8* - standard library only.

It judges the *facts* of a shot (no coordinates) exactly as
``rules/RULINGS.md`` decides them, and speaks the JSON contract of
``spec/referee-json.md``. Each article is decided in one function of
:mod:`bola8.rules.articles`; every reason cites its article in Spanish and
English.

>>> from bola8.rules import State, Shot, judge, callable_balls
>>> state = State.from_dict({"groups": ["solids", "stripes"], "on_table": [3, 8, 9]})
>>> shot = Shot.from_dict({"call": {"ball": 3, "pocket": "foot-left"}, "first_contact": 3,
...                        "pocketed": [{"ball": 3, "pocket": "foot-left"}]})
>>> ruling, after = judge(state, shot)
>>> ruling.foul, ruling.turn_passes, ruling.legally_pocketed, after.on_table
(False, False, (3,), (8, 9))
>>> after.shooter, callable_balls(after)
(0, (8,))
>>> foul = Shot.from_dict({"call": {"ball": 8, "pocket": "side-left"}, "first_contact": 9, "pocketed": []})
>>> ruling, after = judge(after, foul)
>>> [(r.code, r.article) for r in ruling.reasons]
[('wrong_first_contact', '10.1'), ('ball_in_hand', '13.1')]
>>> after.shooter, after.cue_ball
(1, 'in_hand')
>>> ruling.reasons[0].text("en")
"Foul: the cue ball did not first hit a ball of the shooter's group."
"""

from __future__ import annotations

from bola8.errors import InputError
from bola8.rules.consistency import check_consistent
from bola8.rules.balls import CUE, EIGHT, POCKETS, SOLIDS, STRIPES, Group
from bola8.rules.referee import callable_balls, decide, declare, judge, legal_first_contacts
from bola8.rules.ruling import Reason, Ruling
from bola8.rules.rulesets import RULESETS, Ruleset, get_ruleset
from bola8.rules.seats import PLAYERS, check_player, is_player
from bola8.rules.shot import Call, Pocketed, Shot
from bola8.rules.state import Decision, State

__all__ = [
    "CUE", "EIGHT", "SOLIDS", "STRIPES", "POCKETS", "Group",
    "Call", "Pocketed", "Shot", "State", "Decision", "Reason", "Ruling",
    "Ruleset", "RULESETS", "get_ruleset", "PLAYERS", "check_player", "is_player",
    "judge", "decide", "declare", "callable_balls", "legal_first_contacts", "check_consistent", "InputError",
]
