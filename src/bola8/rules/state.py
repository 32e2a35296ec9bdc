"""The referee's state of a rack (contract: STATE).

A :class:`State` is everything the referee needs to judge the next shot and
nothing about where the balls lie. :meth:`State.from_dict` fills the
contract's defaults and refuses a state that cannot happen (a winner while
the game goes on, equal groups, a break without the full rack, ...) with one
sentence naming the field.

One field is an addition to spec/referee-json.md's STATE::

    "called_this_turn": false   // the shooter has already played a called shot in this turn

It tells Art. 21.1's count whether the turn now being played holds an
attempt: an uncalled shot (which always ends the turn) adds a turn without
attempt only if no shot of the same turn was called. Default false; always
written; refused if not a boolean; false again whenever the turn passes, a
new rack or break starts, or the game ends.

``ruleset`` is the ruleset's *name*, as the contract spells it. The settings
of a variant (``get_ruleset("spanish").with_settings(stalemate="off")``) are
not part of the state: whoever plays the game holds the :class:`Ruleset`
value and passes it to ``judge``/``decide``/``declare`` (a
:class:`~bola8.game.Game` does, on every action), so the referee JSON stays
as it is and a state read back with ``from_dict(data, ruleset=the value)``
is the same state.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, cast

from bola8.errors import InputError
from bola8.rules import _fields as f
from bola8.rules.balls import EIGHT, GROUP_NAMES, OBJECT_BALLS, Group
from bola8.rules.rulesets import RULESETS, Ruleset, get_ruleset

# The closed sets of the contract, as types (mypy) and as the tuples JSON is checked against.
Phase = Literal["break", "play", "over"]
CueBall = Literal["on_table", "in_hand", "in_hand_behind_head_string"]
Result = Literal["win", "stalemate", "forfeit"]
Option = Literal["accept_table", "rebreak", "respot_eight", "rerack"]
PHASES: tuple[Phase, ...] = ("break", "play", "over")
CUE_BALL_STATES: tuple[CueBall, ...] = ("on_table", "in_hand", "in_hand_behind_head_string")
RESULTS: tuple[Result, ...] = ("win", "stalemate", "forfeit")
CHOICES: tuple[Option, ...] = ("accept_table", "rebreak", "respot_eight", "rerack")
# The two decisions the seed knows: after an illegal break (Art. 7.2, 8) and
# after the 8 on a legal break (Art. 6).
ILLEGAL_BREAK_OPTIONS: tuple[Option, ...] = ("accept_table", "rebreak")
EIGHT_ON_BREAK_OPTIONS: tuple[Option, ...] = ("respot_eight", "rerack")

_STATE_FIELDS = ("ruleset", "phase", "shooter", "breaker", "groups", "on_table", "cue_ball",
                 "decision", "turns_without_attempt", "called_this_turn", "winner", "result")


@dataclass(frozen=True)
class Decision:
    """A choice pending before play goes on: who makes it and the options."""

    player: int
    options: tuple[Option, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "options", tuple(self.options))

    def to_dict(self) -> dict[str, object]:
        return {"player": self.player, "options": list(self.options)}

    @classmethod
    def from_dict(cls, data: Any, where: str = "state.decision") -> Decision:
        data = f.require_object(data, where)
        f.refuse_unknown(data, ("player", "options"), where)
        who = f.player(f.require_present(data, "player", where), f"{where}.player")
        raw = f.array(f.require_present(data, "options", where), f"{where}.options")
        options = tuple(cast(Option, f.choice(o, f"{where}.options[{i}]", CHOICES)) for i, o in enumerate(raw))
        for i, option in enumerate(options):
            if option in options[:i]:
                raise InputError(f"{where}.options[{i}]: {f.spell(option)} is listed twice.",
                                 f"{where}.options[{i}]: {f.spell(option, 'es')} aparece dos veces.")
        if set(options) not in (set(ILLEGAL_BREAK_OPTIONS), set(EIGHT_ON_BREAK_OPTIONS)):
            raise InputError(
                f"{where}.options: {list(options)} is not a decision of the rules; expected "
                f"{list(ILLEGAL_BREAK_OPTIONS)} (Art. 7.2) or {list(EIGHT_ON_BREAK_OPTIONS)} (Art. 6).",
                f"{where}.options: {list(options)} no es una decisión del reglamento; se esperaba "
                f"{list(ILLEGAL_BREAK_OPTIONS)} (Art. 7.2) o {list(EIGHT_ON_BREAK_OPTIONS)} (Art. 6).")
        return cls(player=who, options=options)


@dataclass(frozen=True)
class State:
    """The contract's STATE, field for field; build one with :meth:`initial` or :meth:`from_dict`."""

    on_table: tuple[int, ...]
    ruleset: str = "spanish"
    phase: Phase = "play"
    shooter: int = 0
    breaker: int = 0
    groups: tuple[Group, Group] | None = None
    cue_ball: CueBall = "on_table"
    decision: Decision | None = None
    turns_without_attempt: int = 0
    called_this_turn: bool = False
    winner: int | None = None
    result: Result | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "on_table", tuple(sorted(self.on_table)))
        if self.groups is not None:
            object.__setattr__(self, "groups", (Group(self.groups[0]), Group(self.groups[1])))

    @classmethod
    def initial(cls, ruleset: str | Ruleset = "spanish", breaker: int = 0) -> State:
        """The state before a break: full rack, cue ball in hand behind the head string (Art. 7.1).

        ``ruleset``: a name or a :class:`Ruleset`; the state keeps its name (see the module)."""
        name = get_ruleset(ruleset).name
        f.player(breaker, "breaker")
        return cls(on_table=OBJECT_BALLS, ruleset=name, phase="break", shooter=breaker,
                   breaker=breaker, cue_ball="in_hand_behind_head_string")

    # ------------------------------------------------------------ derived
    def group_of_player(self, player: int) -> Group | None:
        return None if self.groups is None else self.groups[player]

    def remaining(self, player: int) -> tuple[int, ...]:
        """Balls of ``player``'s group still on the table (empty on an open table)."""
        group = self.group_of_player(player)
        return () if group is None else tuple(b for b in self.on_table if b in group.balls)

    # --------------------------------------------------------------- JSON
    def to_dict(self) -> dict[str, object]:
        return {
            "ruleset": self.ruleset,
            "phase": self.phase,
            "shooter": self.shooter,
            "breaker": self.breaker,
            "groups": None if self.groups is None else [g.value for g in self.groups],
            "on_table": list(self.on_table),
            "cue_ball": self.cue_ball,
            "decision": None if self.decision is None else self.decision.to_dict(),
            "turns_without_attempt": self.turns_without_attempt,
            "called_this_turn": self.called_this_turn,
            "winner": self.winner,
            "result": self.result,
        }

    @classmethod
    def from_dict(cls, data: Any, where: str = "state", *, ruleset: Ruleset | None = None) -> State:
        """Read the contract's STATE. ``ruleset``: the settings its game is judged under (default:
        the named ruleset), as for ``judge``; only Art. 21.1's bound on the count depends on them."""
        data = f.require_object(data, where)
        f.refuse_unknown(data, _STATE_FIELDS, where)
        name = f.choice(data.get("ruleset", "spanish"), f"{where}.ruleset", tuple(RULESETS))
        groups_data = data.get("groups")
        groups = None
        if groups_data is not None:
            raw = f.array(groups_data, f"{where}.groups")
            if len(raw) != 2:
                raise InputError(f"{where}.groups: expected [group of player 0, group of player 1] or null.",
                                 f"{where}.groups: se esperaba [grupo del jugador 0, grupo del jugador 1] o null.")
            names = tuple(Group(f.choice(g, f"{where}.groups[{i}]", GROUP_NAMES))
                          for i, g in enumerate(raw))
            if names[0] == names[1]:
                raise InputError(f"{where}.groups: both players have {names[0].value}; the groups must differ.",
                                 f"{where}.groups: los dos jugadores tienen {names[0].value}; los grupos deben ser distintos.")
            groups = (names[0], names[1])
        balls = []
        for i, item in enumerate(f.array(f.require_present(data, "on_table", where), f"{where}.on_table")):
            ball = f.integer(item, f"{where}.on_table[{i}]", 1, 15)
            if ball in balls:
                raise InputError(f"{where}.on_table[{i}]: ball {ball} is listed twice.",
                                 f"{where}.on_table[{i}]: la bola {ball} aparece dos veces.")
            balls.append(ball)
        decision_data = data.get("decision")
        state = cls(
            ruleset=name,
            phase=cast(Phase, f.choice(data.get("phase", "play"), f"{where}.phase", PHASES)),
            shooter=f.player(data.get("shooter", 0), f"{where}.shooter"),
            breaker=f.player(data.get("breaker", 0), f"{where}.breaker"),
            groups=groups,
            on_table=tuple(balls),
            cue_ball=cast(CueBall, f.choice(data.get("cue_ball", "on_table"), f"{where}.cue_ball", CUE_BALL_STATES)),
            decision=None if decision_data is None else Decision.from_dict(decision_data, f"{where}.decision"),
            turns_without_attempt=f.integer(data.get("turns_without_attempt", 0),
                                            f"{where}.turns_without_attempt", 0),
            called_this_turn=f.boolean(data.get("called_this_turn", False), f"{where}.called_this_turn"),
            winner=None if data.get("winner") is None else f.player(data["winner"], f"{where}.winner"),
            result=None if data.get("result") is None else cast(Result, f.choice(data["result"], f"{where}.result",
                                                                                 RESULTS)),
        )
        check_consistent(state, where, ruleset)
        return state


def check_consistent(state: State, where: str = "state", ruleset: Ruleset | None = None) -> None:
    """Refuse a state no game can reach; the referee's core assumes consistent states."""
    # imported here: the article module imports State from this one
    from bola8.rules.articles.art21_stalemate import art_21_1_stalemate

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
    # With stalemate "off" (Art. 21.1 ⚙) the count has no upper bound: read such states with
    # from_dict(..., ruleset=the settings) and they come back unchanged.
