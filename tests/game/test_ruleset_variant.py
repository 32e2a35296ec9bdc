"""A ruleset variant is a value that plays: through Game, the match, the record header and replay.

Issue 9, bug 3: ``Game.new(ruleset=<a Ruleset>)`` was refused, ``Game.play``
judged under the named ruleset whatever the game was given, and the match
settings and the record header kept only the name.
"""

from __future__ import annotations

import copy
import io
import json
from contextlib import redirect_stderr, redirect_stdout

import pytest

from bola8.cli import main
from bola8.errors import InputError
from bola8.game import Game, MatchSettings, play_match
from bola8.game.record import RecordWriter, read_record, replay
from bola8.physics import Strike
from bola8.players import make_player
from bola8.rules import Ruleset, get_ruleset

QUICK_STALEMATE = get_ruleset("spanish").with_settings(stalemate_turns=1)


def after_the_break(ruleset) -> Game:
    game = Game.new("9ft", ruleset=ruleset, rack_seed=1)
    game = game.place_cue_ball(game.spec.width / 2, game.spec.head_string_y)
    game = game.play(Strike(speed=9.0, phi=90.0)).game
    assert game.state.phase == "play" and game.state.decision is None and not game.is_over
    return game


def a_safety(game: Game) -> Game:
    if game.needs_placement:
        game = game.place_cue_ball(game.spec.width / 2, game.spec.length * 0.2)
    return game.play(Strike(speed=2.0, phi=80.0), None).game


def test_game_new_takes_a_variant_and_keeps_it():
    variant = get_ruleset("spanish").with_settings(stalemate="off")
    game = Game.new(ruleset=variant)
    assert game.ruleset == variant and game.state.ruleset == "spanish"
    assert Game.new(ruleset="spanish-coin-op").ruleset == get_ruleset("spanish-coin-op")


def test_game_play_judges_under_the_games_variant():
    # Art. 21.1 with stalemate_turns=1: the first uncalled shot after the break ends the game;
    # under the named ruleset (6 turns) the same shot does not.
    ended = a_safety(after_the_break(QUICK_STALEMATE))
    assert (ended.state.phase, ended.state.result) == ("over", "stalemate")
    goes_on = a_safety(after_the_break("spanish"))
    assert goes_on.state.phase == "play" and goes_on.state.turns_without_attempt == 1


def test_a_game_refuses_a_ruleset_that_is_not_its_states():
    game = Game.new(ruleset="spanish")
    with pytest.raises(InputError, match=r"^ruleset: 'spanish-coin-op' is not the state's ruleset"):
        Game(spec=game.spec, state=game.state, balls=game.balls, ruleset=get_ruleset("spanish-coin-op"))


def test_match_settings_hold_the_value_and_read_a_name():
    variant = get_ruleset("spanish").with_settings(stalemate="off")
    assert MatchSettings(ruleset=variant).ruleset is variant
    assert MatchSettings(ruleset="spanish-coin-op").ruleset == get_ruleset("spanish-coin-op")
    with pytest.raises(InputError, match=r"^ruleset: \"pool\" is not a ruleset"):
        MatchSettings(ruleset="pool")


def _match_record(tmp_path, ruleset: Ruleset, seed: int = 1) -> list[dict]:
    players = (make_player("bot", name="A", seed=2 * seed), make_player("bot", name="B", seed=2 * seed + 1))
    path = tmp_path / f"variant{seed}.jsonl"
    writer = RecordWriter(str(path), {"players": ["A", "B"]})
    play_match(players, MatchSettings(race=1, seed=seed, ruleset=ruleset), writer)
    return read_record(str(path))


def _without_attempt(lines: list[dict]) -> dict | None:
    """The first shot line after which a turn without attempt is counted (Art. 21.1), if any."""
    return next((line for line in lines if line["type"] == "shot" and line["state"]["turns_without_attempt"] == 1),
                None)


def test_the_record_header_keeps_the_variant_and_replay_plays_it(tmp_path):
    variant = get_ruleset("spanish").with_settings(stalemate="off", stalemate_turns=9)
    # The first match seed whose bots play a turn without attempt (a safety that is not after a pot).
    lines = next(found for seed in range(1, 9)
                 if _without_attempt(found := _match_record(tmp_path, variant, seed)) is not None)
    assert lines[0]["ruleset"] == {"name": "spanish", "respot_pocketed": True, "open_table_respot": True,
                                   "eight_on_break": "choice", "stalemate": "off", "stalemate_turns": 9,
                                   "shot_clock_s": 60.0}
    assert Ruleset.from_dict(lines[0]["ruleset"]) == variant
    assert replay(lines).ok
    # Replay judges under the header's settings: with a stalemate after one turn without attempt,
    # the first turn without attempt of the record ends its game there, and the replay differs.
    first = _without_attempt(lines)
    assert first is not None
    tampered = copy.deepcopy(lines)
    tampered[0]["ruleset"].update(stalemate="auto", stalemate_turns=1)
    with pytest.raises(InputError, match=rf"it already differs from the record at line {first['_line']} "):
        replay(tampered)


def test_a_record_header_with_a_bad_ruleset_is_refused_naming_the_field(tmp_path):
    lines = _match_record(tmp_path, get_ruleset("spanish"))
    assert lines[0]["ruleset"]["name"] == "spanish"
    old = copy.deepcopy(lines)
    old[0]["ruleset"] = "spanish"           # a header of before: the name alone is that ruleset
    assert replay(old).ok
    bad = copy.deepcopy(lines)
    bad[0]["ruleset"]["stalemate"] = "never"
    path = tmp_path / "bad.jsonl"
    path.write_text("".join(json.dumps({k: v for k, v in line.items() if k != "_line"}) + "\n" for line in bad))
    with pytest.raises(InputError, match=r"ruleset\.stalemate: \"never\" is not allowed"):
        read_record(str(path))


def test_bola8_match_plays_a_variant_set_on_the_command_line_and_it_replays(tmp_path):
    path = tmp_path / "cli.jsonl"
    out = io.StringIO()
    with redirect_stdout(out), redirect_stderr(io.StringIO()):
        code = main(["match", "--race", "1", "--seed", "3", "--quiet", "--ruleset", "spanish",
                     "--set", "stalemate=off", "--set", "shot_clock_s=30", "--record", str(path)])
    assert code == 0
    lines = read_record(str(path))
    assert Ruleset.from_dict(lines[0]["ruleset"]) == get_ruleset("spanish").with_settings(stalemate="off",
                                                                                           shot_clock_s=30.0)
    assert replay(lines).ok
    for bad, field in ((["--set", "stalemate=never"], "--set stalemate"), (["--set", "pool=1"], "--set"),
                       (["--set", "stalemate"], "--set")):
        err = io.StringIO()
        with redirect_stdout(err), redirect_stderr(io.StringIO()):
            assert main(["match", "--race", "1", "--lang", "en", *bad]) == 2
        assert json.loads(err.getvalue())["error"].startswith(field + ":")
