"""Records: written linearly without replacing a file unasked, read within limits, replayed and drawn
only as the replay confirms them. All in process."""

from __future__ import annotations

import copy
import json
import os
import stat
import xml.etree.ElementTree as ET

import pytest
from records_helpers import index_of, json_lines, record_match, write_lines

from bola8.errors import InputError
from bola8.game import MatchSettings
from bola8.game.record import (RecordWriter, layout_to_dict, read_record, recorded_shots, render_recorded_shot,
                               replay, replayed_shot)
from bola8.game.record_reader import MAX_LINE_BYTES
from bola8.game.render import SCALE, rail_width
from bola8.physics import table_spec

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def match_path(tmp_path_factory):
    return record_match(tmp_path_factory.mktemp("rec") / "m.jsonl", seed=3)


@pytest.fixture(scope="module")
def stronge_path(tmp_path_factory):
    from bola8.physics import PhysicsSettings

    return record_match(tmp_path_factory.mktemp("stronge") / "s.jsonl", seed=2,
                        physics=PhysicsSettings(cushion_model="stronge"))


# ------------------------------------------------------------------ issue 9: the record's physics
def test_a_recorded_shot_carries_the_records_physics_and_render_draws_where_the_balls_stopped(stronge_path):
    lines = read_record(str(stronge_path))
    shots = recorded_shots(lines)
    assert len(shots) > 5
    from bola8.physics import table_spec

    spec = table_spec("9ft")
    rail = rail_width(spec)
    for shot in shots:
        assert shot.physics is not None and shot.physics.cushion_model == "stronge"
        assert shot.ruleset == "spanish"
        recorded = {int(b): tuple(p) for b, p in shot.line["layout"].items()}
        # simulated again from the record alone, the balls stop where the record says
        final = shot.simulate().final
        for ball in set(final) - set(shot.ruling.respotted):
            if ball in recorded:
                assert final[ball] == recorded[ball], (shot.number, ball)
        # and the diagram draws each ball's stop there
        root = ET.fromstring(render_recorded_shot(lines, shot.number, lang="en"))
        for circle in root.iter(f"{SVG}circle"):
            if circle.get("class") != "stopped":
                continue
            ball = int(circle.get("data-ball"))
            if ball in shot.ruling.respotted:
                continue
            x, y = recorded[ball]
            assert float(circle.get("cx")) == pytest.approx((y + rail) * SCALE, abs=0.051), (shot.number, ball)
            assert float(circle.get("cy")) == pytest.approx((x + rail) * SCALE, abs=0.051), (shot.number, ball)


def test_the_replayed_turn_of_each_shot_ends_in_the_recorded_layout(stronge_path):
    lines = read_record(str(stronge_path))
    for shot in recorded_shots(lines)[:6]:
        _, turn = replayed_shot(lines, shot.number)
        assert layout_to_dict(turn.game.balls) == shot.line["layout"]


# ------------------------------------------------------------------ render refuses damaged records
def test_render_refuses_a_ball_put_at_100_m_naming_line_and_field(match_path, tmp_path):
    lines = json_lines(match_path)
    game = index_of(lines, "game")
    lines[game]["layout"]["5"] = [100.0, 100.0]
    damaged = write_lines(tmp_path / "far.jsonl", lines)
    with pytest.raises(InputError, match=rf"record line {game + 1}: layout.5: \(100 m, 100 m\) is not on a pool table"):
        read_record(str(damaged))


def test_render_refuses_a_hand_edited_ruling_or_a_moved_ball_naming_the_line(match_path, tmp_path):
    lines = json_lines(match_path)
    shot = index_of(lines, "shot", 1)
    edited = copy.deepcopy(lines)
    edited[shot]["ruling"]["foul"] = not edited[shot]["ruling"]["foul"]
    records = read_record(str(write_lines(tmp_path / "foul.jsonl", edited)))
    with pytest.raises(InputError) as refused:
        render_recorded_shot(records, 2)
    assert refused.value.en.startswith(f"record line {shot + 1}: the ruling differs at foul: recorded ")
    assert "shot 2 is not drawn" in refused.value.en and "el tiro 2 no se dibuja" in refused.value.es
    render_recorded_shot(records, 1)          # the shot before it is drawn: it replays as recorded
    moved = copy.deepcopy(lines)
    ball = next(b for b in moved[shot]["layout"] if b != "0")
    moved[shot]["layout"][ball][0] += 0.01
    with pytest.raises(InputError, match=rf"record line {shot + 1}: the ball layout differs at {ball}: recorded \["):
        render_recorded_shot(read_record(str(write_lines(tmp_path / "moved.jsonl", moved))), 2)


def test_render_refuses_a_shot_that_is_not_there_naming_the_field(match_path):
    lines = read_record(str(match_path))
    count = len(recorded_shots(lines))
    with pytest.raises(InputError, match=rf"--shot: 0 is not a shot of this record; expected 1 to {count}"):
        render_recorded_shot(lines, 0, field="--shot")
    with pytest.raises(InputError, match=r"record: it records no shot"):
        render_recorded_shot(lines[:index_of(lines, "shot")], 1)


def test_the_diagram_fits_its_pockets_in_the_rail_and_has_a_legend_in_the_language(match_path):
    lines = read_record(str(match_path))
    shot = next(s for s in recorded_shots(lines) if s.call is not None)
    for lang, words in (("es", ["Leyenda:", "recorrido de la bola blanca", "tronera cantada"]),
                        ("en", ["Legend:", "cue ball path", "called pocket"])):
        root = ET.fromstring(render_recorded_shot(lines, shot.number, lang=lang))
        texts = [t.text or "" for t in root.iter(f"{SVG}text")]
        for word in words:
            assert word in texts, (lang, word)
        marks = [g.get("data-mark") for g in root.iter(f"{SVG}g") if g.get("class") == "legend-item"]
        assert {"cue_path", "ball_path", "stopped", "called_pocket", "head_string", "foot_spot"} <= set(marks)
        table_w = float(next(r for r in root.iter(f"{SVG}rect") if r.get("fill") == "#5a3518").get("width"))
        table_h = float(next(r for r in root.iter(f"{SVG}rect") if r.get("fill") == "#5a3518").get("height"))
        pockets = [c for c in root.iter(f"{SVG}circle") if c.get("class") == "pocket"]
        assert len(pockets) == 6
        radii = sorted(float(c.get("r")) for c in pockets)
        spec = table_spec("9ft")
        assert radii[0] == pytest.approx(spec.corner_hole_radius * SCALE, abs=0.06)      # corner holes
        assert radii[-1] == pytest.approx(spec.side_hole_radius * SCALE, abs=0.06)       # side holes are wider
        for c in pockets:          # every hole lies inside the rail, none overhangs the table's edge
            cx, cy, r = float(c.get("cx")), float(c.get("cy")), float(c.get("r"))
            assert r < cx < table_w - r and r < cy < table_h - r
        throats = [p for p in root.iter(f"{SVG}polygon") if p.get("class") == "throat"]
        assert len(throats) == 6


def test_the_legend_shows_the_respotted_ball_only_when_one_was(tmp_path):
    path = record_match(tmp_path / "noisy.jsonl", seed=3, noise=4.0)
    lines = read_record(str(path))
    shot = next(s for s in recorded_shots(lines) if s.ruling.respotted)
    root = ET.fromstring(render_recorded_shot(lines, shot.number))
    marks = [g.get("data-mark") for g in root.iter(f"{SVG}g") if g.get("class") == "legend-item"]
    assert "respotted_ball" in marks
    respotted = [g for g in root.iter(f"{SVG}g") if g.get("class") == "respotted"]
    assert sorted(int(g.find(f"{SVG}title").text) for g in respotted) == sorted(shot.ruling.respotted)
    plain = next(s for s in recorded_shots(lines) if not s.ruling.respotted)
    root = ET.fromstring(render_recorded_shot(lines, plain.number))
    assert "respotted_ball" not in [g.get("data-mark") for g in root.iter(f"{SVG}g")]


# ------------------------------------------------------------------ the writer: nothing replaced unasked
def test_an_existing_file_is_not_replaced_without_overwrite(tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    with pytest.raises(InputError, match=r"--record: '.*notes.txt' exists; it is not replaced unless you say "
                                         r"--overwrite"):
        RecordWriter(str(notes), {}, field="--record")
    with pytest.raises(InputError, match=r"record: .* is not a bola8 record; it is not replaced, not even with "
                                         r"overwrite=True"):
        RecordWriter(str(notes), {}, overwrite=True)
    assert notes.read_text() == "my notes\n"
    with pytest.raises(InputError, match="exists and is not a regular file"):
        RecordWriter(str(tmp_path), {}, overwrite=True)


def test_a_symbolic_link_is_never_written_through_nor_replaced(tmp_path, match_path):
    target = tmp_path / "target.jsonl"
    target.write_bytes(match_path.read_bytes())
    link = tmp_path / "link.jsonl"
    link.symlink_to(target)
    for overwrite in (False, True):
        with pytest.raises(InputError, match="is a symbolic link"):
            RecordWriter(str(link), {}, overwrite=overwrite)
    dangling = tmp_path / "dangling.jsonl"
    dangling.symlink_to(tmp_path / "nowhere.jsonl")
    with pytest.raises(InputError, match="is a symbolic link"):
        RecordWriter(str(dangling), {})
    assert link.is_symlink() and target.read_bytes() == match_path.read_bytes()
    assert not (tmp_path / "nowhere.jsonl").exists()


def test_overwrite_replaces_a_record_only_once_the_new_one_has_its_header(tmp_path, match_path):
    old = match_path.read_bytes()
    path = tmp_path / "again.jsonl"
    path.write_bytes(old)
    writer = RecordWriter(str(path), {"players": ["x", "y"]}, overwrite=True)
    assert path.read_bytes() == old                    # nothing lost while the new match has not started
    writer.on_match_start(MatchSettings(race=1, seed=9))
    header = json_lines(path)
    assert len(header) == 1 and header[0]["seed"] == 9 and header[0]["players"] == ["x", "y"]
    writer.close()
    assert [p.name for p in tmp_path.iterdir()] == ["again.jsonl"]       # no temporary file left
    abandoned = RecordWriter(str(path), {}, overwrite=True)
    abandoned.close()                                  # never started: the record stays, the temporary goes
    assert json_lines(path) == header and [p.name for p in tmp_path.iterdir()] == ["again.jsonl"]


def test_a_new_record_has_the_mode_of_the_umask_not_0600(tmp_path):
    old = os.umask(0o022)
    try:
        RecordWriter(str(tmp_path / "new.jsonl"), {}).close()
    finally:
        os.umask(old)
    assert stat.S_IMODE(os.stat(tmp_path / "new.jsonl").st_mode) == 0o644


def test_a_path_that_cannot_be_written_is_refused_when_the_writer_is_made(tmp_path):
    with pytest.raises(InputError, match=r"--record: cannot write '.*/missing/m.jsonl' \(No such file"):
        RecordWriter(str(tmp_path / "missing" / "m.jsonl"), {}, field="--record")
    with pytest.raises(InputError, match="--record: an empty name is no file"):
        RecordWriter("", {}, field="--record")


class _Watcher:
    """Forwards a match to the writer and looks at the file after every game: appended, never rewritten."""

    def __init__(self, writer, path):
        self.writer, self.path, self.seen = writer, path, []

    def __getattr__(self, name):
        return getattr(self.writer, name)

    def on_game_end(self, number, game, score):
        self.writer.on_game_end(number, game, score)
        info = os.stat(self.path)
        self.seen.append((info.st_ino, self.path.read_bytes()))


def test_recording_is_linear_each_game_appended_and_on_the_disk_at_its_end(tmp_path):
    path = tmp_path / "linear.jsonl"
    watchers = []

    def watch(writer):
        watchers.append(_Watcher(writer, path))
        return watchers[0]

    record_match(path, seed=1, race=2, observer=watch)
    seen = watchers[0].seen
    assert len(seen) >= 2                               # a race to 2: at least two games, each appended
    final = path.read_bytes()
    inode = os.stat(path).st_ino
    for (ino, content), (_, later) in zip(seen, seen[1:] + [(inode, final)]):
        assert ino == inode                             # the same file, appended to: never replaced
        assert later.startswith(content) and len(later) > len(content)
        assert json.loads(content.splitlines()[-1])["type"] == "game_end"


# ------------------------------------------------------------------ an interrupted match
def test_a_record_cut_while_written_is_an_interrupted_match(match_path, tmp_path):
    full = match_path.read_bytes()
    lines = full.splitlines(keepends=True)
    second = next(i for i, line in enumerate(lines) if json.loads(line)["type"] == "shot" and i > 5)
    cut = tmp_path / "cut.jsonl"
    cut.write_bytes(b"".join(lines[:second]) + lines[second][:40])       # killed in the middle of a line
    records = read_record(str(cut))
    assert len(records) == second and records[-1]["_line"] == second
    report = replay(records)
    assert report.ok and report.interrupted_after == 0 and not report.complete
    assert report.to_dict()["interrupted_after"] == 0 and report.to_dict()["complete"] is False
    # a damaged line in the middle is not forgiven
    middle = tmp_path / "middle.jsonl"
    middle.write_bytes(b"".join(lines[:second]) + lines[second][:40] + b"\n" + b"".join(lines[second + 1:]))
    with pytest.raises(InputError, match=rf"record line {second + 1}: not valid JSON"):
        read_record(str(middle))


# ------------------------------------------------------------------ the reader's limits
def test_a_file_without_newlines_is_refused_after_one_line_of_reading(tmp_path):
    with pytest.raises(InputError, match=rf"record line 1: longer than {MAX_LINE_BYTES} bytes"):
        read_record("/dev/zero")
    big = tmp_path / "big.jsonl"
    big.write_bytes(b"[" * (MAX_LINE_BYTES + 10))
    with pytest.raises(InputError, match="record line 1: longer than"):
        read_record(str(big))


@pytest.fixture(scope="module")
def header_text(match_path):
    return match_path.read_text().splitlines()[0]


@pytest.mark.parametrize("second, message", [
    ("[" * 100_000 + "]" * 100_000, r"record line 2: nested more than 20 levels deep"),
    ('{"type": "game", "table": "9ft", "ruleset": "spanish", "breaker": 0, "layout": {}, "rack_seed": '
     + "7" * 5000 + "}", r"record line 2: rack_seed: an integer of 5000 digits is too long to be read"),
    ('{"type": "shot", "facts": {"pocketed": [{"t": ' + "9" * 5000 + "}]}}",
     r"record line 2: facts.pocketed\[0\].t: an integer of 5000 digits"),
    ('{"type": "place", "x": 1e400, "y": 0.5}', r"record line 2: x: the number 1e400 is too large"),
    ('{"type": "place", "x": NaN, "y": 0.5}', r"record line 2: x: NaN is not a JSON number"),
    ('{"type": "place", "x": 0.5, "x": 0.6, "y": 0.5}', r'record line 2: the key "x" appears twice'),
    ('{"type": "place", "x": 0.5}', r"record line 2: y is missing"),
    ('{"type": "place", "x": ' + "1" * 400 + ', "y": 0.5}', r"record line 2: x must be a finite number"),
])
def test_bad_json_in_a_record_is_refused_naming_line_and_field(tmp_path, header_text, second, message):
    path = tmp_path / "bad.jsonl"
    path.write_text(header_text + "\n" + second + "\n")
    with pytest.raises(InputError, match=message) as refused:
        read_record(str(path))
    assert len(refused.value.en) < 200 and len(refused.value.es) < 220


# ------------------------------------------------------------------ the replay's report
def test_mismatches_are_short_sentences_naming_the_field_and_both_values(match_path, tmp_path):
    lines = json_lines(match_path)
    shot = index_of(lines, "shot", 1)
    lines[shot]["ruling"]["foul"] = not lines[shot]["ruling"]["foul"]
    lines[shot]["state"]["huge"] = "x" * 150
    report = replay(read_record(str(write_lines(tmp_path / "t.jsonl", lines))))
    ruling = next(m for m in report.mismatches if m.what == "ruling")
    foul = json.dumps(lines[shot]["ruling"]["foul"])
    assert ruling.text("en") == (f"line {shot + 1} (shot): the ruling differs at foul: recorded {foul}, "
                                 f"replayed {json.dumps(not lines[shot]['ruling']['foul'])}")
    assert ruling.text("es").startswith(f"línea {shot + 1} (shot): la decisión difiere en foul: grabado {foul}")
    state = next(m for m in report.mismatches if m.what == "state")
    assert len(state.text("en")) < 200 and "state differs at huge: recorded xxx" in state.text("en")
    as_json = ruling.to_dict()
    assert as_json == {"line": shot + 1, "type": "shot", "what": "ruling", "field": "foul",
                       "recorded": lines[shot]["ruling"]["foul"], "replayed": not lines[shot]["ruling"]["foul"],
                       "fields_differing": 1}
    assert report.to_dict()["ok"] is False and report.to_dict()["complete"] is True


def _first_hill_hill_record(tmp_path):
    """The lines of the first seed's race to 2 that reaches hill-hill (a second lag, Art. 4.2)."""
    for seed in range(1, 40):
        lines = json_lines(record_match(tmp_path / f"hh{seed}.jsonl", seed=seed, race=2))
        if sum(line["type"] == "lag" for line in lines) >= 2:
            return lines
    raise AssertionError("no seed in 1..39 reaches hill-hill in a race to 2")


def test_a_sequence_mismatch_says_what_the_match_expected(tmp_path):
    lines = _first_hill_hill_record(tmp_path)
    relag = index_of(lines, "lag", 1)
    del lines[relag]
    report = replay(read_record(str(write_lines(tmp_path / "nolag.jsonl", lines))))
    first = report.mismatches[0]
    assert first.text("en") == f"line {relag + 1} (game): the record has game 3 where the match expects lag (hill_hill)"
    assert first.text("es") == (f"línea {relag + 1} (game): el registro tiene game 3 donde el encuentro espera "
                                "lag (hill_hill)")
