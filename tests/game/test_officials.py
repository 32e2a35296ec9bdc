"""Art. 22 and 24 in a match: the shot clock after a warning, for the rest of the match, and a
disqualification at any moment - played, recorded and replayed."""

from __future__ import annotations

import dataclasses

import pytest

from bola8.errors import InputError
from bola8.game import Disqualify, MatchSettings, Warn, play_match
from bola8.game.record import RecordWriter, read_record, replay
from bola8.players.bot import BaselineBot
from bola8.players.noise import ExecutionNoise


class SlowBot(BaselineBot):
    """Plays like the baseline bot but takes ``seconds`` over every shot (it says so, as a person would)."""

    def __init__(self, *args, seconds: float, **kwargs):
        super().__init__(*args, **kwargs)
        self.seconds = seconds

    def choose_shot(self, game):
        return dataclasses.replace(super().choose_shot(game), elapsed_s=self.seconds)


def bots(seconds=(75.0, 75.0)):
    return tuple(SlowBot(name="AB"[i], seed=10 + i, noise=ExecutionNoise(1.0), seconds=seconds[i]) for i in (0, 1))


def play(tmp_path, settings, **kwargs):
    path = tmp_path / "m.jsonl"
    result = play_match(bots(kwargs.pop("seconds", (75.0, 75.0))), settings,
                        RecordWriter(str(path), {"players": ["A", "B"]}), **kwargs)
    return result, read_record(str(path))


def shots_of(lines, player):
    return [line for line in lines if line["type"] == "shot" and line["player"] == player]


def test_a_warned_player_is_on_the_clock_in_every_game_and_the_record_replays(tmp_path):
    result, lines = play(tmp_path, MatchSettings(race=2, seed=3, warned=(0,)))
    assert len(result.games) >= 2
    assert [line["type"] for line in lines[:2]] == ["match", "warn"] and lines[1]["player"] == 0
    mine = shots_of(lines, 0)
    games_with_my_shots = {line["_game"] for line in _with_games(lines) if line["type"] == "shot"
                           and line["player"] == 0}
    assert len(games_with_my_shots) >= 2                  # the warning outlived the first rack
    assert all(line["elapsed_s"] == 75.0 and "slow_play" in line["facts"]["referee_fouls"]
               and line["ruling"]["foul"] for line in mine)
    # the other player was never warned: his 75 s are not timed, and not a foul
    assert all(line["elapsed_s"] is None and "slow_play" not in line["facts"]["referee_fouls"]
               for line in shots_of(lines, 1))
    report = replay(lines)
    assert report.ok, report.mismatches[:3]


def _with_games(lines):
    number = 0
    for line in lines:
        if line["type"] == "game":
            number = line["number"]
        yield {**line, "_game": number}


def test_the_official_warns_in_the_middle_of_a_game_and_the_warning_holds_to_the_end(tmp_path):
    def referee(game, number):
        # after the break of the first game, B is warned
        if number == 1 and game.state.phase == "play" and not game.shot_clock.running(1):
            return [Warn(1)]
        return []

    result, lines = play(tmp_path, MatchSettings(race=2, seed=3), official=referee)
    warns = [i for i, line in enumerate(lines) if line["type"] == "warn"]
    assert len(warns) == 1 and lines[warns[0]]["player"] == 1
    first_shot = next(i for i, line in enumerate(lines) if line["type"] == "shot")
    assert warns[0] > first_shot                          # during the game, not before it
    timed = [line for line in lines[warns[0]:] if line["type"] == "shot" and line["player"] == 1]
    assert timed and all(line["elapsed_s"] == 75.0 for line in timed)
    assert all(line["elapsed_s"] is None for line in shots_of(lines, 0))
    assert replay(lines).ok
    # without the warn line the same record replays differently: the 75 s shots are no longer fouls
    removed = lines.pop(warns[0])
    try:
        report = replay(lines)
    except InputError as error:                   # the game went another way and cannot go on
        assert "differs from the record at line" in str(error)
    else:
        assert not report.ok and report.mismatches[0].what in ("facts", "ruling")
        assert report.mismatches[0].line > removed["_line"]


def test_a_player_on_the_clock_who_reports_nothing_is_timed_by_the_match(tmp_path):
    players = tuple(BaselineBot(name="AB"[i], seed=20 + i, noise=ExecutionNoise(1.0)) for i in (0, 1))
    path = tmp_path / "timed.jsonl"
    play_match(players, MatchSettings(race=1, seed=4, warned=(0, 1)), RecordWriter(str(path), {}))
    lines = read_record(str(path))
    shots = [line for line in lines if line["type"] == "shot"]
    assert all(0.0 <= line["elapsed_s"] < 60.0 for line in shots)   # a bot thinks in far less than a minute
    assert replay(lines).ok


@pytest.mark.parametrize("when", ["before game 2", "mid-game", "before the match"])
def test_a_disqualification_ends_the_match_is_recorded_and_replays(tmp_path, when):
    kwargs = {}
    if when == "before game 2":
        kwargs["official"] = lambda game, number: [Disqualify(0)] if number == 2 else []
    elif when == "mid-game":
        kwargs["official"] = lambda game, number: [Disqualify(1)] if game.state.phase == "play" else []
    else:
        kwargs["disqualified"] = 0
    result, lines = play(tmp_path, MatchSettings(race=3, seed=5), seconds=(None, None), **kwargs)
    assert result.result == "disqualification"
    loser = lines[-2]["player"]
    assert lines[-2]["type"] == "disqualify" and result.winner == 1 - loser
    assert lines[-1] == {**lines[-1], "type": "match_end", "winner": 1 - loser, "result": "disqualification",
                         "score": result.score}
    games = [line for line in lines if line["type"] == "game"]
    ends = [line for line in lines if line["type"] == "game_end"]
    assert len(games) == {"before game 2": 2, "mid-game": 1, "before the match": 0}[when]
    assert len(ends) == {"before game 2": 1, "mid-game": 0, "before the match": 0}[when]
    report = replay(lines)
    assert report.ok, report.mismatches[:3]


def test_replay_does_not_accept_a_game_after_a_disqualification(tmp_path):
    _, lines = play(tmp_path, MatchSettings(race=3, seed=5), seconds=(None, None),
                    official=lambda game, number: [Disqualify(0)] if number == 2 else [])
    disqualify = next(i for i, line in enumerate(lines) if line["type"] == "disqualify")
    del lines[disqualify]
    report = replay(lines)        # the record now stops in game 2 with nothing played
    assert not report.ok and report.mismatches[0].what == "sequence"


def test_officials_and_settings_are_checked():
    with pytest.raises(InputError, match="warned"):
        MatchSettings(warned=(2,))
    with pytest.raises(InputError, match="disqualified"):
        play_match((None, None), MatchSettings(), disqualified=3)
    with pytest.raises(InputError, match="official"):
        play_match(bots(), MatchSettings(race=1), official=lambda game, number: ["warn B"])
