"""``bola8 advise``: a position in, the coach's advice out (docs/advise-json.md); bad input is one
sentence naming the field, in Spanish or English, exit 2. Once as a program, the rest in process."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from cli_run import run_cli

POSITION = {"state": {"groups": ["solids", "stripes"], "on_table": [3, 8, 12]},
            "balls": {"0": [0.6, 1.2], "3": [0.9, 2.2], "12": [0.2, 0.6], "8": [0.2, 1.6]}}


@pytest.mark.slow
def test_the_program_answers_the_best_shots_with_both_languages_and_refuses_bad_input() -> None:
    request = {**POSITION, "level": "club", "top": 2}
    done = subprocess.run([sys.executable, "-m", "bola8", "advise"], input=json.dumps(request).encode(),
                          capture_output=True, timeout=300)
    assert done.returncode == 0, done.stderr
    advice = json.loads(done.stdout)
    assert advice["action"] == "shot" and advice["level"] == "club" and advice["player"] == 0
    best = advice["suggestions"][0]
    assert best["call"]["ball"] == 3 and 0.0 <= best["chance_pot"] <= 1.0 and best["kind"] == "pot"
    assert set(best["strike"]) == {"speed", "phi", "theta", "a", "b"}
    assert best["explanation"]["es"].startswith("Bola 3") and best["explanation"]["en"].startswith("Ball 3")
    refused = subprocess.run([sys.executable, "-m", "bola8", "advise", "--lang", "en"], input=b'{"state": {}}',
                             capture_output=True, timeout=300)
    assert refused.returncode == 2 and b"Traceback" not in refused.stderr
    assert json.loads(refused.stdout)["error"].startswith("state.on_table: required field is missing")


@pytest.mark.parametrize(("request_", "es", "en"), [
    ({**POSITION, "level": "master"}, "level: 'master' no es un nivel", "level: 'master' is not a level"),
    ({**POSITION, "top": 0}, "top: 0 no es un número de sugerencias", "top: 0 is not a number of suggestions"),
    ({**POSITION, "noise": 30}, "noise: 30 no es un nivel de ruido", "noise: 30 is not a noise level"),
    ({**POSITION, "colour": "red"}, "input.colour: campo desconocido", "input.colour: unknown field"),
    ({"state": POSITION["state"], "balls": {"0": [0.6, 1.2], "3": [0.9, 2.2], "8": [0.2, 1.6]}},
     "balls.12: la bola 12 está sobre la mesa según el estado pero no tiene posición",
     "balls.12: ball 12 is on the table in the state but has no place"),
    ({"state": POSITION["state"], "balls": {**POSITION["balls"], "5": [1.0, 1.0]}},
     "balls.5: la bola 5 no está sobre la mesa", "balls.5: ball 5 is not on the table"),
    ({"state": POSITION["state"], "balls": {"3": [0.9, 2.2], "12": [0.2, 0.6], "8": [0.2, 1.6]}},
     "balls: falta la bola blanca", "balls: the cue ball (0) is missing"),
    ({"state": {**POSITION["state"], "phase": "over", "winner": 0, "result": "win"}, "balls": POSITION["balls"]},
     "state.phase: la partida ha terminado", "state.phase: the game is over"),
    ({**POSITION, "rack_seed": 3}, "balls, rack_seed: indique uno", "balls, rack_seed: give one"),
    ([1], "input: se esperaba un objeto JSON", "input: expected one JSON object"),
])
def test_bad_input_is_one_sentence_naming_the_field(request_, es, en) -> None:
    for lang, sentence in (("es", es), ("en", en)):
        done = run_cli("advise", "--lang", lang, stdin=json.dumps(request_))
        assert done.returncode == 2, done.stdout
        assert json.loads(done.stdout)["error"].startswith(sentence)


def test_ball_in_hand_is_placed_first_and_the_break_is_advised() -> None:
    in_hand = {"state": {**POSITION["state"], "cue_ball": "in_hand"},
               "balls": {k: v for k, v in POSITION["balls"].items() if k != "0"}, "level": "beginner"}
    advice = json.loads(run_cli("advise", stdin=json.dumps(in_hand)).stdout)
    assert advice["placement"] is not None and advice["suggestions"][0]["call"]["ball"] == 3
    assert set(advice["placement"]["explanation"]) == {"es", "en"}
    brk = json.loads(run_cli("advise", stdin=json.dumps({"state": {"phase": "break", "cue_ball":
                                                         "in_hand_behind_head_string",
                                                         "on_table": list(range(1, 16))},
                                                         "rack_seed": 4, "level": "beginner"})).stdout)
    assert brk["action"] == "break" and brk["suggestions"][0]["kind"] == "break"
