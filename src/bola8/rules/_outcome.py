"""Building a ruling and the next state from the decisions of the articles."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace

from bola8.rules.articles.art16_spotting import art_16_spotting_order
from bola8.rules.ruling import Ruling, reason
from bola8.rules.shot import Shot
from bola8.rules.state import Result, State


def table_after(state: State, shot: Shot, respotted: tuple[int, ...]) -> tuple[int, ...]:
    """Object balls on the table after the shot: those that stayed, plus the re-spotted ones."""
    gone = set(shot.pocketed_object_balls) | set(shot.off_table_object_balls)
    return tuple(sorted((set(state.on_table) - gone) | set(respotted)))


def unique(codes: Iterable[str]) -> tuple[str, ...]:
    """Reason codes in order, each once."""
    return tuple(dict.fromkeys(codes))


def make_ruling(before: State, after: State, *, codes: Iterable[str], foul: bool = False,
                legally_pocketed: Iterable[int] = (), respotted: Iterable[int] = (),
                values: Mapping[str, Mapping[str, object]] | None = None) -> tuple[Ruling, State]:
    """The ruling and next state. ``turn_passes``: the next player to act is not the one who just
    acted (False once the game is over: there is no next turn). Re-spotted balls get Art. 16's
    order and its reason. ``values``: code -> the values its sentence holds."""
    values = values or {}
    respotted = art_16_spotting_order(tuple(respotted))
    listed = list(codes)
    if respotted:
        listed.append("balls_respotted")
    passes = after.phase != "over" and after.shooter != before.shooter
    ruling = Ruling(foul=foul, reasons=tuple(reason(c, **values.get(c, {})) for c in unique(listed)),
                    legally_pocketed=tuple(sorted(legally_pocketed)), respotted=respotted,
                    turn_passes=passes)
    return ruling, after


def fresh_rack(state: State, breaker: int) -> State:
    """A rack to be played again: phase "break", all 15, cue ball in the kitchen (Art. 3, 7.1)."""
    return State.initial(ruleset=state.ruleset, breaker=breaker)


def game_over(state: State, *, result: Result, winner: int | None, on_table: Iterable[int] | None = None,
              turns_without_attempt: int | None = None) -> State:
    """The game ended: no turn follows, so no decision, no called shot in a turn, no ball in hand."""
    return replace(state, phase="over", result=result, winner=winner, decision=None, called_this_turn=False,
                   cue_ball="on_table",
                   on_table=state.on_table if on_table is None else tuple(on_table),
                   turns_without_attempt=(state.turns_without_attempt if turns_without_attempt is None
                                          else turns_without_attempt))
