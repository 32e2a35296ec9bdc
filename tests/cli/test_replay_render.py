"""bola8 replay and render on records: the commands print what the library answers (in process), and
one subprocess for the reader's limits."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

import pytest


@pytest.fixture(scope="module")
def record(tmp_path_factory):
    from bola8.game import MatchSettings, play_match
    from bola8.game.record import RecordWriter
    from bola8.players import make_player

    path = tmp_path_factory.mktemp("cli-rec") / "m.jsonl"
    names = ["bot A", "bot B"]
    players = tuple(make_player("bot", name=names[i], seed=6 + i) for i in range(2))
    play_match(players, MatchSettings(race=1, seed=3), RecordWriter(str(path), {"players": names}))
    return path


def replay_command(path, capsys, *, lang="es", as_json=False):
    from bola8.cli import replay

    status = replay.run(argparse.Namespace(file=str(path), json=as_json, lang=lang))
    return status, capsys.readouterr().out


@pytest.mark.parametrize("lang, words, damaged", [
    ("es", "El encuentro se interrumpió durante su primera partida", "DAÑADO: la línea 9 del registro está cortada"),
    ("en", "The match was interrupted during its first game", "DAMAGED: line 9 of the record is cut in the middle"),
])
def test_replay_says_an_interrupted_match_was_interrupted_not_different(record, tmp_path, capsys, lang, words,
                                                                          damaged):
    lines = record.read_bytes().splitlines(keepends=True)
    ended = tmp_path / "ended.jsonl"
    ended.write_bytes(b"".join(lines[:8]))
    status, out = replay_command(ended, capsys, lang=lang)
    assert status == 0 and out.startswith("OK: ") and words in out
    assert "DIFERENT" not in out and "DISTINTO" not in out and damaged[:7] not in out
    # cut in the middle of a line: the same replay, and the damage said (exit 1: the file is not whole)
    cut = tmp_path / "cut.jsonl"
    cut.write_bytes(b"".join(lines[:8]) + lines[8][:30])
    status, out = replay_command(cut, capsys, lang=lang)
    assert status == 1 and out.startswith("OK: ") and words in out and damaged in out


def test_replay_json_is_the_reports_dict(record, capsys):
    status, out = replay_command(record, capsys, as_json=True)
    report = json.loads(out)
    assert status == 0 and report["ok"] is True and report["complete"] is True
    assert report["interrupted_after"] is None and report["mismatches"] == [] and report["shots"] > 0


def test_render_writes_the_diagram_and_never_over_the_record(record, tmp_path, capsys):
    from bola8.cli import render

    out = tmp_path / "shot.svg"
    assert render.run(argparse.Namespace(file=str(record), shot=2, output=str(out), lang="en")) == 0
    assert "Shot 2 · game 1 · bot" in out.read_text() and "Legend:" in out.read_text()
    before = record.read_bytes()
    assert render.run(argparse.Namespace(file=str(record), shot=1, output=str(record), lang="en")) == 2
    assert json.loads(capsys.readouterr().out.splitlines()[-1])["error"].startswith("--output:")
    assert render.run(argparse.Namespace(file=str(record), shot=99, output=str(out), lang="es")) == 2
    assert json.loads(capsys.readouterr().out)["error"].startswith("--shot: 99 no es un tiro de este registro")
    assert record.read_bytes() == before


def test_replay_and_render_refuse_dev_zero_after_one_line_as_a_program():
    for command in (["replay", "/dev/zero"], ["render", "/dev/zero", "-o", "/dev/null"]):
        done = subprocess.run([sys.executable, "-m", "bola8", *command, "--lang", "en"], capture_output=True,
                              text=True, timeout=120)
        assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
        assert json.loads(done.stdout)["error"] == ("record line 1: longer than 1048576 bytes; is '/dev/zero' a "
                                                    "bola8 record?")
