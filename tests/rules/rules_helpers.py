"""Helpers for the referee tests: states and shots written as the contract's JSON."""

from __future__ import annotations

from bola8.rules import Shot, State, judge

ALL = list(range(1, 16))
BREAK = {"phase": "break", "cue_ball": "in_hand_behind_head_string", "on_table": ALL}
GROUPS = {"groups": ["solids", "stripes"]}          # player 0 solids, player 1 stripes


def state(**fields) -> State:
    data = {"on_table": ALL, **fields}
    return State.from_dict(data)


def break_state(**fields) -> State:
    return State.from_dict({**BREAK, **fields})


def down(ball: int, pocket: str = "foot-left") -> dict:
    return {"ball": ball, "pocket": pocket}


def call(ball: int, pocket: str = "foot-left") -> dict:
    return {"ball": ball, "pocket": pocket}


def shoot(before: State, **facts):
    """Judge a shot given as the contract's SHOT fields (``pocketed`` defaults to [])."""
    facts.setdefault("pocketed", [])
    facts.setdefault("first_contact", None)
    return judge(before, Shot.from_dict(facts))


def codes(ruling) -> list[str]:
    return [r.code for r in ruling.reasons]


def articles(ruling) -> list[str]:
    return [r.article for r in ruling.reasons]
