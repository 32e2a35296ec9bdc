"""A whole club tournament refereed at real tables: its standings and figures exported as CSV and JSON, and
``bola8 tournament --read`` printing the same report (in process, and once as the real program)."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from bola8.competition import Tournament
from bola8.competition.export import CSV_COLUMNS, export_csv, export_json, player_figures, read_export
from bola8.errors import InputError
from bola8.game.real_table import RealTableMatch

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "cli"))
from cli_run import run_cli  # noqa: E402


def shot(call=None, down=(), first=1, rails=0, fouls=()):
    return {"call": call, "first_contact": first, "pocketed": [{"ball": b, "pocket": p} for b, p in down],
            "off_table": [], "rail_after_contact": True, "object_balls_to_rail": rails, "referee_fouls": list(fouls)}


def refereed(names, winner: int, race: int) -> RealTableMatch:
    """A real table's match that ``winner`` (seat) wins: in every rack the breaker makes a ball and misses
    his called shot, the other player fouls (touching a ball), and the loser then forfeits the rack."""
    table = RealTableMatch(names, race=race)
    table.lag(winner)
    while not table.over:
        now = table.to_act()
        if now.action == "lag":
            table.lag(winner)
            continue
        table.shot(shot(down=[(3, "foot-left")], rails=4))                     # break made, shooter stays
        table.shot(shot(call={"ball": 1, "pocket": "side-left"}, first=1))      # a miss: the turn passes
        table.shot(shot(call={"ball": 9, "pocket": "side-left"}, first=9, fouls=["touched_ball"]))
        table.declare("forfeit", 1 - winner)
    return table


@pytest.fixture(scope="module")
def club():
    """A 4-player single elimination played at real tables, with its records."""
    t = Tournament.create({"name": "Open de otoño", "format": "single_elimination", "race": 2,
                           "players": ["Ana", "Luis", "Marta", "Pablo"], "seeding": "given", "play": "real"})
    t = t.apply({"type": "start"})
    records = {}
    for match_id, seat in (("m1", 0), ("m2", 1), ("m3", 0)):
        m = t.match(match_id)
        names = tuple(t.parameters.players[p].name for p in m.players)
        t = t.apply({"type": "assign", "match": match_id, "table": f"t_{match_id}"})
        table = refereed(names, seat, m.race)
        records[match_id] = [json.loads(line) for line in table.record_text().splitlines()]
        score = list(table.progress.score)
        t = t.apply({"type": "result", "match": match_id, "winner": m.players[seat], "score": score})
    return t, records


def test_the_csv_export(club):
    t, records = club
    rows = list(csv.DictReader(io.StringIO(export_csv(t, records))))
    assert tuple(rows[0]) == CSV_COLUMNS
    # Ana (seed 1) beat Pablo and Marta, who had beaten Luis; Luis and Pablo share third, the seed first
    assert [r["name"] for r in rows] == ["Ana", "Marta", "Luis", "Pablo"]
    assert [r["place"] for r in rows] == ["1", "2", "3", "3"]
    ana = rows[0]
    assert (ana["wins"], ana["racks_won"], ana["racks_lost"], ana["breaks"], ana["calls"]) == ("2", "4", "0", "2", "4")
    assert (ana["pots_per_call"], ana["fouls_per_rack"], ana["disqualified"], ana["profile"]) == ("0.0", "0.5", "", "")


def test_the_figures_follow_the_seats(club):
    t, records = club
    figures = player_figures(t, records)
    # a match of two racks: each player breaks one (a ball made, a miss) and fouls once in the other
    assert [f.racks for f in figures] == [4, 2, 4, 2]
    assert [f.fouls for f in figures] == [f.breaks_made for f in figures] == [f.breaks for f in figures] == [2, 1, 2, 1]
    assert [f.shots for f in figures] == [6, 3, 6, 3] and sum(f.made for f in figures) == 0


def test_the_json_export_reads_back_to_the_same_tournament(club):
    t, records = club
    text = export_json(t, "c_otono", records)
    data = json.loads(text)
    assert (data["format"], data["version"], data["id"]) == ("bola8-tournament", 1, "c_otono")
    assert data["tournament"] == t.to_dict("c_otono")
    back = read_export(text)
    assert back.tournament.to_dict("c_otono") == t.to_dict("c_otono")
    assert list(back.figures) == player_figures(t, records)


@pytest.mark.parametrize("damage, field", [
    (lambda d: d.update(format="bola8-record"), "export.format"),
    (lambda d: d.update(version=2), "export.version"),
    (lambda d: d["parameters"].update(race=0), "export.parameters.race"),
    (lambda d: d["events"].append({"type": "result", "match": "m3", "winner": 1, "score": [0, 2]}),
     "export.events[7].type"),
    (lambda d: d["statistics"][2].update(fouls=-1), "export.statistics[2].fouls"),
    (lambda d: d["statistics"].pop(), "export.statistics"),
    (lambda d: d.pop("events"), "export.events"),
])
def test_a_damaged_export_is_refused_naming_its_field(club, damage, field):
    t, records = club
    data = json.loads(export_json(t, "c_1", records))
    damage(data)
    with pytest.raises(InputError) as refused:
        read_export(json.dumps(data))
    assert refused.value.en.startswith(field) and refused.value.es.startswith(field)


def test_records_of_an_unknown_match_are_refused(club):
    t, records = club
    with pytest.raises(InputError, match="^records: \"m9\""):
        player_figures(t, {"m9": records["m1"]})
    with pytest.raises(InputError, match=r"^records\.m1: record line 1"):
        player_figures(t, {"m1": [{"type": "match", "format": "x"}]})


def test_the_command_prints_the_report(club, tmp_path):
    t, records = club
    path = tmp_path / "otono.json"
    path.write_text(export_json(t, "c_1", records), encoding="utf-8")
    done = run_cli("tournament", "--read", str(path), "--lang", "en")
    assert done.returncode == 0, done.stdout
    lines = done.stdout.splitlines()
    assert lines[0] == "Open de otoño - over" and lines[-1] == "Champion: Ana"
    assert lines[2].split()[:5] == ["1", "Ana", "2", "2", "0"]
    spanish = run_cli("tournament", "--read", str(path))
    assert spanish.stdout.splitlines()[-1] == "Campeón: Ana"
    as_csv = run_cli("tournament", "--read", str(path), "--csv")
    assert as_csv.stdout == export_csv(t, records)
    as_json = json.loads(run_cli("tournament", "--read", str(path), "--json").stdout)
    assert as_json["winner"] == 0 and as_json["standings"][0]["name"] == "Ana"


def test_the_command_refuses_bad_input_with_one_sentence(tmp_path):
    missing = run_cli("tournament", "--read", str(tmp_path / "none.json"), "--lang", "en")
    assert missing.returncode == 2 and json.loads(missing.stdout)["error"].startswith("--read: cannot read")
    (tmp_path / "bad.json").write_text('{"format": "bola8-tournament", "version": 1, "id": "c", "parameters": 3}')
    bad = run_cli("tournament", "--read", str(tmp_path / "bad.json"))
    assert bad.returncode == 2 and json.loads(bad.stdout)["error"].startswith("export.parameters: se esperaba")
    neither = run_cli("tournament", "--lang", "en")
    assert neither.returncode == 2 and json.loads(neither.stdout)["error"].startswith("--players: missing")
    both = run_cli("tournament", "--players", "bot,bot", "--read", "x.json", "--lang", "en")
    assert both.returncode == 2 and "not both" in json.loads(both.stdout)["error"]


def test_the_real_program_reads_an_export_without_the_physics(club, tmp_path):
    t, records = club
    path = tmp_path / "otono.json"
    path.write_text(export_json(t, "c_1", records), encoding="utf-8")
    code = ("import sys; from bola8.cli import main; status = main(sys.argv[1:]); "
            "assert 'numba' not in sys.modules and 'numpy' not in sys.modules, 'physics imported'; sys.exit(status)")
    done = subprocess.run([sys.executable, "-c", code, "tournament", "--read", str(path), "--lang", "en"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "Champion: Ana"
