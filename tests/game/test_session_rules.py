"""The match session's rules of play: a stalemate by agreement in two steps between players apart
(Art. 21.2), and the Art. 24 time started by actions, never by asking who acts."""

from __future__ import annotations

import pytest

from bola8.errors import InputError
from bola8.game.match import MatchSettings
from bola8.game.session import (AnswerAction, LagAction, MatchSession, OutOfTurn, PlaceAction, ProposeAction,
                                ShotAction)
from bola8.game.shot_clock import TurnTimer
from bola8.physics import Strike


def in_play(**settings: object) -> MatchSession:
    session = MatchSession(MatchSettings(race=2, seed=5, **settings))     # type: ignore[arg-type]
    session.apply(0, LagAction(2.4))
    session.apply(1, LagAction(2.6))
    return session


def test_a_proposal_accepted_replays_the_rack() -> None:
    session = in_play()
    number = session.number
    session.apply(0, ProposeAction())
    assert session.proposal is not None and session.proposal.by == 0
    with pytest.raises(OutOfTurn):
        session.apply(0, AnswerAction(True))                  # the proposer does not answer himself
    outcome = session.apply(1, AnswerAction(True))
    assert outcome.game_over and session.proposal is None
    assert session.games[-1]["result"] == "stalemate" and session.number == number + 1
    assert session.progress.score == [0, 0]


def test_a_proposal_declined_cannot_be_repeated_before_the_next_stroke() -> None:
    session = in_play()
    breaker = session.to_act().seat                           # type: ignore[union-attr]
    other = 1 - breaker
    session.apply(other, ProposeAction())                     # either seat, at any time in a game
    session.apply(breaker, AnswerAction(False))
    assert session.proposal is None and session.declined(other)
    with pytest.raises(OutOfTurn):
        session.apply(other, ProposeAction())
    if session.to_act().action == "place":                    # type: ignore[union-attr]
        session.apply(breaker, PlaceAction(0.6, 0.3))
    session.apply(breaker, ShotAction(Strike(speed=7.0, phi=90.0)))
    assert not session.declined(other)
    session.apply(other, ProposeAction())
    assert session.proposal is not None


def test_any_other_action_withdraws_an_unanswered_proposal() -> None:
    session = in_play()
    now = session.to_act()
    assert now is not None
    session.apply(1 - now.seat, ProposeAction())
    action = PlaceAction(0.6, 0.3) if now.action == "place" else ShotAction(Strike(speed=7.0, phi=90.0))
    session.apply(now.seat, action)
    assert session.proposal is None
    with pytest.raises(OutOfTurn):
        session.apply(now.seat, AnswerAction(True))


def test_nothing_is_proposed_before_a_game_is_in_play_nor_anything_but_a_stalemate() -> None:
    session = MatchSession(MatchSettings(race=1, seed=5))
    with pytest.raises(OutOfTurn):
        session.apply(0, ProposeAction())
    session = in_play()
    with pytest.raises(InputError):
        session.apply(0, ProposeAction("forfeit"))


def test_asking_who_acts_starts_no_clock(monkeypatch) -> None:
    clock = [1000.0]
    monkeypatch.setattr("bola8.game.session.time.monotonic", lambda: clock[0])
    session = in_play(warned=(0, 1))
    started = session._waiting_since
    assert started == 1000.0                                  # the lag that started the game started it
    clock[0] += 30
    for _ in range(5):
        session.to_act()                                      # a spectator's views: nothing changes
    assert session._waiting_since == started


def test_the_turn_timer_counts_from_when_the_balls_stopped() -> None:
    timer = TurnTimer()
    timer.taken(100.0, stroke_s=4.0)                          # a stroke of 4 s taken at 100
    assert timer.started == 104.0 and timer.elapsed(110.0) == 6.0
    timer.taken(101.0, stroke_s=2.0)                          # taken before the balls stopped: counts from 104
    assert timer.started == 106.0
    timer.taken(120.0, restarts=False)                        # a placement, a proposal: the time runs on
    assert timer.started == 106.0
    assert timer.stroke_time(False, 3.5, 130.0) == 3.5        # a seat off the clock states its own
    assert timer.stroke_time(True, None, 130.0) == 24.0       # a warned one is measured
    with pytest.raises(InputError, match="elapsed_s"):
        timer.stroke_time(True, 3.5, 130.0)
