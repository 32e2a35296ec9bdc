"""The step-driven match: bots pushing actions one by one make a record that replay confirms."""

from __future__ import annotations

import json

import pytest

from bola8.errors import InputError
from bola8.game.match import MatchSettings
from bola8.game.record import RecordWriter, replay
from bola8.game.session import LagAction, MatchSession, OutOfTurn, PlaceAction, bot_action
from bola8.players import make_player


def test_bots_driven_action_by_action_make_a_record_that_replay_confirms() -> None:
    writer = RecordWriter(None, {"players": ["a", "b"], "noise": 1.0})
    session = MatchSession(MatchSettings(race=1, seed=5), observers=(writer,))
    players = [make_player("bot", seed=1), make_player("bot", seed=2)]
    kinds = set()
    while (now := session.to_act()) is not None:
        kinds.add(now.action)
        session.apply(*bot_action(session, players[now.seat]))
    assert {"lag", "place", "shot"} <= kinds
    assert session.result is not None and session.result.winner in (0, 1)
    lines = [dict(json.loads(text), _line=i + 1) for i, text in enumerate(writer.text().splitlines())]
    report = replay(lines)
    assert report.ok, report.mismatches
    assert report.games == 1 and report.shots > 0


def test_lag_order_and_refusals() -> None:
    session = MatchSession(MatchSettings(race=1, seed=0))
    now = session.to_act()
    assert now is not None and (now.seat, now.action, now.reason) == (0, "lag", "first_break")
    with pytest.raises(OutOfTurn):
        session.apply(1, LagAction(2.4))
    with pytest.raises(OutOfTurn):
        session.apply(0, PlaceAction(0.6, 0.4))
    with pytest.raises(InputError):
        session.apply(0, LagAction(-1.0))
    session.apply(0, LagAction(2.4, breaks=False))
    assert session.to_act() is not None and session.to_act().seat == 1   # type: ignore[union-attr]
    outcome = session.apply(1, LagAction(9.0, breaks=False))
    if outcome.lag_winner is not None:          # decided: the winner's choice says who breaks
        assert session.progress.breaker == 1 - outcome.lag_winner
        assert session.to_act().action == "place"  # type: ignore[union-attr]


def test_warned_player_is_timed_and_disqualification_ends_the_match() -> None:
    from bola8.physics import Strike

    session = MatchSession(MatchSettings(race=1, seed=0, warned=(0, 1)))
    session.lag(0, 2.3)
    session.lag(1, 2.6)
    now = session.to_act()
    assert now is not None and now.action == "place"
    session.place(now.seat, 0.6, 0.3)
    outcome = session.shot(now.seat, Strike(speed=8.0, phi=90.0))
    assert outcome.turn is not None and outcome.turn.elapsed_s is not None and outcome.turn.elapsed_s >= 0
    session.disqualify(1)
    assert session.to_act() is None and session.result is not None
    assert (session.result.winner, session.result.result) == (0, "disqualification")
    with pytest.raises(InputError):
        session.lag(0, 2.0)
