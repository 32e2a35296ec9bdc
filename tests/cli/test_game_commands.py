"""bola8 match, replay and render, run as a person runs them (in process: tests/cli/cli_run.py)."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET

import pytest
from cli_run import run_cli

HEADER = json.dumps({"type": "match", "format": "bola8-record", "version": 1, "table": "9ft",
                     "ruleset": "spanish", "race": 1, "seed": 1})


def bola8(*args, cwd=None):
    return run_cli(*args, cwd=cwd)


@pytest.fixture(scope="module")
def record(tmp_path_factory):
    path = tmp_path_factory.mktemp("match") / "m.jsonl"
    done = bola8("match", "--players", "bot,bot", "--race", "1", "--seed", "3", "--record", str(path))
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    return path, done


def test_match_prints_every_shot_with_its_articles_and_its_progress(record):
    _, done = record
    assert "Arrime" in done.stdout and "Partida 1" in done.stdout
    assert "Art." in done.stdout
    assert re.search(r"bot [AB] gana el encuentro 1-0$", done.stdout.strip().splitlines()[-1])  # winner first
    assert re.fullmatch(r"[01]-[01] \(a 1 partida\)\n", done.stderr)     # not a terminal: one plain line a game
    assert "de la banda de cabecera" in done.stdout and "Arrime para el primer tiro de apertura" in done.stdout
    assert "saca" not in done.stdout and "saque" not in done.stdout and "tablas" not in done.stdout
    assert re.search(r"queda a \d+,\d cm de la banda de cabecera", done.stdout)      # decimal comma
    assert re.search(r"coloca la bola blanca a \d,\d{3} m de la banda izquierda y a \d,\d{3} m de la banda "
                     r"de cabecera", done.stdout)
    assert re.search(r"grupos \(Art\. 11\): bot A (lisas|rayadas), bot B (lisas|rayadas)", done.stdout)


def test_match_speaks_english_on_request(tmp_path):
    done = bola8("match", "--race", "1", "--seed", "4", "--lang", "en", "--quiet")
    assert done.returncode == 0, done.stderr
    assert "wins the match" in done.stdout
    assert "(race to 1)" in done.stderr
    full = bola8("match", "--race", "1", "--seed", "4", "--lang", "en").stdout
    assert re.search(r"stops \d+\.\d cm from the head cushion", full) and "Lag for the first break" in full


def test_replay_confirms_the_record(record):
    path, _ = record
    done = bola8("replay", str(path))
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith("OK: 1 partida, ") and "tiros" in done.stdout     # a race to 1
    assert bola8("replay", str(path), "--lang", "en").stdout.startswith("OK: 1 game, ")
    as_json = json.loads(bola8("replay", str(path), "--json").stdout)
    assert as_json["ok"] and as_json["shots"] > 0


def test_render_draws_a_shot_as_svg(record, tmp_path):
    path, _ = record
    out = tmp_path / "shot.svg"
    done = bola8("render", str(path), "--shot", "2", "-o", str(out), "--lang", "en")
    assert done.returncode == 0, done.stdout + done.stderr
    root = ET.parse(out).getroot()
    assert root.tag.endswith("svg")
    text = out.read_text()
    assert "polyline" in text and "Shot 2" in text


@pytest.mark.parametrize("args, field", [
    (["match", "--players", "bot"], "--players"),
    (["match", "--players", "bot,alien"], "--players"),
    (["match", "--race", "0"], "--race"),
    (["match", "--noise", "-1"], "--noise"),
    (["match", "--noise", "nan"], "--noise"),
    (["demo", "--race", "0"], "--race"),
    (["replay", "/nonexistent/file.jsonl"], "record"),
    (["match", "--race", "1", "--record", "/nonexistent/dir/m.jsonl"], "--record"),
])
def test_bad_input_is_one_sentence_and_exit_2(args, field):
    done = bola8(*args)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert json.loads(done.stdout)["error"].startswith(field + ":")      # the one line printed


def test_render_refuses_a_shot_that_is_not_there(record, tmp_path):
    path, _ = record
    done = bola8("render", str(path), "--shot", "9999", "-o", str(tmp_path / "x.svg"))
    assert done.returncode == 2 and "--shot" in json.loads(done.stdout)["error"]


def test_replay_names_the_line_that_differs(record, tmp_path):
    path, _ = record
    lines = path.read_text().splitlines()
    number = next(i for i, line in enumerate(lines) if json.loads(line)["type"] == "shot")
    shot = json.loads(lines[number])
    shot["ruling"]["foul"] = not shot["ruling"]["foul"]
    lines[number] = json.dumps(shot)
    tampered = tmp_path / "tampered.jsonl"
    tampered.write_text("\n".join(lines) + "\n")
    done = bola8("replay", str(tampered), "--lang", "en")
    assert done.returncode == 1
    assert done.stdout.startswith("DIFFERENT:") and f"line {number + 1} (shot): the ruling differs" in done.stdout
    report = json.loads(bola8("replay", str(tampered), "--json").stdout)
    assert report["mismatches"][0]["what"] == "ruling" and report["mismatches"][0]["line"] == number + 1


def test_replay_refuses_a_file_that_is_not_a_record(tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text(HEADER + '\nnot json\n')
    done = bola8("replay", str(bad))
    assert done.returncode == 2 and "line 2" in json.loads(done.stdout)["error"]


def test_render_refuses_an_output_it_cannot_write(record):
    path, _ = record
    done = bola8("render", str(path), "-o", "/nonexistent/dir/shot.svg")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "--output" in json.loads(done.stdout)["error"]


def test_replay_refuses_a_record_without_games(tmp_path):
    header_only = tmp_path / "header.jsonl"
    header_only.write_text(HEADER + "\n")
    done = bola8("replay", str(header_only))
    assert done.returncode == 2 and json.loads(done.stdout)["error"].startswith("record: ")


@pytest.mark.parametrize("command", [["replay"], ["render", "-o", "never.svg"]])
def test_a_file_that_is_not_utf8_is_bad_input(tmp_path, command):
    binary = tmp_path / "b.jsonl"
    binary.write_bytes(b"\xff\xfe\n")
    done = bola8(command[0], str(binary), *command[1:], cwd=tmp_path)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert json.loads(done.stdout)["error"].startswith("record line 1: no es texto UTF-8")
    assert not (tmp_path / "never.svg").exists()


def _tampered(path, tmp_path, change):
    """A copy of the record with ``change`` applied to its first shot line after the break."""
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    index = [i for i, line in enumerate(lines) if line["type"] == "shot"][1]
    change(lines[index])
    out = tmp_path / "tampered.jsonl"
    out.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return out, index + 1


@pytest.mark.parametrize("change, field", [
    (lambda line: line.update(call={"pocket": "foot-left"}), "call.ball"),
    (lambda line: line.update(call={"ball": 3, "pocket": "nowhere"}), "call.pocket"),
    (lambda line: line["ruling"].update(reasons=[{"code": "x"}]), "ruling.reasons[0].code"),
    (lambda line: line["ruling"].update(reasons=[{"code": "ball_in_hand"}]), None),
    (lambda line: line["ruling"].update(reasons="x"), "ruling.reasons"),
    (lambda line: line["ruling"].update(reasons=[1, 2]), "ruling.reasons[0]"),
    (lambda line: line["ruling"].update(reasons=[{"code": "ball_in_hand", "article": "99"}]),
     "ruling.reasons[0].article"),
    (lambda line: line.update(strike={"speed": "fast", "phi": 3}), "strike.speed"),
])
def test_render_and_replay_refuse_a_tampered_call_or_ruling_naming_line_and_field(record, tmp_path, change, field):
    path, _ = record
    tampered, number = _tampered(path, tmp_path, change)
    for command in (["render", str(tampered), "--shot", "2", "-o", str(tmp_path / "x.svg")],
                    ["replay", str(tampered)]):
        done = bola8(*command)
        assert "Traceback" not in done.stderr
        if field is None:          # a valid ruling that is not the one recorded: render refuses, replay differs
            assert done.returncode == (2 if command[0] == "render" else 1), done.stdout
            continue
        assert done.returncode == 2, done.stdout
        assert json.loads(done.stdout)["error"].startswith(f"record line {number}: {field}")


@pytest.mark.parametrize("header, message", [          # the error in Spanish, the default
    ({"format": "pgn"}, "record line 1: format debe ser 'bola8-record'"),
    ({"version": 2}, "record line 1: version debe ser 1"),
    ({"physics": {"cushion_model": "rubber"}}, "record line 1: physics.cushion_model"),
    ({"physics": "fast"}, "record line 1: physics"),
    ({"type": "lag"}, "record line 1: un registro empieza por su cabecera de encuentro"),
])
def test_the_header_is_checked_and_required(record, tmp_path, header, message):
    path, _ = record
    lines = path.read_text().splitlines()
    first = json.loads(lines[0])
    first.update(header)
    out = tmp_path / "header.jsonl"
    out.write_text("\n".join([json.dumps(first)] + lines[1:]) + "\n")
    done = bola8("replay", str(out))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert json.loads(done.stdout)["error"].startswith(message)
    headless = tmp_path / "headless.jsonl"
    headless.write_text("\n".join(lines[1:]) + "\n")
    done = bola8("render", str(headless), "-o", str(tmp_path / "x.svg"))
    assert done.returncode == 2 and "empieza por su cabecera de encuentro" in json.loads(done.stdout)["error"]


def test_match_warns_and_disqualifies_on_request_and_says_so(tmp_path):
    path = tmp_path / "dq.jsonl"
    done = bola8("match", "--race", "2", "--seed", "1", "--warned", "1", "--disqualify", "0:2",
                 "--record", str(path))
    assert done.returncode == 0, done.stderr
    assert "advierte a bot B por juego lento: desde ahora tiene 60 s por tiro (Art. 24)" in done.stdout
    assert "descalifica a bot A (Art. 22)" in done.stdout
    assert done.stdout.rstrip().endswith("bot B gana el encuentro por descalificación de bot A (Art. 22); "
                                         "marcador 0-1")
    assert "bot B (0," in done.stdout                     # B's shots are timed, in seconds
    assert bola8("replay", str(path)).returncode == 0
    english = bola8("match", "--race", "2", "--seed", "3", "--disqualify", "1:1", "--lang", "en", "--quiet")
    assert english.stdout.strip() == "bot A wins the match: bot B disqualified (Art. 22); score 0-0"


@pytest.mark.parametrize("args, field", [
    (["--warned", "2"], "--warned"),
    (["--disqualify", "0"], "--disqualify"),
    (["--disqualify", "3:1"], "--disqualify"),
    (["--disqualify", "1:0"], "--disqualify"),
])
def test_bad_officials_options_are_refused(args, field):
    done = bola8("match", "--race", "1", *args)
    assert done.returncode == 2 and json.loads(done.stdout)["error"].startswith(field + ":")


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_demo_runs_end_to_end_and_says_where_it_wrote_the_record(tmp_path, lang):
    # What `make run` runs (bola8 demo), shortened to a race to 1, in a scratch directory.
    done = bola8("demo", "--race", "1", "--lang", lang, cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    record = tmp_path / "demo-match.jsonl"
    assert record.exists()
    out = done.stdout
    assert str(record) in out
    assert out.rstrip().splitlines()[-1].startswith("OK:")
    assert "True" not in out and "False" not in out
    if lang == "en":
        assert "El árbitro" not in out and " / " not in out and "The referee" in out
        assert "game over: player 1 wins" in out
    else:
        assert "falta: sí" in out and "partida terminada: gana el jugador 1" in out
    # after the 8 has decided the game, nobody is next to shoot
    for line in out.splitlines():
        assert not (("terminada" in line or "game over" in line) and ("continuación" in line or "next" in line))


def test_render_names_the_player_marks_the_call_the_diamonds_and_the_respotted_balls(tmp_path):
    from bola8.game.record import read_record, recorded_shots

    path = tmp_path / "noisy.jsonl"
    assert bola8("match", "--race", "1", "--seed", "4", "--noise", "4", "--record", str(path)).returncode == 0
    lines = read_record(str(path))
    shot = next(s for s in recorded_shots(lines) if s.ruling.respotted and s.call is not None)
    out = tmp_path / "respot.svg"
    done = bola8("render", str(path), "--shot", str(shot.number), "-o", str(out))
    assert done.returncode == 0, done.stdout
    root = ET.parse(out).getroot()
    ns = "{http://www.w3.org/2000/svg}"
    texts = [t.text or "" for t in root.iter(f"{ns}text")]
    name = lines[0]["players"][shot.line["player"]]
    assert any(t.startswith(f"Tiro {shot.number} · partida {shot.game} · {name}") for t in texts)
    assert len([p for p in root.iter(f"{ns}polygon") if p.get("class") == "diamond"]) == 18
    called = [c for c in root.iter(f"{ns}circle") if c.get("class") == "called-pocket"]
    assert len(called) == 1
    respotted = [g for g in root.iter(f"{ns}g") if g.get("class") == "respotted"]
    assert sorted(int(g.find(f"{ns}title").text) for g in respotted) == sorted(shot.ruling.respotted)
    assert any("Repuestas en la línea larga (Art. 16" in t for t in texts)


def test_render_refuses_to_write_over_the_record(record, tmp_path):
    path, _ = record
    before = path.read_bytes()
    done = bola8("render", str(path), "-o", str(path))
    assert done.returncode == 2 and json.loads(done.stdout)["error"].startswith("--output:")
    assert path.read_bytes() == before
