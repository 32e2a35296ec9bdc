"""A real table's record: when each action was entered, and ``bola8 replay`` checking every ruling and
state by entering the actions again (bola8.game.real_table_record)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from bola8.errors import InputError
from bola8.game.real_table import RealTableMatch
from bola8.game.real_table_record import replay_real_table
from bola8.game.record_reader import read_record

OPENED = 1_796_000_000.0          # 2026-11-30T00:53:20 UTC, in unix seconds
BREAK_POT = {"first_contact": 1, "pocketed": [{"ball": 1, "pocket": "foot-left"}], "object_balls_to_rail": 4}
EIGHT_EARLY = {"call": {"ball": 2, "pocket": "foot-right"}, "first_contact": 2,
               "pocketed": [{"ball": 2, "pocket": "foot-right"}, {"ball": 8, "pocket": "side-left"}]}


def kept_match() -> RealTableMatch:
    """Race to 2: Ana breaks and pockets the 8 early (Luis wins the game), Luis breaks, Ana is warned, then
    forfeits the game: Luis wins 2-0."""
    match = RealTableMatch(("Ana", "Luis"), race=2, opened_at=OPENED)
    match.lag(0, at=OPENED + 60)
    match.shot(BREAK_POT, at=OPENED + 95)
    match.shot(EIGHT_EARLY, at=OPENED + 130)
    match.shot(BREAK_POT, at=OPENED + 200)
    match.warn(0, at=OPENED + 230)
    match.declare("forfeit", 0, at=OPENED + 260)
    return match


def written(match: RealTableMatch, path: Path) -> Path:
    path.write_text(match.record_text())
    return path


def replay_command(path: Path, capsys: pytest.CaptureFixture[str], lang: str = "es") -> tuple[int, str]:
    from bola8.cli import replay

    status = replay.run(argparse.Namespace(file=str(path), json=False, lang=lang))
    return status, capsys.readouterr().out


def test_the_record_says_when_each_action_was_entered_and_how_long_the_match_took() -> None:
    lines = kept_match().record_lines()
    assert lines[0]["opened_at"] == "2026-11-30T00:53:20+00:00"
    assert [line["type"] for line in lines] == ["match", "lag", "shot", "shot", "game_end", "shot", "warn", "declare",
                                                "game_end", "match_end"]
    assert lines[3]["at"] == lines[4]["at"] == "2026-11-30T00:55:30+00:00"          # the game ends with its shot
    assert lines[-1] == {"type": "match_end", "winner": 1, "score": [0, 2], "result": "race",
                         "at": "2026-11-30T00:57:40+00:00", "duration_s": 260}
    # a match given no times writes none (a library user's, or a table from before the times were kept)
    untimed = RealTableMatch(("Ana", "Luis"), race=1)
    untimed.lag(0)
    assert all("at" not in line and "opened_at" not in line for line in untimed.record_lines())


def test_bola8_replay_checks_a_real_tables_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = written(kept_match(), tmp_path / "t.jsonl")
    report = replay_real_table(read_record(str(path)))
    assert report.ok and report.complete and report.actions == 6 and report.shots == 3
    status, out = replay_command(path, capsys)
    assert status == 0 and out.startswith("OK: mesa real, 2 partidas, 6 acciones anotadas de nuevo"), out
    status, out = replay_command(path, capsys, "en")
    assert status == 0 and out.startswith("OK: a real table, 2 games, 6 actions entered again"), out


def test_a_changed_ruling_or_a_time_going_back_is_a_difference(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = kept_match().record_lines()
    lines[3]["ruling"]["foul"] = True                       # the 8 early written down as a foul
    lines[5]["at"] = lines[1]["at"]                         # a shot entered before the lag
    path = tmp_path / "t.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    report = replay_real_table(read_record(str(path)))
    assert [(m.line, m.what) for m in report.mismatches] == [(4, "ruling"), (6, "sequence")], report.mismatches
    status, out = replay_command(path, capsys, "en")
    assert status == 1 and out.startswith("DIFFERENT: 2 mismatches") and "line 4 (shot): the ruling differs at foul" in out


def test_a_tampered_line_is_refused_naming_its_line_and_field(tmp_path: Path) -> None:
    lines = kept_match().record_lines()
    lines[2]["player"] = 7
    path = tmp_path / "t.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    with pytest.raises(InputError) as refused:
        read_record(str(path))
    assert refused.value.en == "record line 3: player: 7 is not player 0 or 1."
    lines[2]["player"] = 0
    lines[2]["pocketed"] = [{"ball": 1, "pocket": "nowhere"}]
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    with pytest.raises(InputError) as refused:
        replay_real_table(read_record(str(path)))
    assert refused.value.en.startswith("record line 3 (shot): ") and "pocket" in refused.value.en
