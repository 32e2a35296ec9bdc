"""The one facts layer: a simulated shot's measurements become the referee's facts (a ``rules.Shot``).

The simulator reports neutral measurements (``bola8.physics.measure``: who
touched whom, cushion contacts, pocketings, positions). Here they become the
facts of the contract's SHOT (spec/referee-json.md), decided as follows:

- ``first_contact``: the first object ball the cue ball touched, or None.
- ``pocketed``: the balls that dropped, in time order, with their pockets.
- ``off_table``: the balls that left the table (Art. 15, 20.1.c, 12.1.b): flew
  over a cushion or a pocket's opening, or landed beyond the cushions
  (``bola8.physics.result.ShotResult.exits`` says where).
- ``rail_after_contact``: after the first contact some ball touched a cushion
  nose or a jaw (Art. 10). Art. 17: a ball frozen to a cushion when the shot
  starts (within ``FROZEN_GAP``) does not count by being pushed into it; its
  cushion contacts count only once it has been away (more than ``LEFT_GAP``)
  since the start.
- ``object_balls_to_rail``: distinct object balls with a counted cushion
  contact (Art. 7's four balls to a cushion on the break).
- ``illegal_first_contact_behind_head_string``: the stroke was played from in
  hand behind the head string (the state's ``cue_ball``: the fact speaks of
  no other shot, and the referee refuses it on any other - RULINGS.md,
  "Cases decided later"), the cue ball started on or behind the head string
  (y <= L/4: RULINGS, a ball is on or behind a line by the point where it
  touches the cloth, and placement allows the line), the first object ball
  hit started on or behind it (y <= L/4; Art. 8.2/9: only a ball strictly
  beyond the line is playable), and the cue ball's centre never crossed
  y > L/4 before that contact (exact: the path is quadratic between events).
  Without a state (``bola8 simulate``) the layout alone decides: the fact
  then says what it would be if the cue ball was in hand there.
- ``referee_fouls``: what a person saw, from the caller, and one the
  simulator sees: ``illegal_jump`` (Art. 12.1.f) for a scooped jump - the
  tip struck the cue ball below its centre (``Strike.tip_height`` < 0: for a
  level cue, any draw) and the cue ball, lifted by the stroke, flew over a
  ball before its first contact (``measure.passed_over``). A jump struck at
  or above the centre with a raised butt is legal (RULINGS.md, Art. 12b.f), and
  so is a small hop that passes over nothing. ``call``: the shooter's call.
- ``cue_ball_frozen_to`` (Art. 18): the object balls touching the cue ball
  when the shot starts, measured with Art. 17's ``FROZEN_GAP``.

``shot_of`` builds the ``rules.Shot`` directly (the values come from the
simulator, not from outside input); ``contract_facts`` is its JSON form as
``bola8 simulate`` prints it.
"""

from __future__ import annotations

from typing import Any

from bola8 import rules
from bola8.physics import measure
from bola8.physics.result import ShotResult

FROZEN_GAP = 1e-6   # m: a ball this close to a cushion (or to the cue ball) at the start is frozen to it
LEFT_GAP = 1e-4     # m: a frozen ball has left its cushion once it is this far away


def counted_cushion_contacts(result: ShotResult) -> list[tuple[int, int]]:
    """(event index, ball number) of the cushion contacts that count (Art. 17, see the module)."""
    contacts = measure.cushion_contacts(result)
    frozen: set[int] = set()
    if contacts:   # (only a ball with a cushion contact can need it)
        frozen = {i for i, gap in enumerate(measure.start_gaps(result).tolist()) if gap <= FROZEN_GAP}
    counted: list[tuple[int, int]] = []
    away: dict[int, float] = {}      # frozen ball -> when it first left its cushion
    for k, i in contacts:
        if i in frozen:
            if i not in away:
                away[i] = measure.time_away_from_cushions(result, i, LEFT_GAP)
            if not away[i] < float(result.ev_t[k]):
                continue
        counted.append((k, result.numbers[i]))
    return counted


def illegal_first_contact_behind_head_string(result: ShotResult, first: tuple[int, int] | None) -> bool:
    """Art. 8.2/9: the cue ball from the kitchen hit a ball on or behind the head string first (see the module)."""
    if first is None:
        return False
    ball, k = first
    line = result.spec.head_string_y
    if result.start[0][1] <= line and result.start[ball][1] <= line:
        return not measure.crossed_y(result, result.numbers.index(0), line, float(result.ev_t[k]))
    return False


def frozen_to_cue_ball(result: ShotResult) -> tuple[int, ...]:
    """Art. 18: the object balls touching the cue ball (within FROZEN_GAP) when the shot starts."""
    return tuple(sorted(b for b, gap in measure.gaps_to_ball(result, 0).items() if gap <= FROZEN_GAP))


def jump_of(result: ShotResult) -> str | None:
    """Art. 12.1.f: "legal" or "scoop" when the cue ball jumped over a ball before its first contact, else None.

    Told apart by where the tip struck (see the module); a result without its strike (built by hand) is no jump.
    """
    if result.strike is None or not measure.passed_over(result, 0):
        return None
    return "scoop" if result.strike.tip_height() < 0.0 else "legal"


def shot_of(result: ShotResult, call: rules.Call | None = None, referee_fouls: tuple[str, ...] = (), *,
            before: rules.State | None) -> rules.Shot:
    """The referee's facts of a simulated shot, with the caller's call and the fouls a person saw.

    ``before``: the referee's state the stroke was played from, which says whether the cue ball was
    in hand behind the head string (Art. 8.2's fact, see the module); None where there is no state.
    """
    first = measure.first_contact(result, 0)
    from_kitchen = before is None or before.cue_ball == "in_hand_behind_head_string"
    counted = counted_cushion_contacts(result)
    if "illegal_jump" not in referee_fouls and jump_of(result) == "scoop":
        referee_fouls = tuple(referee_fouls) + ("illegal_jump",)
    return rules.Shot(
        first_contact=None if first is None else first[0],
        pocketed=tuple(rules.Pocketed(ball, pocket) for ball, pocket, _t in result.pocketed),
        call=call,
        off_table=tuple(result.off_table),
        rail_after_contact=first is not None and any(k > first[1] for k, _ in counted),
        object_balls_to_rail=len({b for _, b in counted if b != 0}),
        illegal_first_contact_behind_head_string=(from_kitchen
                                                  and illegal_first_contact_behind_head_string(result, first)),
        referee_fouls=tuple(referee_fouls),
        cue_ball_frozen_to=frozen_to_cue_ball(result),
    )


def contract_facts(result: ShotResult) -> dict[str, Any]:
    """The facts as ``bola8 simulate`` prints them: the contract's SHOT without "call" (docs/simulate-json.md).

    There is no referee's state here, so Art. 8.2's fact is the layout's (see the module)."""
    shot = shot_of(result, before=None)
    return {
        "first_contact": shot.first_contact,
        "pocketed": [p.to_dict() for p in shot.pocketed],
        "off_table": list(shot.off_table),
        "rail_after_contact": shot.rail_after_contact,
        "object_balls_to_rail": shot.object_balls_to_rail,
        "illegal_first_contact_behind_head_string": shot.illegal_first_contact_behind_head_string,
        "referee_fouls": list(shot.referee_fouls),
    }
