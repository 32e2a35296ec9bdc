"""The choices the rules offer after a break (Art. 6.1, 7.2, 8)."""

from __future__ import annotations

from dataclasses import replace

from bola8.errors import InputError
from bola8.rules import _fields as f
from bola8.rules._outcome import fresh_rack, make_ruling
from bola8.rules.balls import EIGHT
from bola8.rules.ruling import Ruling
from bola8.rules.state import CHOICES, State


def make_choice(state: State, choice: str) -> tuple[Ruling, State]:
    """Apply ``choice`` to the pending decision; refused when nothing (or something else) is pending."""
    if state.phase == "over":
        raise InputError("state.phase: the game is over; no choice can be made.",
                         "state.phase: la partida ha terminado; no se puede hacer ninguna elección.")
    f.choice(choice, "choice", CHOICES)
    decision = state.decision
    if decision is None:
        raise InputError(f"choice: no decision is pending; {f.spell(choice)} cannot be chosen now.",
                         f"choice: no hay ninguna decisión pendiente; ahora no se puede elegir {f.spell(choice, 'es')}.")
    if choice not in decision.options:
        raise InputError(f"choice: {f.spell(choice)} is not one of the pending options "
                         f"({', '.join(decision.options)}).",
                         f"choice: {f.spell(choice, 'es')} no es una de las opciones pendientes "
                         f"({', '.join(decision.options)}).")
    chooser = decision.player
    if choice == "accept_table":
        # Art. 7.2.a: he shoots with the balls as they lie; after a break foul from
        # in hand behind the head string (Art. 8), which the state already holds.
        return make_ruling(state, replace(state, decision=None), codes=("table_accepted",))
    if choice == "rebreak":
        # Art. 7.2.b: re-rack, and the one who chose breaks himself.
        return make_ruling(state, fresh_rack(state, chooser), codes=("rebreak_chosen",))
    if choice == "respot_eight":
        # Art. 6.1: the 8 is spotted (Art. 16), the breaker shoots on, the table open.
        after = replace(state, decision=None, on_table=tuple(sorted(state.on_table + (EIGHT,))))
        return make_ruling(state, after, codes=("eight_respotted_chosen",), respotted=(EIGHT,))
    # "rerack", Art. 6.1: the same player breaks again.
    return make_ruling(state, fresh_rack(state, chooser), codes=("rerack_chosen",))
