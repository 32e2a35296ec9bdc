"""Per-player figures from both record formats, by the arena's definitions."""

from __future__ import annotations

import json

import pytest

from bola8.errors import InputError
from bola8.game.match import NullObserver
from bola8.game.narration import Tee
from bola8.game.player_stats import Figures, match_figures
from bola8.game.real_table import RealTableMatch
from bola8.players.arena import side_figures
from records_helpers import json_lines, record_match

ARENA = {"shots": "shots", "calls": "calls", "made": "made", "fouls": "fouls", "broke": "breaks",
         "break_made": "breaks_made", "break_and_run": "break_and_runs"}


class KeepRacks(NullObserver):
    """Every rack's turns, the notes of the choices that made them, its breaker and its end."""

    def __init__(self):
        self.racks = []

    def on_game_start(self, number, game):
        self.racks.append({"turns": [], "notes": [], "breaker": game.state.breaker, "end": None})

    def on_turn(self, turn, choice):
        self.racks[-1]["turns"].append(turn)
        self.racks[-1]["notes"].append(getattr(choice, "note", "") or "")

    def on_game_end(self, number, game, score):
        self.racks[-1]["end"] = game.state


def test_a_simulated_record_gives_the_arena_s_figures(tmp_path):
    keep = KeepRacks()
    path = record_match(tmp_path / "match.jsonl", seed=5, race=3, noise=2.0,
                        observer=lambda writer: Tee([writer, keep]))
    figures = match_figures(json_lines(path))
    for seat in (0, 1):
        expected = dict.fromkeys(ARENA.values(), 0)
        for rack in keep.racks:
            rows = side_figures(rack["turns"], rack["notes"], seat, rack["breaker"], rack["end"])
            for arena_name, ours in ARENA.items():
                expected[ours] += int(rows[arena_name])
        got = figures[seat].to_dict()
        assert {key: got[key] for key in expected} == expected
        assert got["racks"] == len(keep.racks)
    assert figures[0].shots + figures[1].shots > 0 and figures[0].breaks + figures[1].breaks == len(keep.racks)


def shot(call=None, down=(), first=1, rails=0, fouls=()):
    return {"call": call, "first_contact": first, "pocketed": [{"ball": b, "pocket": p} for b, p in down],
            "off_table": [], "rail_after_contact": True, "object_balls_to_rail": rails, "referee_fouls": list(fouls)}


def test_a_real_table_s_record():
    table = RealTableMatch(("Ana", "Luis"), race=2)
    table.lag(0)                                                   # Ana breaks rack 1
    table.shot(shot(down=[(3, "foot-left")], rails=4))              # break made, Ana stays
    table.shot(shot(call={"ball": 1, "pocket": "side-left"}, first=1, down=[(1, "side-left")]))   # made
    table.shot(shot(call={"ball": 2, "pocket": "side-left"}, first=2))                           # missed
    table.shot(shot(call={"ball": 9, "pocket": "foot-left"}, first=9, fouls=["touched_ball"]))    # Luis: foul
    table.declare("forfeit", 1)                                    # Luis forfeits rack 1 (Art. 18.5)
    # rack 2: Luis breaks and runs it
    table.shot(shot(down=[(9, "foot-left")], first=9, rails=4))
    for ball, pocket in ((10, "side-left"), (11, "side-right"), (12, "foot-left"), (13, "foot-right"),
                         (14, "head-left"), (15, "head-right")):
        table.shot(shot(call={"ball": ball, "pocket": pocket}, first=ball, down=[(ball, pocket)]))
    table.shot(shot(call={"ball": 8, "pocket": "side-left"}, first=8, down=[(8, "side-left")]))
    lines = [json.loads(line) for line in table.record_text().splitlines()]
    ana, luis = match_figures(lines)
    assert ana == Figures(racks=2, shots=3, calls=2, made=1, fouls=0, breaks=1, breaks_made=1, break_and_runs=0)
    assert luis == Figures(racks=2, shots=9, calls=8, made=7, fouls=1, breaks=1, breaks_made=1, break_and_runs=1)
    assert luis.to_dict()["pots_per_call"] == 0.875 and luis.to_dict()["fouls_per_rack"] == 0.5
    assert (ana + luis).shots == 12


@pytest.mark.parametrize("damage, where", [
    (lambda lines: lines[0].update(format="other"), "record line 1"),
    (lambda lines: lines[2].update(player=7), "record line 3: player"),
    (lambda lines: lines[2].update(ruling={"foul": "no"}), "record line 3: ruling.foul"),
    (lambda lines: lines[2].update(call={"ball": "8"}), "record line 3: call"),
    (lambda lines: lines[2].update(state=None), "record line 3: state"),
    (lambda lines: lines.__setitem__(2, [1]), "record line 3"),
])
def test_a_damaged_record_is_refused_naming_its_line(damage, where):
    table = RealTableMatch(("Ana", "Luis"), race=1)
    table.lag(0)
    table.shot(shot(down=[(3, "foot-left")], rails=4))
    lines = [json.loads(line) for line in table.record_text().splitlines()]
    damage(lines)
    with pytest.raises(InputError) as refused:
        match_figures(lines)
    assert refused.value.en.startswith(where) and refused.value.es.startswith(where)
