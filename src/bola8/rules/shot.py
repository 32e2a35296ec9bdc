"""The facts of one shot (contract: SHOT) - what happened, however it was observed.

A :class:`Shot` knows nothing about coordinates: the simulator or a person at
a real table reports who was hit first, what dropped where, what left the
table, whether a cushion was reached, which balls the cue ball was frozen to
(Art. 18), and the fouls only a referee sees.
:meth:`Shot.from_dict` checks the shot on its own; whether it fits the state
(balls on the table, a call the shooter may make) is checked by ``judge``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bola8.errors import InputError
from bola8.rules import _fields as f
from bola8.rules.balls import CUE

# Fouls only a person sees, in the seed's order: Art. 12.1.d, e, f, g, then Art. 24.
REFEREE_FOULS: tuple[str, ...] = ("foot_off_floor", "touched_ball", "illegal_jump", "team_advice", "slow_play")


@dataclass(frozen=True)
class Call:
    """The called ball and pocket (Art. 2.1, 19.1)."""

    ball: int
    pocket: str

    @classmethod
    def from_dict(cls, data: Any, where: str = "call") -> Call:
        """Read the contract's call: a ball 1-15 and a pocket, refusing anything else by name."""
        data = f.require_object(data, where)
        f.refuse_unknown(data, ("ball", "pocket"), where)
        ball = f.integer(f.require_present(data, "ball", where), f"{where}.ball", 1, 15)
        return cls(ball=ball, pocket=f.pocket(f.require_present(data, "pocket", where), f"{where}.pocket"))

    def to_dict(self) -> dict[str, object]:
        """The contract's call."""
        return {"ball": self.ball, "pocket": self.pocket}


@dataclass(frozen=True)
class Pocketed:
    """A ball (0 = the cue ball) that dropped in a pocket."""

    ball: int
    pocket: str

    @classmethod
    def from_dict(cls, data: Any, where: str) -> Pocketed:
        """Read one pocketed ball: a ball 0-15 and its pocket."""
        data = f.require_object(data, where)
        f.refuse_unknown(data, ("ball", "pocket"), where)
        ball = f.integer(f.require_present(data, "ball", where), f"{where}.ball", 0, 15)
        return cls(ball=ball, pocket=f.pocket(f.require_present(data, "pocket", where), f"{where}.pocket"))

    def to_dict(self) -> dict[str, object]:
        """The contract's form: ball and pocket."""
        return {"ball": self.ball, "pocket": self.pocket}


_SHOT_FIELDS = ("call", "first_contact", "pocketed", "off_table", "rail_after_contact",
                "object_balls_to_rail", "illegal_first_contact_behind_head_string", "referee_fouls",
                "cue_ball_frozen_to")


@dataclass(frozen=True)
class Shot:
    """The facts of one stroke, field for field the contract's SHOT."""

    first_contact: int | None
    pocketed: tuple[Pocketed, ...] = ()
    call: Call | None = None
    off_table: tuple[int, ...] = ()
    rail_after_contact: bool = False
    object_balls_to_rail: int = 0
    illegal_first_contact_behind_head_string: bool = False
    referee_fouls: tuple[str, ...] = ()
    # Art. 18 (internal 18b): the object balls the cue ball touched (was frozen to) when the stroke
    # began; empty when it touched none or nobody observed it. An addition to
    # the contract's SHOT: optional, written only when not empty.
    cue_ball_frozen_to: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        # Python callers may pass lists; the value stays hashable and frozen.
        object.__setattr__(self, "pocketed", tuple(self.pocketed))
        object.__setattr__(self, "off_table", tuple(self.off_table))
        object.__setattr__(self, "referee_fouls", tuple(self.referee_fouls))
        object.__setattr__(self, "cue_ball_frozen_to", tuple(self.cue_ball_frozen_to))

    # ------------------------------------------------------------ derived
    @property
    def pocketed_balls(self) -> tuple[int, ...]:
        """Every ball that dropped, the cue ball included, in the order given."""
        return tuple(p.ball for p in self.pocketed)

    @property
    def pocketed_object_balls(self) -> tuple[int, ...]:
        """The object balls that dropped (the cue ball left out)."""
        return tuple(p.ball for p in self.pocketed if p.ball != CUE)

    @property
    def off_table_object_balls(self) -> tuple[int, ...]:
        """The object balls that left the table (the cue ball left out)."""
        return tuple(b for b in self.off_table if b != CUE)

    def pocket_of(self, ball: int) -> str | None:
        """The pocket ``ball`` dropped in, or None if it did not drop."""
        for p in self.pocketed:
            if p.ball == ball:
                return p.pocket
        return None

    @property
    def cue_ball_pocketed(self) -> bool:
        """The cue ball dropped in a pocket."""
        return CUE in self.pocketed_balls

    @property
    def cue_ball_off_table(self) -> bool:
        """The cue ball left the table."""
        return CUE in self.off_table

    # --------------------------------------------------------------- JSON
    @classmethod
    def from_dict(cls, data: Any, where: str = "shot") -> Shot:
        """Read the contract's SHOT, field by field, refusing a malformed or repeated one by name."""
        data = f.require_object(data, where)
        f.refuse_unknown(data, _SHOT_FIELDS, where)
        call_data = data.get("call")
        call = None if call_data is None else Call.from_dict(call_data, f"{where}.call")
        first = f.optional_integer(f.require_present(data, "first_contact", where),
                                   f"{where}.first_contact", 1, 15)
        seen: dict[int, str] = {}
        pocketed = []
        for i, item in enumerate(f.array(f.require_present(data, "pocketed", where), f"{where}.pocketed")):
            p = Pocketed.from_dict(item, f"{where}.pocketed[{i}]")
            if p.ball in seen:
                raise InputError(f"{where}.pocketed[{i}].ball: ball {p.ball} is listed twice.",
                                 f"{where}.pocketed[{i}].ball: la bola {p.ball} aparece dos veces.")
            seen[p.ball] = f"{where}.pocketed"
            pocketed.append(p)
        off = []
        for i, item in enumerate(f.array(data.get("off_table", []), f"{where}.off_table")):
            ball = f.integer(item, f"{where}.off_table[{i}]", 0, 15)
            if ball in seen:
                raise InputError(f"{where}.off_table[{i}]: ball {ball} is already listed in {seen[ball]}.",
                                 f"{where}.off_table[{i}]: la bola {ball} ya aparece en {seen[ball]}.")
            seen[ball] = f"{where}.off_table"
            off.append(ball)
        fouls = []
        for i, item in enumerate(f.array(data.get("referee_fouls", []), f"{where}.referee_fouls")):
            name = f.choice(item, f"{where}.referee_fouls[{i}]", REFEREE_FOULS)
            if name in fouls:
                raise InputError(f"{where}.referee_fouls[{i}]: {f.spell(name)} is listed twice.",
                                 f"{where}.referee_fouls[{i}]: {f.spell(name, 'es')} aparece dos veces.")
            fouls.append(name)
        frozen: list[int] = []
        for i, item in enumerate(f.array(data.get("cue_ball_frozen_to", []), f"{where}.cue_ball_frozen_to")):
            ball = f.integer(item, f"{where}.cue_ball_frozen_to[{i}]", 1, 15)
            if ball in frozen:
                raise InputError(f"{where}.cue_ball_frozen_to[{i}]: ball {ball} is listed twice.",
                                 f"{where}.cue_ball_frozen_to[{i}]: la bola {ball} aparece dos veces.")
            frozen.append(ball)
        return cls(
            call=call,
            first_contact=first,
            pocketed=tuple(pocketed),
            off_table=tuple(off),
            rail_after_contact=f.boolean(data.get("rail_after_contact", False), f"{where}.rail_after_contact"),
            object_balls_to_rail=f.integer(data.get("object_balls_to_rail", 0),
                                           f"{where}.object_balls_to_rail", 0, 15),
            illegal_first_contact_behind_head_string=f.boolean(
                data.get("illegal_first_contact_behind_head_string", False),
                f"{where}.illegal_first_contact_behind_head_string"),
            referee_fouls=tuple(fouls),
            cue_ball_frozen_to=tuple(frozen),
        )

    def to_dict(self) -> dict[str, object]:
        """The contract's SHOT (``cue_ball_frozen_to`` only when not empty)."""
        data: dict[str, object] = {
            "call": None if self.call is None else self.call.to_dict(),
            "first_contact": self.first_contact,
            "pocketed": [p.to_dict() for p in self.pocketed],
            "off_table": list(self.off_table),
            "rail_after_contact": self.rail_after_contact,
            "object_balls_to_rail": self.object_balls_to_rail,
            "illegal_first_contact_behind_head_string": self.illegal_first_contact_behind_head_string,
            "referee_fouls": list(self.referee_fouls),
        }
        if self.cue_ball_frozen_to:     # optional: records and outputs without it stay as they were
            data["cue_ball_frozen_to"] = list(self.cue_ball_frozen_to)
        return data
