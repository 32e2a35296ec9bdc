"""Whether a game can reach a state: the referee refuses any other, naming the field.

:meth:`State.from_dict <bola8.rules.state.State.from_dict>` reads the contract's
fields one by one; here they are checked together - the rules of the game
decide which combinations a rack can reach (a group assigned only by a pocketed
ball, Art. 11.2; a decision only right after a break, Art. 6, 7.2; the count of
turns without attempt below Art. 21.1's bound; a finished game with its result
and winner; ...). The referee's articles assume consistent states, so
``judge``, ``decide`` and ``declare`` call :func:`check_consistent` before
they act, whoever built the state; a state the referee returned always passes.
"""

from __future__ import annotations

from bola8.errors import InputError
from bola8.rules import _fields as f
from bola8.rules.articles.art21_stalemate import art_21_1_stalemate
from bola8.rules.balls import EIGHT, OBJECT_BALLS
from bola8.rules.rulesets import Ruleset, get_ruleset
from bola8.rules.state import State


def check_consistent(state: State, where: str = "state", ruleset: Ruleset | None = None) -> None:
    """Refuse a state no game can reach, naming the field under ``where``; ``ruleset``: the settings
    the game is played under (default: the state's named ruleset), which bound Art. 21.1's count."""
    rules = ruleset or get_ruleset(state.ruleset)
    if state.groups is not None and state.on_table == OBJECT_BALLS:
        raise InputError(f"{where}.groups: a group is assigned only by a legally pocketed ball (Art. 11.2), "
                         "but all 15 object balls are on the table; expected null.",
                         f"{where}.groups: un grupo solo se asigna con una bola entronerada legalmente (Art. 11.2), "
                         "pero las 15 bolas de color están en la mesa; se esperaba null.")
    if state.decision is not None and state.turns_without_attempt != 0:
        raise InputError(f"{where}.turns_without_attempt: a decision follows a break, before any turn is "
                         "counted (Art. 21.1); expected 0.",
                         f"{where}.turns_without_attempt: una decisión sigue a un tiro de apertura, antes de que se "
                         "cuente ningún turno (Art. 21.1); se esperaba 0.")
    if state.phase == "play" and art_21_1_stalemate(state.turns_without_attempt, rules):
        raise InputError(f"{where}.turns_without_attempt: {state.turns_without_attempt} turns without attempt "
                         f"would already have ended the game as a stalemate (Art. 21.1: "
                         f"{rules.stalemate_turns}); expected less while the phase is \"play\".",
                         f"{where}.turns_without_attempt: {state.turns_without_attempt} turnos sin intento "
                         f"ya habrían terminado la partida como juego empatado (Art. 21.1: "
                         f"{rules.stalemate_turns}); se esperaba menos mientras la fase es \"play\".")
    over = state.phase == "over"
    if over and state.result is None:
        raise InputError(f"{where}.result: the phase is \"over\" but no result is given.",
                         f"{where}.result: la fase es \"over\" pero no se da ningún resultado.")
    if not over and state.result is not None:
        raise InputError(f"{where}.result: {f.spell(state.result)} is set while the phase is {f.spell(state.phase)}, not \"over\".",
                         f"{where}.result: {f.spell(state.result, 'es')} se indica mientras la fase es "
                         f"{f.spell(state.phase, 'es')}, no \"over\".")
    if not over and state.winner is not None:
        raise InputError(f"{where}.winner: a winner is set while the phase is {f.spell(state.phase)}, not \"over\".",
                         f"{where}.winner: hay un ganador mientras la fase es {f.spell(state.phase, 'es')}, no \"over\".")
    if state.result in ("win", "forfeit") and state.winner is None:
        raise InputError(f"{where}.winner: the result {f.spell(state.result)} needs a winner (0 or 1).",
                         f"{where}.winner: el resultado {f.spell(state.result, 'es')} necesita un ganador (0 o 1).")
    if state.result == "stalemate" and state.winner is not None:
        raise InputError(f"{where}.winner: a stalemate has no winner; expected null.",
                         f"{where}.winner: un juego empatado no tiene ganador; se esperaba null.")
    if over and state.decision is not None:
        raise InputError(f"{where}.decision: no decision can be pending once the game is over.",
                         f"{where}.decision: no puede haber ninguna decisión pendiente una vez terminada la partida.")
    if over and state.cue_ball != "on_table":
        raise InputError(f"{where}.cue_ball: a game that is over has no ball in hand; expected \"on_table\".",
                         f"{where}.cue_ball: una partida terminada no tiene bola en mano; se esperaba \"on_table\".")
    if state.called_this_turn:
        if state.phase != "play":
            raise InputError(f"{where}.called_this_turn: true only while a turn of play goes on; "
                             f"the phase is {f.spell(state.phase)}.",
                             f"{where}.called_this_turn: solo es true mientras dura un turno de juego; "
                             f"la fase es {f.spell(state.phase, 'es')}.")
        if state.decision is not None:
            raise InputError(f"{where}.called_this_turn: a decision follows the break, before any called "
                             "shot; expected false.",
                             f"{where}.called_this_turn: una decisión sigue al tiro de apertura, antes de cualquier "
                             "tiro cantado; se esperaba false.")
        if state.turns_without_attempt != 0:
            raise InputError(f"{where}.turns_without_attempt: a called shot in this turn reset the count "
                             "(Art. 21.1); expected 0 while called_this_turn is true.",
                             f"{where}.turns_without_attempt: un tiro cantado en este turno puso la cuenta a cero "
                             "(Art. 21.1); se esperaba 0 mientras called_this_turn es true.")
    if state.phase == "break":
        if state.on_table != OBJECT_BALLS:
            raise InputError(f"{where}.on_table: the break is played with all 15 object balls racked (Art. 3).",
                             f"{where}.on_table: el tiro de apertura se juega con las 15 bolas de color en el triángulo (Art. 3).")
        if state.groups is not None:
            raise InputError(f"{where}.groups: the table is open on the break (Art. 5, 11.1); expected null.",
                             f"{where}.groups: la mesa está abierta en el tiro de apertura (Art. 5, 11.1); se esperaba null.")
        if state.decision is not None:
            raise InputError(f"{where}.decision: no decision is pending before the break; expected null.",
                             f"{where}.decision: no hay ninguna decisión pendiente antes del tiro de apertura; se esperaba null.")
        if state.cue_ball != "in_hand_behind_head_string":
            raise InputError(f"{where}.cue_ball: the break is played from in hand behind the head string "
                             "(Art. 7.1); expected \"in_hand_behind_head_string\".",
                             f"{where}.cue_ball: el tiro de apertura se juega con bola en mano detrás de la línea de cabeza "
                             "(Art. 7.1); se esperaba \"in_hand_behind_head_string\".")
        if state.shooter != state.breaker:
            raise InputError(f"{where}.shooter: on the break the breaker shoots; shooter and breaker must be equal.",
                             f"{where}.shooter: en el tiro de apertura tira quien abre; shooter y breaker deben ser iguales.")
        if state.turns_without_attempt != 0:
            raise InputError(f"{where}.turns_without_attempt: a fresh rack has no turns yet; expected 0.",
                             f"{where}.turns_without_attempt: un rack nuevo aún no tiene turnos; se esperaba 0.")
    if state.phase == "play":
        decision = state.decision
        eight_pending = decision is not None and "respot_eight" in decision.options
        if EIGHT not in state.on_table and not eight_pending:
            raise InputError(f"{where}.on_table: the 8 is missing while the game goes on; "
                             "once the 8 is down the game is over (Art. 20) or the 8 is re-spotted (Art. 6, 8.1).",
                             f"{where}.on_table: falta la bola 8 mientras la partida sigue; una vez entronerada la 8, "
                             "la partida termina (Art. 20) o la 8 se repone (Art. 6, 8.1).")
        if eight_pending and EIGHT in state.on_table:
            raise InputError(f"{where}.decision: \"respot_eight\" is offered but the 8 is on the table.",
                             f"{where}.decision: se ofrece \"respot_eight\" pero la bola 8 está en la mesa.")
        if decision is not None:
            if decision.player != state.shooter:
                raise InputError(f"{where}.decision.player: the player who decides must be the shooter "
                                 f"({state.shooter}).",
                                 f"{where}.decision.player: el jugador que decide debe ser el que tira "
                                 f"({state.shooter}).")
            if state.groups is not None:
                raise InputError(f"{where}.groups: a decision follows the break, when the table is still open.",
                                 f"{where}.groups: una decisión sigue al tiro de apertura, cuando la mesa aún está abierta.")
            if eight_pending and decision.player != state.breaker:
                raise InputError(f"{where}.decision.player: the breaker decides after the 8 on the break (Art. 6).",
                                 f"{where}.decision.player: tras la bola 8 en el tiro de apertura decide quien abrió (Art. 6).")
            if not eight_pending and decision.player == state.breaker:
                raise InputError(f"{where}.decision.player: the breaker's opponent decides after an illegal "
                                 "break (Art. 7.2).",
                                 f"{where}.decision.player: tras un tiro de apertura ilegal decide el contrario de quien "
                                 "abrió (Art. 7.2).")
            if eight_pending and rules.eight_on_break != "choice":
                raise InputError(f"{where}.decision.options: on {f.spell(state.ruleset)} the 8 on the break is always "
                                 "a re-rack (Art. 6); no choice is offered.",
                                 f"{where}.decision.options: con {f.spell(state.ruleset, 'es')} la bola 8 en el tiro de apertura "
                                 "siempre obliga a volver a colocar las bolas (Art. 6); no se ofrece elección.")
            if eight_pending and state.cue_ball != "on_table":
                raise InputError(f"{where}.cue_ball: the breaker chooses after a foul-free break; expected \"on_table\".",
                                 f"{where}.cue_ball: quien abrió elige tras un tiro de apertura sin falta; se esperaba \"on_table\".")
        if state.cue_ball == "in_hand_behind_head_string" and state.groups is not None:
            raise InputError(f"{where}.cue_ball: ball in hand behind the head string only follows a break foul "
                             "(Art. 8.2), when the table is still open.",
                             f"{where}.cue_ball: la bola en mano detrás de la línea de cabeza solo sigue a una falta en el "
                             "tiro de apertura (Art. 8.2), cuando la mesa aún está abierta.")
    # With stalemate "off" (Art. 21.1 ⚙) the count has no upper bound: such a state passes when it is
    # checked against those settings.
