"""Whole matches between bots: valid results, faithful records, the lag, alternate breaks."""

from __future__ import annotations

import copy
import json
import math

import pytest

from bola8.errors import InputError
from bola8.game import MatchSettings, lag_stroke, lag_winner, play_match
from bola8.game.lag import LagStroke
from bola8.game.match import coin_toss_winner
from bola8.game.record import RecordWriter, read_record, replay
from bola8.players import make_player


def run_match(tmp_path, seed, race=2, noise=1.0, ruleset="spanish"):
    players = (make_player("bot", name="A", seed=2 * seed, noise=noise),
               make_player("bot", name="B", seed=2 * seed + 1, noise=noise))
    path = tmp_path / f"m{seed}.jsonl"
    writer = RecordWriter(str(path), {"players": ["A", "B"], "race": race, "seed": seed, "table": "9ft",
                                      "ruleset": ruleset})
    result = play_match(players, MatchSettings(race=race, seed=seed, ruleset=ruleset), writer)
    return result, path


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_bot_match_ends_with_a_valid_result_and_replays_identically(tmp_path, seed):
    result, path = run_match(tmp_path, seed)
    assert result.winner in (0, 1)
    assert max(result.score) == 2 and result.score[result.winner] == 2
    lines = read_record(str(path))
    assert lines[0]["type"] == "match" and lines[-1]["type"] == "match_end"
    report = replay(lines)
    assert report.ok, report.mismatches[:5]
    assert report.shots > 0 and report.games >= 2


def test_coin_op_match_also_plays_out(tmp_path):
    result, path = run_match(tmp_path, 4, race=1, ruleset="spanish-coin-op")
    assert result.winner in (0, 1)
    assert replay(read_record(str(path))).ok


def test_breaks_alternate_and_hill_hill_is_lagged_again(tmp_path):
    reached = set()
    for seed in range(1, 9):       # matches that reach hill-hill and matches that do not
        result, path = run_match(tmp_path, seed, race=2)
        lines = read_record(str(path))
        lags = [line for line in lines if line["type"] == "lag"]
        assert lags[0]["reason"] == "first_break"
        scored = [g for g in result.games if g["result"] != "stalemate"]
        hill_hill = len(scored) == 3                    # race to 2 reached 1-1
        assert any(lag["reason"] == "hill_hill" for lag in lags) == hill_hill
        reached.add(hill_hill)
        breakers = [g["breaker"] for g in scored]
        assert breakers[1] == 1 - breakers[0]           # Art. 4.2
        assert breakers[0] == lags[0]["breaker"]
    assert reached == {True, False}


def test_a_tampered_record_is_caught(tmp_path):
    _, path = run_match(tmp_path, 1, race=1)
    lines = path.read_text().splitlines()
    for i, text in enumerate(lines):
        line = json.loads(text)
        if line["type"] == "shot":
            line["ruling"]["foul"] = not line["ruling"]["foul"]
            lines[i] = json.dumps(line)
            break
    path.write_text("\n".join(lines) + "\n")
    report = replay(read_record(str(path)))
    assert not report.ok and report.mismatches[0].what == "ruling"


def test_the_lag_goes_to_the_foot_cushion_and_back(spec):
    good = lag_stroke(spec, 3.0, player=0)
    weak = lag_stroke(spec, 0.5, player=1)            # never reaches the foot cushion: loses
    assert math.isinf(weak.distance)
    assert lag_winner(good, weak) == 0
    assert 0 <= good.distance < spec.length


def test_lag_ties_and_double_losses_are_replayed():
    a = LagStroke(0, 2.0, 0.3, (0.3, 0.33))
    b = LagStroke(1, 2.0, 0.3, (0.9, 0.33))
    assert lag_winner(a, b) is None
    lost = LagStroke(0, 0.5, math.inf, None)
    assert lag_winner(lost, LagStroke(1, 0.5, math.inf, None)) is None
    assert lag_winner(lost, b) == 1


def test_disqualification_forfeits_the_match():
    result = play_match((None, None), MatchSettings(race=3), disqualified=0)
    assert result.winner == 1 and result.result == "disqualification"


def test_a_race_must_be_a_positive_whole_number():
    with pytest.raises(InputError, match="race"):
        MatchSettings(race=0)


@pytest.mark.parametrize("seed", range(10, 18))
def test_noisy_single_games_end_validly_and_replay(tmp_path, seed):
    # Level-4 noise: many misses, fouls, spotted balls and balls in hand.
    result, path = run_match(tmp_path, seed, race=1, noise=4.0)
    assert result.winner in (0, 1)
    lines = read_record(str(path))
    for line in lines:
        if line["type"] in ("shot", "choice", "declare"):
            on_table = {int(b) for b in line["layout"] if b != "0"}
            if line["state"]["phase"] == "play":
                assert on_table == set(line["state"]["on_table"])
    ends = [line for line in lines if line["type"] == "game_end"]
    assert all((e["result"] == "stalemate") == (e["winner"] is None) for e in ends)
    assert replay(lines).ok


def test_noiseless_bots_tie_every_lag_and_a_seeded_coin_toss_decides(tmp_path):
    # Identical players without noise stop at the same distance every time (Art. 4
    # says nothing of endless ties): the match still starts, and replays.
    result, path = run_match(tmp_path, 5, race=1, noise=0.0)
    lines = read_record(str(path))
    lag = next(line for line in lines if line["type"] == "lag")
    first, second = lag["strokes"]
    assert first["distance"] == second["distance"] and lag["coin_toss"] is True
    assert lag["winner"] == coin_toss_winner(5, "first_break")
    assert result.winner in (0, 1)
    assert replay(lines).ok


def test_a_record_with_a_field_of_the_wrong_type_is_refused_naming_line_and_field(tmp_path):
    _, path = run_match(tmp_path, 1, race=1)
    lines = path.read_text().splitlines()
    number = next(i for i, line in enumerate(lines) if json.loads(line)["type"] == "place")
    place = json.loads(lines[number])
    place["x"] = [0.5]
    lines[number] = json.dumps(place)
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(InputError, match=f"record line {number + 1}: x must be a finite number"):
        read_record(str(path))


def test_a_replay_that_cannot_go_on_after_a_difference_says_where_it_began(tmp_path):
    _, path = run_match(tmp_path, 1, race=1)
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    shot = next(i for i, line in enumerate(lines) if line["type"] == "shot" and i > 3)
    lines[shot]["strike"]["speed"] = 0.05       # a different stroke: everything after it differs
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    try:
        report = replay(read_record(str(path)))
    except InputError as error:
        assert f"differs from the record at line {shot + 1}" in str(error)
    else:
        assert not report.ok and report.mismatches[0].line == shot + 1


def test_a_record_that_is_not_utf8_is_refused_naming_the_line(tmp_path):
    path = tmp_path / "b.jsonl"
    path.write_bytes(b'{"type": "match", "format": "bola8-record", "version": 1, "table": "9ft", '
                     b'"ruleset": "spanish", "race": 1, "seed": 1}\n\xff\xfe\n')
    with pytest.raises(InputError, match=r"record line 2: not UTF-8 text \(byte 0xff at column 1\)"):
        read_record(str(path))


# ------------------------------------------------------- replay follows the match, not only the shots
@pytest.fixture(scope="module")
def hill_hill_record(tmp_path_factory):
    """A race to 2 that reaches 1-1, then the lag again (Art. 4.2) and the deciding game: the
    record of the first match seed that gets there (which one depends on the racks)."""
    folder = tmp_path_factory.mktemp("hh")
    for seed in range(1, 30):
        _, path = run_match(folder, seed, race=2)
        lines = [json.loads(line) for line in path.read_text().splitlines()]
        if [line["reason"] for line in lines if line["type"] == "lag"] == ["first_break", "hill_hill"]:
            return lines
    raise AssertionError("no match of seeds 1-29 reached hill-hill")


def replay_of(lines, tmp_path):
    path = tmp_path / "changed.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return replay(read_record(str(path)))


def index_of(lines, kind, nth=0, **fields):
    found = [i for i, line in enumerate(lines)
             if line["type"] == kind and all(line.get(k) == v for k, v in fields.items())]
    return found[nth]


def first_mismatch(lines, tmp_path):
    report = replay_of(lines, tmp_path)
    assert not report.ok
    return report.mismatches[0]


def test_the_untouched_hill_hill_record_replays(hill_hill_record, tmp_path):
    assert replay_of(hill_hill_record, tmp_path).ok


@pytest.mark.parametrize("change, kind, what", [
    (lambda ls: ls[-1].update(winner=1 - ls[-1]["winner"]), "match_end", "match result"),
    (lambda ls: ls[-1].update(score=[2, 2]), "match_end", "match result"),
    (lambda ls: ls[index_of(ls, "game_end")].update(score=[5, 0]), "game_end", "score"),
    (lambda ls: ls[index_of(ls, "game_end")].update(winner=None, result="stalemate"), "game_end",
     "game result"),
    (lambda ls: ls[index_of(ls, "shot", 3)].update(player=1 - ls[index_of(ls, "shot", 3)]["player"]),
     "shot", "player"),
    (lambda ls: ls[index_of(ls, "place", 1)].update(player=1 - ls[index_of(ls, "place", 1)]["player"]),
     "place", "player"),
    (lambda ls: ls[index_of(ls, "lag")].update(reason="hill_hill"), "lag", "sequence"),
    (lambda ls: ls[index_of(ls, "game", 1)].update(number=5), "game", "game"),
])
def test_replay_confirms_the_match_level_lines(hill_hill_record, tmp_path, change, kind, what):
    lines = copy.deepcopy(hill_hill_record)
    change(lines)
    mismatch = first_mismatch(lines, tmp_path)
    assert (mismatch.kind, mismatch.what) == (kind, what)


def test_replay_confirms_the_breaks_alternate_and_the_lag_winners_choice(hill_hill_record, tmp_path):
    # Art. 4.2: game 2 is broken by the other player; the record says the same player broke again.
    lines = copy.deepcopy(hill_hill_record)
    second = index_of(lines, "game", 1)
    lines[second]["breaker"] = 1 - lines[second]["breaker"]
    mismatch = first_mismatch(lines, tmp_path)
    assert (mismatch.line, mismatch.what) == (second + 1, "breaker")
    # Art. 4.1: the lag winner's choice decides the first break; the record's first game contradicts it.
    lines = copy.deepcopy(hill_hill_record)
    lag = index_of(lines, "lag")
    lines[lag]["breaker"] = 1 - lines[lag]["breaker"]
    mismatch = first_mismatch(lines, tmp_path)
    assert (mismatch.line, mismatch.what) == (index_of(lines, "game") + 1, "breaker")


def test_replay_wants_the_lag_again_at_hill_hill(hill_hill_record, tmp_path):
    lines = copy.deepcopy(hill_hill_record)
    relag = index_of(lines, "lag", 1)
    del lines[relag]
    mismatch = first_mismatch(lines, tmp_path)
    assert (mismatch.line, mismatch.what) == (relag + 1, "sequence")
    assert (mismatch.recorded, mismatch.replayed) == ("game 3", "lag (hill_hill)")


@pytest.mark.parametrize("cut, finished", [("mid-game", 0), ("before match_end", 3), ("after a game_end", 1)])
def test_a_record_cut_off_before_the_match_ends_is_an_interrupted_match_not_a_difference(
        hill_hill_record, tmp_path, cut, finished):
    lines = copy.deepcopy(hill_hill_record)
    if cut == "mid-game":
        lines = lines[:index_of(lines, "shot", 5) + 1]
    elif cut == "before match_end":
        lines = lines[:-1]
    else:
        lines = lines[:index_of(lines, "game_end") + 1]
    report = replay_of(lines, tmp_path)
    assert report.ok and not report.complete
    assert report.interrupted_after == finished
    assert replay_of(hill_hill_record, tmp_path).complete


def test_lines_after_the_match_end_differ(hill_hill_record, tmp_path):
    lines = copy.deepcopy(hill_hill_record)
    lines.append(copy.deepcopy(lines[index_of(lines, "lag")]))
    mismatch = first_mismatch(lines, tmp_path)
    assert (mismatch.line, mismatch.what, mismatch.replayed) == (len(lines), "sequence", "end of record")


def test_a_game_with_another_rack_seed_differs_at_its_game_line(hill_hill_record, tmp_path):
    lines = copy.deepcopy(hill_hill_record)
    second = index_of(lines, "game", 1)
    lines[second]["rack_seed"] += 1
    try:
        report = replay_of(lines, tmp_path)
    except InputError as error:          # the other rack cannot take the recorded strokes
        assert f"differs from the record at line {second + 1}" in str(error)
    else:
        assert (report.mismatches[0].line, report.mismatches[0].what) == (second + 1, "game")


def test_a_match_with_other_physics_records_them_and_replays(tmp_path):
    from bola8.physics import PhysicsSettings

    settings = MatchSettings(race=1, seed=2, physics=PhysicsSettings(cushion_model="han2005"))
    players = (make_player("bot", seed=4), make_player("bot", seed=5))
    path = tmp_path / "han.jsonl"
    play_match(players, settings, RecordWriter(str(path), {"players": ["A", "B"]}))
    lines = read_record(str(path))
    assert lines[0]["physics"] == {"cushion_model": "han2005", "stronge_omega_ratio": 1.8}
    report = replay(lines)
    assert report.ok, report.mismatches[:3]
    # The same record claiming the default physics: the replay differs (the bounces are not the same).
    lines[0]["physics"] = None
    try:
        assert not replay(lines).ok
    except InputError as error:
        assert "differs from the record" in str(error)


def test_physics_a_record_cannot_keep_are_refused_before_the_match():
    from bola8.physics import BallParams, PhysicsSettings

    odd = PhysicsSettings(ball=BallParams(mu_roll=0.02))
    with pytest.raises(InputError, match="physics: a record keeps only"):
        RecordWriter(None, {}).on_match_start(MatchSettings(physics=odd))
    with pytest.raises(InputError, match="physics:"):
        MatchSettings(physics={"cushion_model": "han2005"})


# ---------------------------------------------------------------- Art. 4: the lag and the break choice
def test_the_ball_that_stops_nearer_the_head_cushion_wins_the_lag(spec):
    near = lag_stroke(spec, 4.0, player=0)      # back to about 0.4 m from the head cushion
    far = lag_stroke(spec, 3.4, player=1)       # stops about 1.6 m from it, nearer the foot cushion
    for stroke in (near, far):
        assert stroke.distance == pytest.approx(stroke.final[1] - spec.ball_radius)   # from the head cushion
    assert near.final[1] < far.final[1] < spec.length / 2 + 0.5
    assert lag_winner(near, far) == 0 and lag_winner(far, near) == 0
    assert lag_winner(lag_stroke(spec, 3.4, player=0), lag_stroke(spec, 4.0, player=1)) == 1


class Lagger:
    def __init__(self, speed, breaks):
        self.speed, self.breaks = speed, breaks

    def lag_speed(self, spec):
        return self.speed

    def wants_to_break(self):
        return self.breaks


@pytest.mark.parametrize("winner_breaks, loser_breaks", [(True, False), (False, True), (True, True), (False, False)])
@pytest.mark.parametrize("winner", [0, 1])
def test_the_lag_winner_chooses_who_breaks(spec, winner, winner_breaks, loser_breaks):
    from bola8.game.match import NullObserver, _lag

    players = [None, None]
    players[winner] = Lagger(4.0, winner_breaks)
    players[1 - winner] = Lagger(3.4, loser_breaks)
    breaker = _lag(players, spec, MatchSettings(), NullObserver(), reason="first_break")
    assert breaker == (winner if winner_breaks else 1 - winner)
