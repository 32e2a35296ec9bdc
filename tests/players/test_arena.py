"""``bola8 arena``: a researcher's player, named module:factory, plugs in without touching the project
and gets the table, the JSON and the Parquet file; the arena plays its strokes with the arena's own
noise; the same spec gives the same racks; bad options are one sentence naming the option."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import pytest

from bola8.errors import InputError
from bola8.players.arena import ArenaSpec, play_rack, run_arena

# A toy player as a researcher would write one, outside the project: it knows only the protocol.
TOY = textwrap.dedent('''
    import math

    from bola8.physics import Strike
    from bola8.players import ShotChoice
    from bola8.rules import Call, callable_balls, legal_first_contacts


    class Toy:
        """Hits the nearest ball it may hit first, full, calling it into the pocket nearest that ball."""

        def __init__(self, seed, noise):
            self.name, self.seed, self.noise, self.strokes = "toy", seed, noise, 0

        def lag_speed(self, spec):
            return 2.0

        def wants_to_break(self):
            return True

        def place_cue_ball(self, game):
            return (game.spec.width / 2.0, game.spec.head_string_y if game.kitchen_only else game.spec.length / 2.0)

        def choose_shot(self, game):
            self.strokes += 1
            layout = game.layout
            cue = layout[0]
            if game.state.phase == "break":
                return ShotChoice(strike=Strike(speed=9.0, phi=90.0), call=None, note="break")
            balls = [b for b in legal_first_contacts(game.state) if b in layout] or [b for b in layout if b]
            target = min(balls, key=lambda b: math.dist(cue, layout[b]))
            x, y = layout[target]
            phi = math.degrees(math.atan2(y - cue[1], x - cue[0])) % 360.0
            call = None
            if target in callable_balls(game.state):
                pocket = min(game.spec.pockets, key=lambda p: math.dist(game.spec.pockets[p], (x, y)))
                call = Call(target, pocket)
            # no noise of its own: the arena adds it
            return ShotChoice(strike=Strike(speed=2.5, phi=phi), call=call, note="toy")

        def choose_option(self, game, options):
            return options[0]

        def agrees_to_stalemate(self, game, player):
            return False


    def make(seed, noise):
        return Toy(seed, noise)
''')


@pytest.fixture()
def toy(tmp_path, monkeypatch):
    (tmp_path / "toy_player.py").write_text(TOY, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    return tmp_path


@pytest.mark.slow
def test_a_short_arena_run_of_a_toy_player_prints_the_table_and_writes_json_and_parquet(toy, tmp_path) -> None:
    out, parquet = tmp_path / "arena.json", tmp_path / "arena.parquet"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(toy), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, "-m", "bola8", "arena", "toy_player:make", "--against", "bot",
                           "--noise", "1,5", "--racks", "2", "--makerate-trials", "20", "--workers", "2",
                           "--json", str(out), "--parquet", str(parquet), "--lang", "en"],
                          capture_output=True, timeout=300, env=env, cwd=str(tmp_path))
    assert done.returncode == 0, done.stderr.decode()
    text = done.stdout.decode()
    assert "bola8 arena: toy_player:make" in text and "noise 5x" in text and "pots per called shot" in text
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["spec"]["player"] == "toy_player:make" and len(data["racks"]) == 4
    first = data["summary"]["noises"][0]
    assert first["noise"] == 1.0 and first["opponents"][0]["racks"] == 2 and first["player"]["breaks"] == 1
    assert first["seats"][0]["racks"] == 1 and first["seats"][1]["racks"] == 1
    cells = data["makerate"]["shots"]["straight 0.42"]
    assert [c["noise"] for c in cells] == [0.0, 1.0, 5.0] and cells[1]["trials"] == 20
    import pyarrow.parquet as pq

    rows = pq.read_table(str(parquet)).to_pylist()
    assert [(r["noise"], r["rack"]) for r in rows] == [(1.0, 0), (1.0, 1), (5.0, 0), (5.0, 1)]
    assert all(r["player_decision_cpu"] for r in rows)


def test_the_arena_plays_the_intended_stroke_with_its_own_noise_and_the_same_seed_gives_the_same_rack(toy) -> None:
    spec = ArenaSpec(player="toy_player:make", opponents=("bot",), noises=(1.0,), racks=1, makerate_trials=0)
    unit = spec.units()[0]
    first, again = play_rack(spec, unit), play_rack(spec, unit)
    assert first == {**again, "player_decision_cpu": first["player_decision_cpu"],
                     "player_decision_wall": first["player_decision_wall"],
                     "opponent_decision_cpu": first["opponent_decision_cpu"],
                     "opponent_decision_wall": first["opponent_decision_wall"]}
    assert first["player_seat"] == 0 and first["breaker_seat"] == 0 and first["player_broke"]
    import random

    from bola8.game import Game
    from bola8.players.arena import Seated, make
    from bola8.players.noise import ExecutionNoise

    toy = make("toy_player:make", seed=1, noise=1.0, label="toy")
    game = Game.new("9ft", rack_seed=3)
    game = game.place_cue_ball(*toy.place_cue_ball(game))
    seated = Seated(toy, ExecutionNoise(1.0), random.Random(5))
    played = seated.choose_shot(game)
    assert played.intended == toy.choose_shot(game).strike and played.strike != played.intended
    assert len(seated.cpu) == 1 and seated.cpu[0] >= 0.0
    noiseless = run_arena(ArenaSpec(player="toy_player:make", opponents=("bot",), noises=(0.0,), racks=1,
                                    makerate_trials=3), workers=1)
    # without noise the toy's full hit on the 8 from the straight set-up always goes in; at 0x one trial
    assert noiseless.makerate["shots"]["straight 0.42"][0] == {
        **noiseless.makerate["shots"]["straight 0.42"][0], "made": 1, "trials": 1}


@pytest.mark.parametrize(("fields", "message"), [
    ({"player": "nowhere_module:make"}, "player: cannot import the module 'nowhere_module'"),
    ({"player": "bot:grandmaster"}, "player: 'bot:grandmaster' is not a player"),
    ({"player": "bot", "opponents": ()}, "opponents: no opponent"),
    ({"player": "bot", "noises": (30.0,)}, "noises: 30.0 is not a noise level"),
    ({"player": "bot", "racks": 0}, "racks: 0 is not a number of racks"),
])
def test_a_bad_spec_is_refused_before_any_rack(fields, message) -> None:
    with pytest.raises(InputError) as refused:
        ArenaSpec(**fields)
    assert refused.value.en.startswith(message)


def test_a_run_stopped_part_way_goes_on_from_its_journal(toy, tmp_path) -> None:
    spec = ArenaSpec(player="toy_player:make", opponents=("bot",), noises=(1.0,), racks=3, makerate_trials=0)
    journal = tmp_path / "arena.journal"
    whole = run_arena(spec, workers=1, journal=str(journal))
    lines = journal.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 4 and json.loads(lines[0]) == {"spec": spec.to_dict()}
    # stopped after the first rack, the second one's line cut in the middle
    journal.write_text("\n".join(lines[:2]) + "\n" + lines[2][:20], encoding="utf-8")
    again = run_arena(spec, workers=1, journal=str(journal))
    timing = ("player_decision_cpu", "player_decision_wall", "opponent_decision_cpu", "opponent_decision_wall")

    def plain(rows):
        return [{k: v for k, v in row.items() if k not in timing} for row in rows]

    assert plain(again.rows) == plain(whole.rows) and again.rows[0] == whole.rows[0]
    assert [json.loads(line)["index"] for line in journal.read_text(encoding="utf-8").splitlines()[1:]] == [0, 1, 2]
    other = ArenaSpec(player="toy_player:make", opponents=("bot",), noises=(2.0,), racks=3, makerate_trials=0)
    with pytest.raises(InputError) as refused:
        run_arena(other, workers=1, journal=str(journal))
    assert "journal of another arena" in refused.value.en
