"""Every command prints its bad-input error in its --lang: Spanish by default, English on request.

The JSON keeps one key, ``{"error": "<sentence>"}``; the sentence names the
same field first in both languages (field names are the input's own spelling).
"""

from __future__ import annotations

import json

import pytest
from cli_run import run_cli

REFEREE_BAD_BALL = json.dumps({"state": {"on_table": [99]}, "declare": "stalemate"})
REFEREE_PENDING = json.dumps({"state": {"on_table": list(range(1, 16)), "shooter": 1,
                                        "decision": {"player": 1, "options": ["accept_table", "rebreak"]}},
                              "shot": {"first_contact": 1, "pocketed": []}})
SIMULATE_OFF_CLOTH = json.dumps({"balls": {"0": [0.01, 0.5]}, "strike": {"speed": 2, "phi": 90}})

# (command line, stdin, file contents or None, Spanish words, English words)
CASES = [
    (["referee"], REFEREE_BAD_BALL, None, "state.on_table[0]: 99 está fuera de rango; se esperaba 1-15.",
     "state.on_table[0]: 99 is out of range; expected 1-15."),
    (["referee"], REFEREE_PENDING, None, "shot: hay una decisión pendiente (el jugador 1 elige accept_table o rebreak)",
     "shot: a decision is pending (player 1 chooses accept_table or rebreak)"),
    (["referee"], "{", None, "standard input: no es JSON válido", "standard input: not valid JSON"),
    (["simulate"], SIMULATE_OFF_CLOTH, None, "balls.0: (0.01, 0.5) está fuera del paño",
     "balls.0: (0.01, 0.5) is off the cloth"),
    (["simulate"], "[1, 2]", None, "request: se esperaba un objeto JSON", "request: expected one JSON object"),
    (["simulate"], '{"rack_seed": 1, "strike": {"speed": 2, "phi": 90, "spin": 1}}', None,
     "strike.spin: campo desconocido", "strike.spin: unknown field"),
    # a key that is no plain name is quoted, so an empty key is seen (it used to read "shot.: ...")
    (["referee"], '{"state": {"on_table": [3, 8]}, "shot": {"": 1}}', None, 'shot[""]: campo desconocido',
     'shot[""]: unknown field'),
    (["referee"], '{"state": {"on_table": [3, 8]}, "declare": "forfeit", "a b": 1}', None,
     'input["a b"]: campo desconocido', 'input["a b"]: unknown field'),
    (["match", "--race", "0"], "", None, "--race: 0 no es un número de partidas", "--race: 0 is not a race"),
    (["match", "--players", "bot,alien"], "", None, "--players: 'alien' no es un tipo de jugador",
     "--players: 'alien' is not a kind of player"),
    (["demo", "--race", "0"], "", None, "--race: 0 no es un número de partidas", "--race: 0 is not a race"),
    (["replay", "{file}"], "", b'{"type": "shot"}\n', "record line 1: un registro empieza por su cabecera",
     "record line 1: a record begins with its match header"),
    (["replay", "{file}"], "", b"\xff\n", "record line 1: no es texto UTF-8", "record line 1: not UTF-8 text"),
    (["render", "{file}", "-o", "{file}"], "", b"", "--output: ", "--output: "),
    (["render", "{file}", "-o", "{out}"], "", b"\xff\n", "record line 1: no es texto UTF-8",
     "record line 1: not UTF-8 text"),
]


def run(argv, stdin, tmp_path, contents):
    record = tmp_path / "r.jsonl"
    if contents is not None:
        record.write_bytes(contents)
    argv = [arg.format(file=record, out=tmp_path / "x.svg") for arg in argv]
    done = run_cli(*argv, stdin=stdin, cwd=tmp_path)
    stdout = done.stdout
    assert done.returncode == 2 and "Traceback" not in done.stderr, stdout
    out = json.loads(stdout)
    assert set(out) == {"error"} and "\n" not in out["error"] and out["error"].endswith((".", "?"))
    return out["error"]


@pytest.mark.parametrize("argv, stdin, contents, es, en", CASES, ids=lambda v: None)
def test_the_error_is_spanish_by_default_and_english_with_lang_en(argv, stdin, contents, es, en, tmp_path):
    default = run(argv, stdin, tmp_path, contents)
    assert es in default, default
    assert run(argv + ["--lang", "es"], stdin, tmp_path, contents) == default
    english = run(argv + ["--lang", "en"], stdin, tmp_path, contents)
    assert en in english and english != default, english
    assert default.split(": ", 1)[0] == english.split(": ", 1)[0]       # the same field, named first


def test_every_command_takes_lang():
    for command in ("referee", "simulate", "advise", "match", "replay", "render", "demo"):
        done = run_cli(command, "--help")
        assert done.returncode == 0 and "--lang {es,en}" in done.stdout, command
