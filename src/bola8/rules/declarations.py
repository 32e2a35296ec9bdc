"""What the players or the referee declare outside a shot: Art. 21.2 and forfeits (18.5, 22)."""

from __future__ import annotations

from bola8.errors import InputError
from bola8.rules import _fields as f
from bola8.rules._outcome import game_over, make_ruling
from bola8.rules.ruling import Ruling
from bola8.rules.seats import check_player
from bola8.rules.state import State

DECLARATIONS = ("stalemate", "forfeit")
# The reason (bola8.rules.messages) each declaration's ruling gives, and so the article it cites.
DECLARATION_REASONS = {"stalemate": "stalemate_agreed", "forfeit": "forfeit"}


def make_declaration(state: State, what: str, player: int | None = None) -> tuple[Ruling, State]:
    """Apply a declaration: ``stalemate`` agreed by both players (Art. 21.2: the rack is played again, the same
    player breaking), or ``forfeit`` against ``player`` (Art. 18.5, 22).
    """
    if state.phase == "over":
        raise InputError("state.phase: the game is over; nothing more can be declared.",
                         "state.phase: la partida ha terminado; ya no se puede declarar nada.")
    f.choice(what, "declare", DECLARATIONS)
    if what == "stalemate":
        # Art. 21.2: the players agree, at any time; the game ends with no winner and
        # the match replays the rack with the same breaker. ``player`` is not needed.
        if player is not None:
            check_player(player, "player")
        after = game_over(state, result="stalemate", winner=None)
        return make_ruling(state, after, codes=(DECLARATION_REASONS["stalemate"],))
    # Forfeit: Art. 18.5 (a repeated intentional foul after a warning) or Art. 22
    # (disqualification). ``player`` is the one who loses the game.
    if player is None:
        raise InputError("player: a forfeit names the player who loses the game; expected 0 or 1.",
                         "player: una partida perdida por sanción nombra al jugador que la pierde; se esperaba 0 o 1.")
    loser = check_player(player, "player")
    after = game_over(state, result="forfeit", winner=1 - loser)
    return make_ruling(state, after, codes=(DECLARATION_REASONS["forfeit"],))
