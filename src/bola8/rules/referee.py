"""The referee: ``judge``, ``decide``, ``declare`` and ``callable_balls``.

``judge`` first checks that the shot fits the state (refusing, never fixing,
what the contract does not allow), then hands it to the break
(``break_shot``) or to play after the break (``play_shot``); each composes the
articles in the order its module documents. Every function is pure: it
returns a new :class:`State` and never mutates one.

``judge``, ``decide`` and ``declare`` take an optional ``ruleset``: the named
ruleset of the state is used by default; passing a :class:`Ruleset` (e.g. one
with ``stalemate="off"``) acts under those settings. The state keeps only the
ruleset's name (the contract's ``ruleset`` field), so the ruleset passed must
bear the state's name: a :class:`~bola8.game.Game` holds the whole value and
passes it on every action. Today's choices and declarations read no setting;
they take the ruleset so that a future one (RULINGS.md's "wpa") can.
"""

from __future__ import annotations

from bola8.errors import InputError
from bola8.rules import _fields as f
from bola8.rules.articles.art02_called_shot import art_2_5_callable_balls
from bola8.rules.articles.art05_open_table import art_5_legal_first_contacts
from bola8.rules.articles.art08_break_fouls import art_8_2_check_kitchen_fact
from bola8.rules.balls import CUE
from bola8.rules.break_shot import judge_break
from bola8.rules.choices import make_choice
from bola8.rules.consistency import check_consistent
from bola8.rules.declarations import make_declaration
from bola8.rules.play_shot import judge_play
from bola8.rules.ruling import Ruling
from bola8.rules.rulesets import Ruleset, get_ruleset
from bola8.rules.shot import Shot
from bola8.rules.state import State


def callable_balls(state: State) -> tuple[int, ...]:
    """Art. 2.5: the balls the shooter may call now (empty on the break)."""
    return art_2_5_callable_balls(state)


def legal_first_contacts(state: State) -> tuple[int, ...]:
    """Art. 5 / 10.1 / 18: the balls the cue ball may hit first on the next shot.

    Open table: any object ball on it, the 8 included; groups assigned: a ball
    of the shooter's group, or the 8 once the group is cleared. Empty on the
    break (any ball of the rack may be hit, Art. 7.3), while a decision is
    pending and once the game is over: no shot is judged against it then.
    """
    if state.phase != "play" or state.decision is not None:
        return ()
    return art_5_legal_first_contacts(state)


def judge(state: State, shot: Shot, *, ruleset: Ruleset | None = None) -> tuple[Ruling, State]:
    """Judge the facts of one shot; the ruling and the next state."""
    rules = rules_of(state, ruleset)
    check_shot_fits(state, shot)
    if state.phase == "break":
        return judge_break(state, shot, rules)
    return judge_play(state, shot, rules)


def decide(state: State, choice: str, *, ruleset: Ruleset | None = None) -> tuple[Ruling, State]:
    """Apply a pending choice: "accept_table" | "rebreak" | "respot_eight" | "rerack"."""
    rules_of(state, ruleset)
    return make_choice(state, choice)


def declare(state: State, what: str, player: int | None = None, *,
            ruleset: Ruleset | None = None) -> tuple[Ruling, State]:
    """"stalemate" (Art. 21.2, agreed) or "forfeit" against ``player`` (Art. 18.5, 22)."""
    rules_of(state, ruleset)
    return make_declaration(state, what, player)


def rules_of(state: State, ruleset: Ruleset | None) -> Ruleset:
    """The settings to act under: ``ruleset``, which must bear the state's name, else the named one;
    and the state checked against them (a state no game can reach is refused, naming the field)."""
    rules = checked_ruleset(state, ruleset)
    check_consistent(state, "state", rules)
    return rules


def checked_ruleset(state: State, ruleset: Ruleset | None) -> Ruleset:
    """``ruleset`` if it is a :class:`Ruleset` bearing the state's name; the state's named ruleset when None.
    """
    if ruleset is None:
        return get_ruleset(state.ruleset)
    if not isinstance(ruleset, Ruleset):
        raise InputError(f"ruleset: {f.spell(ruleset)} is not a bola8.rules.Ruleset (or None for the state's).",
                         f"ruleset: {f.spell(ruleset, 'es')} no es un bola8.rules.Ruleset (ni None para el del estado).")
    if ruleset.name != state.ruleset:
        raise InputError(f"ruleset: {f.spell(ruleset.name)} is not the state's ruleset {f.spell(state.ruleset)}.",
                         f"ruleset: {f.spell(ruleset.name, 'es')} no es el reglamento del estado "
                         f"{f.spell(state.ruleset, 'es')}.")
    return ruleset


def check_no_contact_moves_nothing(shot: Shot) -> None:
    """Facts that contradict each other: with no first contact the cue ball moved no object ball,
    so none can drop, leave the table or reach a cushion - unless a person moved it, which is
    the referee-entered foul "touched_ball" (Art. 12.1.e)."""
    if shot.first_contact is not None or "touched_ball" in shot.referee_fouls:
        return
    unless = ("when the cue ball touched no ball (first_contact is null) unless a referee entered "
              "the foul \"touched_ball\" (Art. 12.1.e).")
    unless_es = ("si la bola blanca no tocó ninguna bola (first_contact es null), salvo que el árbitro "
                 "haya anotado la falta \"touched_ball\" (Art. 12.1.e).")
    for i, p in enumerate(shot.pocketed):
        if p.ball != CUE:
            raise InputError(f"shot.pocketed[{i}].ball: ball {p.ball} cannot drop {unless}",
                             f"shot.pocketed[{i}].ball: la bola {p.ball} no puede entronerarse {unless_es}")
    for i, ball in enumerate(shot.off_table):
        if ball != CUE:
            raise InputError(f"shot.off_table[{i}]: ball {ball} cannot leave the table {unless}",
                             f"shot.off_table[{i}]: la bola {ball} no puede salir de la mesa {unless_es}")
    if shot.object_balls_to_rail:
        raise InputError(f"shot.object_balls_to_rail: {shot.object_balls_to_rail} object balls cannot reach "
                         f"a cushion {unless}",
                         f"shot.object_balls_to_rail: {shot.object_balls_to_rail} bolas de color no pueden "
                         f"llegar a una banda {unless_es}")


def check_shot_fits(state: State, shot: Shot) -> None:
    """Refuse a shot the state does not allow, naming the field."""
    if state.phase == "over":
        raise InputError("state.phase: the game is over; no further shot can be judged.",
                         "state.phase: la partida ha terminado; no se puede juzgar ningún tiro más.")
    if state.decision is not None:
        raise InputError(f"shot: a decision is pending (player {state.decision.player} chooses "
                         f"{' or '.join(state.decision.options)}); send the choice first.",
                         f"shot: hay una decisión pendiente (el jugador {state.decision.player} elige "
                         f"{' o '.join(state.decision.options)}); envíe primero la elección.")
    on_table = set(state.on_table)
    for i, p in enumerate(shot.pocketed):
        if p.ball != 0 and p.ball not in on_table:
            raise InputError(f"shot.pocketed[{i}].ball: ball {p.ball} is not on the table.",
                             f"shot.pocketed[{i}].ball: la bola {p.ball} no está en la mesa.")
    for i, ball in enumerate(shot.off_table):
        if ball != 0 and ball not in on_table:
            raise InputError(f"shot.off_table[{i}]: ball {ball} is not on the table.",
                             f"shot.off_table[{i}]: la bola {ball} no está en la mesa.")
    for i, ball in enumerate(shot.cue_ball_frozen_to):
        if ball not in on_table:
            raise InputError(f"shot.cue_ball_frozen_to[{i}]: ball {ball} is not on the table.",
                             f"shot.cue_ball_frozen_to[{i}]: la bola {ball} no está en la mesa.")
    if shot.first_contact is not None and shot.first_contact not in on_table:
        raise InputError(f"shot.first_contact: ball {shot.first_contact} is not on the table.",
                         f"shot.first_contact: la bola {shot.first_contact} no está en la mesa.")
    if shot.object_balls_to_rail > len(on_table):
        raise InputError(f"shot.object_balls_to_rail: {shot.object_balls_to_rail} is more than the "
                         f"{len(on_table)} object balls on the table.",
                         f"shot.object_balls_to_rail: {shot.object_balls_to_rail} son más que las "
                         f"{len(on_table)} bolas de color que hay en la mesa.")
    check_no_contact_moves_nothing(shot)
    art_8_2_check_kitchen_fact(state, shot)
    if state.phase == "break":
        if shot.call is not None:
            raise InputError("shot.call: the break is never called (Art. 2.1); expected null.",
                             "shot.call: el tiro de apertura nunca se canta (Art. 2.1); se esperaba null.")
        return
    if shot.call is not None:
        allowed = callable_balls(state)
        if shot.call.ball not in allowed:
            listed = ", ".join(str(b) for b in allowed)
            raise InputError(f"shot.call: ball {shot.call.ball} may not be called now (Art. 2.5); "
                             f"the shooter may call {listed or 'none'}.",
                             f"shot.call: ahora no se puede cantar la bola {shot.call.ball} (Art. 2.5); "
                             f"el jugador puede cantar {listed or 'ninguna'}.")
