"""The referee's state of a rack (contract: STATE).

A :class:`State` is everything the referee needs to judge the next shot and
nothing about where the balls lie. :meth:`State.from_dict` fills the
contract's defaults and refuses a malformed field (an unknown phase, equal
groups, a ball listed twice, ...) with one sentence naming it; a state no
game can reach (a winner while the game goes on, a break without the full
rack, ...) is refused by :mod:`bola8.rules.consistency`, which the referee
asks before it acts.

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
as it is and the referee checks a state against the settings it is given.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, cast

from bola8.errors import InputError
from bola8.rules import _fields as f
from bola8.rules.balls import GROUP_NAMES, OBJECT_BALLS, Group
from bola8.rules.rulesets import RULESETS, Ruleset, get_ruleset
from bola8.rules.seats import check_player

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
# Each decision by name - the code of the reason that opens it (bola8.rules.messages) - with its options.
DECISIONS: dict[str, tuple[Option, ...]] = {"illegal_break": ILLEGAL_BREAK_OPTIONS, "eight_on_break": EIGHT_ON_BREAK_OPTIONS}

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
        """The contract's DECISION: who chooses and the options."""
        return {"player": self.player, "options": list(self.options)}

    @classmethod
    def from_dict(cls, data: Any, where: str = "state.decision") -> Decision:
        """Read a pending decision: its player and one of the two sets of options of the rules."""
        data = f.require_object(data, where)
        f.refuse_unknown(data, ("player", "options"), where)
        who = check_player(f.require_present(data, "player", where), f"{where}.player")
        raw = f.array(f.require_present(data, "options", where), f"{where}.options")
        options = tuple(cast(Option, f.choice(o, f"{where}.options[{i}]", CHOICES)) for i, o in enumerate(raw))
        for i, option in enumerate(options):
            if option in options[:i]:
                raise InputError(f"{where}.options[{i}]: {f.spell(option)} is listed twice.",
                                 f"{where}.options[{i}]: {f.spell(option, 'es')} aparece dos veces.")
        if set(options) not in [set(known) for known in DECISIONS.values()]:
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
        check_player(breaker, "breaker")
        return cls(on_table=OBJECT_BALLS, ruleset=name, phase="break", shooter=breaker,
                   breaker=breaker, cue_ball="in_hand_behind_head_string")

    # ------------------------------------------------------------ derived
    def group_of_player(self, player: int) -> Group | None:
        """The group ``player`` owns, or None while the table is open."""
        return None if self.groups is None else self.groups[player]

    def remaining(self, player: int) -> tuple[int, ...]:
        """Balls of ``player``'s group still on the table (empty on an open table)."""
        group = self.group_of_player(player)
        return () if group is None else tuple(b for b in self.on_table if b in group.balls)

    # --------------------------------------------------------------- JSON
    def to_dict(self) -> dict[str, object]:
        """The contract's STATE, every field present."""
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
    def from_dict(cls, data: Any, where: str = "state") -> State:
        """Read the contract's STATE, field by field, refusing a malformed field with one sentence
        naming it. Whether a game can reach the state read is another question, answered by
        :func:`bola8.rules.consistency.check_consistent` - which ``judge``, ``decide`` and ``declare``
        ask before they act."""
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
        return cls(
            ruleset=name,
            phase=cast(Phase, f.choice(data.get("phase", "play"), f"{where}.phase", PHASES)),
            shooter=check_player(data.get("shooter", 0), f"{where}.shooter"),
            breaker=check_player(data.get("breaker", 0), f"{where}.breaker"),
            groups=groups,
            on_table=tuple(balls),
            cue_ball=cast(CueBall, f.choice(data.get("cue_ball", "on_table"), f"{where}.cue_ball", CUE_BALL_STATES)),
            decision=None if decision_data is None else Decision.from_dict(decision_data, f"{where}.decision"),
            turns_without_attempt=f.integer(data.get("turns_without_attempt", 0),
                                            f"{where}.turns_without_attempt", 0),
            called_this_turn=f.boolean(data.get("called_this_turn", False), f"{where}.called_this_turn"),
            winner=None if data.get("winner") is None else check_player(data["winner"], f"{where}.winner"),
            result=None if data.get("result") is None else cast(Result, f.choice(data["result"], f"{where}.result",
                                                                                 RESULTS)),
        )
