"""Properties of the referee over realistic games and over any allowed state (hypothesis).

``games()`` plays whole racks the way people do: mostly called shots at one's
own group into the called pocket, some misses, safeties (no call), fouls,
shots at the 8 and, now and then, a declaration. Two styles of play reach
every ending: "attacking" games assign groups and end on the 8 (won or lost),
"cautious" ones end as Art. 21.1 stalemates. ``test_the_games_reach_*`` prove
that they do, so the properties below are checked where they can fail.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, Phase, find, given, settings
from hypothesis import strategies as st

from bola8.errors import InputError
from bola8.rules import (EIGHT, POCKETS, RULESETS, Call, Decision, Pocketed, Ruling, Shot, State,
                         callable_balls, decide, declare, judge, legal_first_contacts)
from bola8.rules.shot import REFEREE_FOULS
from bola8.rules.state import EIGHT_ON_BREAK_OPTIONS, ILLEGAL_BREAK_OPTIONS

OBJECT_BALLS = frozenset(range(1, 16))
MAX_ACTIONS = 250

# Per mille of each kind of shot after the break, by style (the rest are fouls), and of each
# declaration before an action: cautious players agree to a stalemate more readily.
STYLES = {
    "attacking": {"pot": 700, "miss": 120, "safety": 60, "stalemate": 3, "forfeit": 4},
    "cautious": {"pot": 150, "miss": 30, "safety": 720, "stalemate": 12, "forfeit": 4},
}


@dataclass(frozen=True)
class Step:
    """One action of a game and what the referee made of it."""

    before: State
    kind: str                    # "shot" | "choice" | "declare"
    shot: Shot | None
    ruling: Ruling
    after: State


# ---------------------------------------------------------------- strategies
def _some(draw, balls, most: int) -> list[int]:
    """Up to ``most`` distinct balls out of ``balls``, drawn one by one."""
    pool, chosen = list(balls), []
    for _ in range(draw(st.integers(0, most))):
        if not pool:
            break
        ball = draw(st.sampled_from(pool))
        pool.remove(ball)
        chosen.append(ball)
    return chosen


def _per_mille(draw, limit: int) -> bool:
    """True ``limit`` times in a thousand. Hypothesis favours the bounds of a range (0 and 999 come
    up a few percent of the time), so the rare outcome sits in the middle of it."""
    return 400 <= draw(st.integers(0, 999)) < 400 + limit


@st.composite
def break_shots(draw, state: State) -> Shot:
    """An opening shot: the rack hit (rarely missed), a few balls down, some to the cushions,
    now and then a scratch, a jumped ball or a referee-entered foul."""
    fouls = (draw(st.sampled_from(REFEREE_FOULS)),) if _per_mille(draw, 30) else ()
    first = None if _per_mille(draw, 40) else draw(st.sampled_from(state.on_table))
    pocketed, off, to_rail = [], [], 0
    if first is not None or "touched_ball" in fouls:
        pocketed = [Pocketed(b, draw(st.sampled_from(POCKETS))) for b in _some(draw, state.on_table, 3)]
        if _per_mille(draw, 60):
            off = _some(draw, sorted(set(state.on_table) - {p.ball for p in pocketed}), 1)
        to_rail = draw(st.integers(0, 8))
    if _per_mille(draw, 80):
        pocketed.append(Pocketed(0, draw(st.sampled_from(POCKETS))))
    return Shot(first_contact=first, pocketed=tuple(pocketed), off_table=tuple(off),
                object_balls_to_rail=to_rail, referee_fouls=fouls)


@st.composite
def play_shots(draw, state: State, style: str = "attacking") -> Shot:
    """A shot after the break: a pot, a miss, a safety or a foul, in the style's proportions."""
    weights = STYLES[style]
    targets = callable_balls(state)               # own group, else the 8 (Art. 2.5)
    legal_first = legal_first_contacts(state)
    others = [b for b in state.on_table if b not in legal_first]
    roll = draw(st.integers(0, 999))
    kitchen = state.cue_ball == "in_hand_behind_head_string"

    if roll < weights["pot"] and targets:
        ball = draw(st.sampled_from(targets))
        call = Call(ball, draw(st.sampled_from(POCKETS)))
        # Mostly straight in; sometimes a combination, the wrong pocket, a ball more, the scratch.
        first = ball if not _per_mille(draw, 100) else draw(st.sampled_from(legal_first))
        # (the 8 more often: a game has one shot at it, and Art. 20.1.d must be met where it can fail)
        where = call.pocket if not _per_mille(draw, 250 if ball == EIGHT else 60) else draw(st.sampled_from(POCKETS))
        pocketed = [Pocketed(ball, where)]
        if _per_mille(draw, 150):
            extra = [b for b in state.on_table if b != ball]
            pocketed += [Pocketed(b, draw(st.sampled_from(POCKETS))) for b in _some(draw, extra, 1)]
        if _per_mille(draw, 40):
            pocketed.append(Pocketed(0, draw(st.sampled_from(POCKETS))))
        off = []
        if _per_mille(draw, 25):
            off = _some(draw, [b for b in state.on_table if b not in {p.ball for p in pocketed}], 1)
        return Shot(first_contact=first, pocketed=tuple(pocketed), call=call, off_table=tuple(off),
                    rail_after_contact=draw(st.booleans()))
    if roll < weights["pot"] + weights["miss"] and targets:
        ball = draw(st.sampled_from(targets))
        dropped = _some(draw, [b for b in state.on_table if b != ball], 1) if _per_mille(draw, 100) else []
        return Shot(first_contact=ball, call=Call(ball, draw(st.sampled_from(POCKETS))),
                    pocketed=tuple(Pocketed(b, draw(st.sampled_from(POCKETS))) for b in dropped),
                    rail_after_contact=True)
    if roll < weights["pot"] + weights["miss"] + weights["safety"] and legal_first:
        first = draw(st.sampled_from(legal_first))    # sometimes a push-through (Art. 18.2)
        return Shot(first_contact=first, rail_after_contact=True,
                    cue_ball_frozen_to=(first,) if _per_mille(draw, 200) else (),
                    illegal_first_contact_behind_head_string=kitchen and _per_mille(draw, 100))
    return draw(fouls(state, targets, legal_first, others))


@st.composite
def fouls(draw, state: State, targets, legal_first, others) -> Shot:
    """A foul of one of the seed's kinds, called or not."""
    call = Call(draw(st.sampled_from(targets)), draw(st.sampled_from(POCKETS))) \
        if targets and draw(st.booleans()) else None
    first = draw(st.sampled_from(legal_first)) if legal_first else None
    kind = draw(st.sampled_from(("wrong_ball", "no_rail", "scratch", "no_contact", "referee", "kitchen", "wild")))
    if kind == "wrong_ball" and others:
        wrong = draw(st.sampled_from(others))     # sometimes from frozen to it (Art. 18.3-18.4)
        return Shot(first_contact=wrong, call=call, rail_after_contact=True,
                    cue_ball_frozen_to=(wrong,) if draw(st.booleans()) else ())
    if kind == "no_rail":
        return Shot(first_contact=first, call=call, rail_after_contact=False)
    if kind == "no_contact":
        return Shot(first_contact=None, call=call,
                    pocketed=(Pocketed(0, draw(st.sampled_from(POCKETS))),) if draw(st.booleans()) else ())
    if kind == "kitchen" and state.cue_ball == "in_hand_behind_head_string" and first is not None:
        return Shot(first_contact=first, call=call, rail_after_contact=True,
                    illegal_first_contact_behind_head_string=True)
    if kind == "referee":
        dropped = [Pocketed(call.ball, call.pocket)] if call is not None and draw(st.booleans()) else []
        return Shot(first_contact=first, call=call, pocketed=tuple(dropped), rail_after_contact=True,
                    referee_fouls=(draw(st.sampled_from(REFEREE_FOULS)),))
    if kind == "wild":
        # Anything the contract allows: balls of any group down or off the table, a person's touch.
        referee = ("touched_ball",) if draw(st.booleans()) else ()
        first = draw(st.sampled_from(state.on_table)) if draw(st.booleans()) else None
        moved = list(state.on_table) if first is not None or referee else []
        down = _some(draw, moved, 3)
        off = _some(draw, [b for b in moved if b not in down], 1)
        pocketed = [Pocketed(b, draw(st.sampled_from(POCKETS))) for b in down + ([0] * draw(st.integers(0, 1)))]
        return Shot(first_contact=first, call=call, pocketed=tuple(pocketed), off_table=tuple(off),
                    rail_after_contact=draw(st.booleans()), referee_fouls=referee)
    # "scratch" (and the kinds that do not apply here): the cue ball follows the called ball in.
    dropped = [Pocketed(call.ball, call.pocket)] if call is not None and draw(st.booleans()) else []
    return Shot(first_contact=first, call=call, rail_after_contact=True,
                pocketed=tuple(dropped) + (Pocketed(0, draw(st.sampled_from(POCKETS))),))


@st.composite
def actions(draw, state: State, style: str = "attacking") -> tuple[str, object]:
    """The next allowed action: the pending choice, a rare declaration, else a shot."""
    if state.decision is not None:
        return "choice", draw(st.sampled_from(state.decision.options))
    if _per_mille(draw, STYLES[style]["stalemate"]):
        return "declare", ("stalemate", None)
    if _per_mille(draw, STYLES[style]["forfeit"]):
        return "declare", ("forfeit", draw(st.integers(0, 1)))
    if state.phase == "break":
        return "shot", draw(break_shots(state))
    return "shot", draw(play_shots(state, style))


def act(state: State, kind: str, payload) -> Step:
    if kind == "choice":
        return Step(state, kind, None, *decide(state, payload))
    if kind == "declare":
        return Step(state, kind, None, *declare(state, *payload))
    return Step(state, kind, payload, *judge(state, payload))


@st.composite
def games(draw) -> list[Step]:
    """One rack played to its end (or MAX_ACTIONS actions): every step, in order."""
    state = State.initial(ruleset=draw(st.sampled_from(sorted(RULESETS))), breaker=draw(st.integers(0, 1)))
    style = draw(st.sampled_from(sorted(STYLES)))
    steps: list[Step] = []
    while state.phase != "over" and len(steps) < MAX_ACTIONS:
        step = act(state, *draw(actions(state, style)))
        steps.append(step)
        state = step.after
    return steps


@st.composite
def states(draw) -> State:
    """Any state the contract allows and a game can reach before it is over."""
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
        called = draw(st.booleans())
        return State(on_table=on_table, ruleset=ruleset, shooter=shooter, breaker=breaker, groups=groups,
                     cue_ball=draw(st.sampled_from(["on_table", "in_hand"])), called_this_turn=called,
                     turns_without_attempt=0 if called else turns)
    kind = draw(st.integers(0, 3))
    if kind == 0:      # after an illegal break: the breaker's opponent decides
        return State(on_table=on_table, ruleset=ruleset, shooter=1 - breaker, breaker=breaker,
                     cue_ball=draw(st.sampled_from(["on_table", "in_hand_behind_head_string"])),
                     decision=Decision(1 - breaker, ILLEGAL_BREAK_OPTIONS))
    if kind == 1 and ruleset == "spanish":     # after the 8 on a legal break: the breaker decides
        return State(on_table=tuple(b for b in on_table if b != EIGHT), ruleset=ruleset, shooter=breaker,
                     breaker=breaker, decision=Decision(breaker, EIGHT_ON_BREAK_OPTIONS))
    cue = draw(st.sampled_from(["on_table", "in_hand", "in_hand_behind_head_string"]))
    return State(on_table=on_table, ruleset=ruleset, shooter=shooter, breaker=breaker, cue_ball=cue,
                 turns_without_attempt=turns)


# ---------------------------------------------------------------- the properties
def check_step(step: Step) -> None:
    before, shot, ruling, after = step.before, step.shot, step.ruling, step.after
    # A game over has exactly one result, and no turn, decision or ball in hand follows it.
    if after.phase == "over":
        assert after.result in ("win", "stalemate", "forfeit") and after.decision is None
        assert (after.winner is None) == (after.result == "stalemate")
        assert after.cue_ball == "on_table" and not after.called_this_turn
        assert "ball_in_hand" not in ruling.codes and not ruling.turn_passes
    else:
        assert after.result is None and after.winner is None
    # The next state is one the contract allows; it, the ruling (in Spanish and in English) and the
    # shot survive JSON unchanged.
    assert State.from_dict(json.loads(json.dumps(after.to_dict()))) == after
    for lang in ("es", "en"):
        assert Ruling.from_dict(json.loads(json.dumps(ruling.to_dict(lang), ensure_ascii=False))) == ruling
    if shot is not None:
        assert Shot.from_dict(json.loads(json.dumps(shot.to_dict()))) == shot
    # Reasons whenever something happens to the turn or the game.
    if ruling.foul or ruling.turn_passes or after.decision is not None or after.phase == "over":
        assert ruling.reasons
    # Who shoots next, from the rules text (each an implication, so none restates the referee):
    # a game over has no next turn; a foul (Art. 13), no call or a called ball not pocketed as
    # called (Art. 2.1) and a ball off the table (Art. 15.1) give the table to the opponent, and a
    # foul-free called ball pocketed as called with nothing off the table keeps it (Art. 12a).
    if after.phase == "over":
        assert not ruling.turn_passes
    elif shot is not None and before.phase == "play":
        as_called = shot.call is not None and shot.pocket_of(shot.call.ball) == shot.call.pocket
        if ruling.foul or not as_called or shot.off_table_object_balls:
            assert ruling.turn_passes and after.shooter == 1 - before.shooter
        else:
            assert not ruling.turn_passes and after.shooter == before.shooter
    if "object_ball_off_table" in ruling.codes and after.phase != "over":   # its sentence says the turn ends
        assert ruling.turn_passes
    # A foul gives the opponent the cue ball in hand.
    if ruling.foul and after.phase != "over":
        assert after.shooter == 1 - before.shooter and after.cue_ball.startswith("in_hand")
    # Groups never change once assigned, and only a legal called pot assigns them (Art. 11).
    if before.groups is not None:
        assert after.groups == before.groups
    if before.groups is None and after.groups is not None:
        assert shot is not None and shot.call is not None and not ruling.foul
        assert shot.call.ball in ruling.legally_pocketed
    # Art. 1.3 / 19 / 20, written from the rules text: the shooter wins exactly when, his group
    # cleared before the shot (on an open table: no solid or stripe left), the 8 drops in the pocket
    # he called for it, it was the first ball hit, and nothing makes the shot a foul.
    if shot is not None and before.phase == "play":
        wins = after.result == "win" and after.winner == before.shooter
        assert wins == expected_win(before, shot)
    # Art. 18: driving into a frozen ball is a foul exactly when that ball may not be hit first,
    # and then it is Art. 18's foul, not Art. 10's.
    if shot is not None and before.phase == "play" and shot.first_contact in shot.cue_ball_frozen_to:
        frozen_foul = {"frozen_opponent_ball_driven_into", "frozen_eight_driven_into"} & set(ruling.codes)
        if shot.first_contact in legal_first_contacts(before):
            assert not frozen_foul
        else:
            assert ruling.foul and frozen_foul and "wrong_first_contact" not in ruling.codes
    # Art. 21.1: a called shot resets the count; an uncalled one adds a turn unless this turn had a call.
    if shot is not None and before.phase == "play" and after.phase != "break":
        if shot.call is not None:
            assert after.turns_without_attempt == 0
        else:
            assert after.turns_without_attempt == before.turns_without_attempt + (not before.called_this_turn)
        assert after.called_this_turn == (after.phase == "play" and not ruling.turn_passes
                                          and shot.call is not None and not ruling.foul)
    if after.result == "stalemate" and step.kind == "shot":
        assert "stalemate_no_attempts" in ruling.codes
    # Re-spotted balls come in Art. 16's order and are on the table.
    assert list(ruling.respotted) == sorted(set(ruling.respotted))
    if after.phase == "break":
        assert after.on_table == tuple(range(1, 16)) and after.shooter == after.breaker
        assert after.cue_ball == "in_hand_behind_head_string"
        return
    assert set(ruling.respotted) <= set(after.on_table)
    # Every ball is accounted for: on the table, down before, or down on this shot and not re-spotted.
    if shot is not None:
        gone = set(shot.pocketed_object_balls) | set(shot.off_table_object_balls)
        assert set(ruling.respotted) <= gone
        assert set(after.on_table) == (set(before.on_table) - gone) | set(ruling.respotted)
        assert set(ruling.legally_pocketed) <= set(shot.pocketed_object_balls)
    else:
        assert set(after.on_table) == set(before.on_table) | set(ruling.respotted)


def expected_win(before: State, shot: Shot) -> bool:
    if before.groups is None:
        left = [b for b in before.on_table if b != EIGHT]
    else:
        left = [b for b in before.on_table if b in before.groups[before.shooter].balls]
    kitchen_foul = (before.cue_ball == "in_hand_behind_head_string"
                    and shot.illegal_first_contact_behind_head_string)
    return (not left and shot.call is not None and shot.call.ball == EIGHT
            and shot.pocket_of(EIGHT) == shot.call.pocket and shot.first_contact == EIGHT
            and 0 not in shot.pocketed_balls and 0 not in shot.off_table and EIGHT not in shot.off_table
            and not shot.referee_fouls and not kitchen_foul)


GAMES = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                          HealthCheck.data_too_large])


@GAMES
@given(games())
def test_realistic_games_keep_the_referees_invariants(steps):
    for step in steps:
        check_step(step)
    end = steps[-1].after
    if end.phase == "over":
        with pytest.raises(InputError, match="over"):
            judge(end, Shot(first_contact=None))
    else:
        assert len(steps) == MAX_ACTIONS


FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(states(), st.data())
def test_any_allowed_action_in_any_allowed_state_keeps_the_invariants(state, data):
    assert State.from_dict(state.to_dict()) == state
    check_step(act(state, *data.draw(actions(state, data.draw(st.sampled_from(sorted(STYLES)))))))


@FAST
@given(states(), st.sampled_from(POCKETS))
def test_callable_balls_are_on_the_table_and_never_refused(state, pocket):
    balls = callable_balls(state)
    assert set(balls) <= set(state.on_table)
    if state.phase == "break" or state.decision is not None:
        assert balls == ()
    for ball in balls:
        judge(state, Shot(first_contact=ball, call=Call(ball, pocket)))


# ------------------------------------------------- the games reach every ending
def endings(steps: list[Step]) -> set[str]:
    """What a game went through, in the words of the properties above."""
    seen = set()
    if sum(1 for s in steps if s.before.groups is not None and s.ruling.legally_pocketed) >= 3:
        seen.add("legal pots with groups assigned")
    if any(s.before.called_this_turn and s.shot is not None and s.shot.call is None for s in steps):
        seen.add("a safety after a pot in the same turn")
    if any(code.startswith("frozen_") for s in steps for code in s.ruling.codes):
        seen.add("a frozen wrong ball driven into")
    last = steps[-1]
    if last.after.phase == "over":
        if last.after.result == "win" and last.kind == "shot":
            seen.add("won on the 8" if last.after.winner == last.before.shooter else "lost")
        else:
            seen.add(f"{last.after.result} by {last.kind}")
    return seen


ENDINGS = ("legal pots with groups assigned", "a safety after a pot in the same turn",
           "a frozen wrong ball driven into", "won on the 8", "lost",
           "stalemate by shot", "stalemate by declare", "forfeit by declare")


@pytest.mark.parametrize("ending", ENDINGS)
def test_the_games_reach_every_ending_the_properties_speak_of(ending):
    # The first game that goes through it, found by generating only (no shrinking), reproducibly.
    find(games().map(endings), lambda seen: ending in seen,
         settings=settings(max_examples=1000, phases=[Phase.generate], database=None, derandomize=True,
                           deadline=None, suppress_health_check=list(HealthCheck)))
