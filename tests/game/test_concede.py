"""A match conceded by a player, or abandoned by him and claimed by his opponent: it ends at once, the
other player winning, whether a game or a lag is due - played, recorded, narrated and replayed."""

from __future__ import annotations

import json

import pytest

from bola8.errors import InputError
from bola8.game.match import MatchSettings
from bola8.game.narration import Narrator
from bola8.game.record import RecordWriter, replay
from bola8.game.session import ConcedeAction, MatchSession, bot_action
from bola8.players import make_player


def lines_of(writer: RecordWriter) -> list[dict[str, object]]:
    return [dict(json.loads(text), _line=i + 1) for i, text in enumerate(writer.text().splitlines())]


def session_with_writer(race: int = 2, seed: int = 4) -> tuple[MatchSession, RecordWriter]:
    writer = RecordWriter(None, {"players": ["Ana", "Luis"], "noise": 1.0})
    return MatchSession(MatchSettings(race=race, seed=seed), observers=(writer,)), writer


def play_actions(session: MatchSession, n: int) -> None:
    players = [make_player("bot", seed=1), make_player("bot", seed=2)]
    for _ in range(n):
        now = session.to_act()
        assert now is not None
        session.apply(*bot_action(session, players[now.seat]))


@pytest.mark.parametrize("abandoned, result", [(False, "concession"), (True, "abandonment")])
def test_a_match_conceded_in_a_rack_ends_the_other_winning_and_the_record_replays(abandoned, result) -> None:
    session, writer = session_with_writer()
    play_actions(session, 4)                      # the lag and the first strokes of game 1
    assert session.game is not None and session.number == 1
    outcome = session.apply(1, ConcedeAction(abandoned))
    assert outcome.match_over and session.to_act() is None
    assert session.result is not None and (session.result.winner, session.result.result) == (0, result)
    assert session.progress.score == [0, 0]       # no game was won: the match was, by the concession
    lines = lines_of(writer)
    assert [line["type"] for line in lines[-2:]] == ["concede", "match_end"]
    assert lines[-2]["player"] == 1 and lines[-2]["abandoned"] is abandoned
    assert lines[-1]["winner"] == 0 and lines[-1]["result"] == result
    report = replay(lines)
    assert report.ok, report.mismatches
    with pytest.raises(InputError):
        session.apply(0, ConcedeAction())          # nothing after the end, a second concession neither


def test_a_match_is_conceded_while_a_lag_is_due_too() -> None:
    session, writer = session_with_writer()
    assert session.to_act() is not None and session.to_act().action == "lag"   # type: ignore[union-attr]
    session.apply(0, ConcedeAction())
    assert session.result is not None and session.result.winner == 1
    report = replay(lines_of(writer))
    assert report.ok, report.mismatches


def test_a_record_whose_concession_was_removed_does_not_replay_as_ended() -> None:
    session, writer = session_with_writer()
    play_actions(session, 3)
    session.apply(0, ConcedeAction())
    lines = [line for line in lines_of(writer) if line["type"] != "concede"]
    report = replay(lines)
    assert not report.ok and any(m.what in ("sequence", "match result") for m in report.mismatches)


def test_a_tampered_concession_is_refused_naming_its_field() -> None:
    session, writer = session_with_writer()
    session.apply(0, ConcedeAction())
    lines = lines_of(writer)
    concede = next(line for line in lines if line["type"] == "concede")
    concede["abandoned"] = "yes"
    from bola8.game.record_format import check_fields

    with pytest.raises(InputError, match="abandoned"):
        check_fields(concede, int(concede["_line"]))     # type: ignore[arg-type]


def test_the_narration_says_who_conceded_or_abandoned_and_who_won() -> None:
    narrator = Narrator(["Ana", "Luis"], race=3, lang="en")
    assert narrator.concede(1, 2, False) == ["  Luis concedes the match"]
    assert narrator.concede(1, None, True) == ["Luis has abandoned the match and the opponent claims it"]
    from bola8.game.match import MatchResult

    assert narrator.match_end(MatchResult(score=[1, 2], winner=0, result="concession")) == [
        "Ana wins the match: Luis concedes it; score 1-2"]
    es = Narrator(["Ana", "Luis"], race=3)
    assert es.match_end(MatchResult(score=[0, 0], winner=1, result="abandonment")) == [
        "Luis gana el encuentro: Ana lo abandonó; marcador 0-0"]
