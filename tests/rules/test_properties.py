"""Properties over random legal states and random allowed shots (hypothesis)."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bola8.errors import InputError
from bola8.rules import (EIGHT, POCKETS, RULESETS, Call, Decision, Pocketed, Ruling, Shot, State,
                         callable_balls, decide, judge)
from bola8.rules.shot import REFEREE_FOULS
from bola8.rules.state import EIGHT_ON_BREAK_OPTIONS, ILLEGAL_BREAK_OPTIONS

OBJECT_BALLS = frozenset(range(1, 16))
FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def states(draw) -> State:
    """Any state the contract allows and a game can reach (before the game is over)."""
    ruleset = draw(st.sampled_from(sorted(RULESETS)))
    if draw(st.integers(0, 4)) == 0:
        return State.initial(ruleset=ruleset, breaker=draw(st.integers(0, 1)))
    others = draw(st.sets(st.sampled_from(sorted(OBJECT_BALLS - {EIGHT}))))
    on_table = tuple(sorted(others | {EIGHT}))
    shooter, breaker = draw(st.integers(0, 1)), draw(st.integers(0, 1))
    turns = draw(st.integers(0, RULESETS[ruleset].stalemate_turns - 1))
    if draw(st.booleans()):
        groups = draw(st.sampled_from([("solids", "stripes"), ("stripes", "solids")]))
        if len(on_table) == 15:      # a group is assigned only by a ball that went down (Art. 11.2)
            on_table = on_table[1:]
        cue = draw(st.sampled_from(["on_table", "in_hand"]))
        return State(on_table=on_table, ruleset=ruleset, shooter=shooter, breaker=breaker, groups=groups,
                     cue_ball=cue, turns_without_attempt=turns)
    cue = draw(st.sampled_from(["on_table", "in_hand", "in_hand_behind_head_string"]))
    kind = draw(st.integers(0, 3))
    if kind == 0:      # after an illegal break: the breaker's opponent decides
        return State(on_table=on_table, ruleset=ruleset, shooter=1 - breaker, breaker=breaker,
                     cue_ball=draw(st.sampled_from(["on_table", "in_hand_behind_head_string"])),
                     decision=Decision(1 - breaker, ILLEGAL_BREAK_OPTIONS))
    if kind == 1 and ruleset == "spanish":     # after the 8 on a legal break: the breaker decides
        return State(on_table=tuple(b for b in on_table if b != EIGHT), ruleset=ruleset, shooter=breaker,
                     breaker=breaker, decision=Decision(breaker, EIGHT_ON_BREAK_OPTIONS))
    return State(on_table=on_table, ruleset=ruleset, shooter=shooter, breaker=breaker, cue_ball=cue,
                 turns_without_attempt=turns)


def random_shot(rng: random.Random, state: State) -> Shot:
    """A shot the contract allows in ``state`` (no decision pending, game not over)."""
    pocketed, off = [], []
    called = callable_balls(state)
    call = None
    if state.phase == "play" and called and rng.random() < 0.7:
        call = Call(rng.choice(called), rng.choice(POCKETS))
    for ball in (0,) + state.on_table:
        roll = rng.random()
        if call is not None and ball == call.ball and roll < 0.5:
            pocketed.append(Pocketed(ball, call.pocket if roll < 0.4 else rng.choice(POCKETS)))
        elif roll < 0.12:
            pocketed.append(Pocketed(ball, rng.choice(POCKETS)))
        elif roll < 0.15:
            off.append(ball)
    rng.shuffle(pocketed)
    first = rng.choice(state.on_table) if state.on_table and rng.random() < 0.9 else None
    if call is not None and rng.random() < 0.5:
        first = call.ball
    fouls = tuple(f for f in REFEREE_FOULS if rng.random() < 0.03)
    if first is None and "touched_ball" not in fouls:     # no contact moves no object ball
        pocketed = [p for p in pocketed if p.ball == 0]
        off = [b for b in off if b == 0]
    return Shot(first_contact=first, pocketed=tuple(pocketed), call=call, off_table=tuple(off),
                rail_after_contact=rng.random() < 0.7,
                object_balls_to_rail=rng.randint(0, min(15, len(state.on_table))) if first is not None or "touched_ball" in fouls else 0,
                illegal_first_contact_behind_head_string=rng.random() < 0.2, referee_fouls=fouls)


def act(rng: random.Random, state: State):
    """One allowed action in ``state``: a choice when one is pending, else a shot."""
    if state.decision is not None:
        choice = rng.choice(state.decision.options)
        return None, decide(state, choice)
    shot = random_shot(rng, state)
    return shot, judge(state, shot)


def check_ruling(before: State, shot: Shot | None, ruling: Ruling, after: State) -> None:
    # The next state is a state the contract allows, and it and the ruling survive JSON unchanged.
    assert State.from_dict(json.loads(json.dumps(after.to_dict()))) == after
    assert Ruling.from_dict(json.loads(json.dumps(ruling.to_dict("en")))) == ruling
    if shot is not None:
        assert Shot.from_dict(json.loads(json.dumps(shot.to_dict()))) == shot
    # A game over has exactly one result.
    if after.phase == "over":
        assert after.result in ("win", "stalemate", "forfeit") and after.decision is None
        assert (after.winner is None) == (after.result == "stalemate")
    else:
        assert after.result is None and after.winner is None
    # Reasons whenever something happens to the turn or the game.
    if ruling.foul or ruling.turn_passes or after.decision is not None or after.phase == "over":
        assert ruling.reasons
    assert ruling.turn_passes == (after.phase != "over" and after.shooter != before.shooter)
    # A foul gives the opponent the cue ball in hand.
    if ruling.foul and after.phase != "over":
        assert after.shooter == 1 - before.shooter and after.cue_ball.startswith("in_hand")
    # Groups never change once assigned.
    if before.groups is not None:
        assert after.groups == before.groups
    # Re-spotted balls come in Art. 16's order and are on the table.
    assert list(ruling.respotted) == sorted(set(ruling.respotted))
    if after.phase == "break":
        assert after.on_table == tuple(range(1, 16)) and after.shooter == after.breaker
        assert after.cue_ball == "in_hand_behind_head_string"
        return
    assert set(ruling.respotted) <= set(after.on_table)
    # The 16 balls are accounted for: on the table, down before, or down on this shot and not re-spotted.
    if shot is not None:
        gone = set(shot.pocketed_object_balls) | set(shot.off_table_object_balls)
        assert set(ruling.respotted) <= gone
        assert set(after.on_table) == (set(before.on_table) - gone) | set(ruling.respotted)
        assert set(ruling.legally_pocketed) <= set(shot.pocketed_object_balls)
    else:
        assert set(after.on_table) == set(before.on_table) | set(ruling.respotted)
    down = OBJECT_BALLS - set(after.on_table)
    assert len(after.on_table) + len(down) + 1 == 16


@FAST
@given(states(), st.randoms(use_true_random=False))
def test_the_referee_never_raises_on_allowed_input_and_keeps_its_invariants(state, rng):
    assert State.from_dict(state.to_dict()) == state
    shot, (ruling, after) = act(rng, state)
    check_ruling(state, shot, ruling, after)


@FAST
@given(states(), st.randoms(use_true_random=False))
def test_callable_balls_are_on_the_table_and_never_refused(state, rng):
    balls = callable_balls(state)
    assert set(balls) <= set(state.on_table)
    if state.phase == "break" or state.decision is not None:
        assert balls == ()
    for ball in balls:
        judge(state, Shot(first_contact=ball, call=Call(ball, rng.choice(POCKETS))))


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(sorted(RULESETS)), st.integers(0, 1), st.randoms(use_true_random=False))
def test_random_games_stay_consistent_and_end_with_a_valid_result(ruleset, breaker, rng):
    state = State.initial(ruleset=ruleset, breaker=breaker)
    for _ in range(400):
        shot, (ruling, after) = act(rng, state)
        check_ruling(state, shot, ruling, after)
        state = after
        if state.phase == "over":
            break
    if state.phase == "over":
        assert state.result in ("win", "stalemate")
        try:
            judge(state, Shot(first_contact=None))
        except InputError:
            pass
        else:
            raise AssertionError("a shot after the game was over was judged")
    else:
        assert State.from_dict(state.to_dict()) == state


def test_random_games_mostly_finish():
    rng = random.Random(8)
    finished = 0
    for _ in range(50):
        state = State.initial()
        for _ in range(400):
            _, (_, state) = act(rng, state)
            if state.phase == "over":
                finished += 1
                break
    assert finished == 50
