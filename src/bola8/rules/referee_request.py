"""The contract's request and response as one function: JSON value in, JSON value out.

Used by ``bola8 referee`` and by anything else that speaks the contract (a
web server): ``answer({"state": ..., "shot": ...})`` returns
``{"ruling": ..., "state": ...}`` or raises :class:`InputError`.
"""

from __future__ import annotations

from typing import Any

from bola8.errors import InputError
from bola8.rules import _fields as f
from bola8.rules.referee import decide, declare, judge
from bola8.rules.rulesets import Ruleset
from bola8.rules.seats import check_player
from bola8.rules.shot import Shot
from bola8.rules.state import State

FORMS = ("shot", "choice", "declare")


def answer(request: Any, lang: str = "es") -> dict[str, object]:
    """The contract's answer to one request: ``{"ruling": ..., "state": ...}`` with the sentences in ``lang``,
    or an InputError naming the field.
    """
    request = f.require_object(request, "input")
    f.refuse_unknown(request, ("state", "shot", "choice", "declare", "player", "ruleset"), "input")
    # A variant's settings (Ruleset.to_dict, as a record header keeps them): the state names only
    # its ruleset, so a game played under a variant passes the whole value beside it.
    ruleset = Ruleset.from_dict(request["ruleset"], "ruleset") if "ruleset" in request else None
    state = State.from_dict(f.require_present(request, "state", "input"), "state")
    forms = [name for name in FORMS if name in request]
    if len(forms) != 1:
        raise InputError("input: expected exactly one of shot, choice or declare beside state"
                         + (f", got {', '.join(forms)}." if forms else "."),
                         "input: se esperaba exactamente uno de shot, choice o declare junto a state"
                         + (f", y llegó {', '.join(forms)}." if forms else "."))
    form = forms[0]
    if "player" in request and form != "declare":
        raise InputError("input.player: only a declaration names a player.",
                         "input.player: solo una declaración nombra a un jugador.")
    if form == "shot":
        ruling, after = judge(state, Shot.from_dict(request["shot"], "shot"), ruleset=ruleset)
    elif form == "choice":
        ruling, after = decide(state, request["choice"], ruleset=ruleset)
    else:
        player = request.get("player")
        if player is not None:
            player = check_player(player, "player")
        ruling, after = declare(state, request["declare"], player, ruleset=ruleset)
    return {"ruling": ruling.to_dict(lang), "state": after.to_dict()}
