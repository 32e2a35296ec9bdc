"""``bola8 referee`` (in process): valid and invalid input, exit codes, JSON shape, --lang."""

from __future__ import annotations

import json

import pytest
from cli_run import run_cli

ALL = list(range(1, 16))
BREAK = {"phase": "break", "cue_ball": "in_hand_behind_head_string", "on_table": ALL}
STATE_KEYS = {"ruleset", "phase", "shooter", "breaker", "groups", "on_table", "cue_ball", "decision",
              "turns_without_attempt", "called_this_turn", "winner", "result"}


def referee(stdin: str | bytes | dict, *args: str) -> tuple[int, dict, str]:
    if isinstance(stdin, dict):
        stdin = json.dumps(stdin)
    data = stdin.encode("utf-8") if isinstance(stdin, str) else stdin
    done = run_cli("referee", *args, stdin=data)
    stdout, stderr = done.stdout, done.stderr
    assert "Traceback" not in stderr and "Traceback" not in stdout, stderr
    lines = stdout.strip().splitlines()
    assert len(lines) == 1, stdout + stderr
    return done.returncode, json.loads(lines[0]), stderr


def test_a_shot_gives_the_ruling_and_the_full_next_state_in_spanish():
    code, out, _ = referee({"state": {"groups": ["solids", "stripes"], "on_table": [1, 8, 9]},
                            "shot": {"call": {"ball": 1, "pocket": "side-left"}, "first_contact": 9,
                                     "pocketed": [{"ball": 0, "pocket": "head-left"}]}})
    assert code == 0 and set(out) == {"ruling", "state"}
    ruling, state = out["ruling"], out["state"]
    assert set(ruling) == {"foul", "reasons", "legally_pocketed", "respotted", "turn_passes"}
    assert ruling["foul"] is True and ruling["turn_passes"] is True
    assert set(state) == STATE_KEYS and state["shooter"] == 1 and state["cue_ball"] == "in_hand"
    first = ruling["reasons"][0]
    assert set(first) == {"code", "article", "text"}
    assert (first["code"], first["article"]) == ("wrong_first_contact", "10.1")
    assert "Falta" in first["text"]


def test_lang_en_gives_english_text():
    _, es, _ = referee({"state": BREAK, "shot": {"first_contact": 1, "pocketed": []}})
    code, en, _ = referee({"state": BREAK, "shot": {"first_contact": 1, "pocketed": []}}, "--lang", "en")
    assert code == 0 and [r["code"] for r in en["ruling"]["reasons"]] == [r["code"] for r in es["ruling"]["reasons"]]
    assert en["ruling"]["reasons"][0]["text"].startswith("Illegal break")
    assert es["ruling"]["reasons"][0]["text"].startswith("Tiro de apertura ilegal")
    assert en["state"]["decision"] == {"player": 1, "options": ["accept_table", "rebreak"]}


def test_the_state_says_whether_the_turn_already_had_a_called_shot():
    before = {"state": {"groups": ["solids", "stripes"], "on_table": [1, 2, 8, 9]},
              "shot": {"call": {"ball": 1, "pocket": "side-left"}, "first_contact": 1,
                       "pocketed": [{"ball": 1, "pocket": "side-left"}]}}
    code, out, _ = referee(before)
    assert code == 0 and out["state"]["called_this_turn"] is True and out["state"]["shooter"] == 0
    code, out, _ = referee({"state": out["state"], "shot": {"first_contact": 2, "pocketed": [],
                                                           "rail_after_contact": True}})
    assert code == 0 and (out["state"]["called_this_turn"], out["state"]["turns_without_attempt"]) == (False, 0)


def test_a_choice_and_a_declaration():
    pending = {"phase": "play", "shooter": 1, "on_table": ALL,
               "decision": {"player": 1, "options": ["accept_table", "rebreak"]}}
    code, out, _ = referee({"state": pending, "choice": "rebreak"})
    assert code == 0 and out["state"]["phase"] == "break" and out["state"]["breaker"] == 1
    code, out, _ = referee({"state": {"on_table": ALL}, "declare": "forfeit", "player": 0})
    assert code == 0 and (out["state"]["result"], out["state"]["winner"]) == ("forfeit", 1)
    code, out, _ = referee({"state": {"on_table": ALL}, "declare": "stalemate"})
    assert code == 0 and out["state"]["result"] == "stalemate" and out["state"]["winner"] is None


@pytest.mark.parametrize("stdin, field", [
    ("", "standard input"),
    ("{not json", "standard input"),
    ("[1, 2]", "input"),
    ({"shot": {"first_contact": 1, "pocketed": []}}, "input.state"),
    ({"state": {"on_table": ALL}}, "input"),
    ({"state": {"on_table": ALL}, "shot": {"first_contact": 1, "pocketed": []}, "choice": "rebreak"}, "input"),
    ({"state": {"on_table": ALL}, "shot": {"first_contact": 1, "pocketed": []}, "extra": 1}, "input.extra"),
    ({"state": {"on_table": ALL, "winner": 0}, "declare": "stalemate"}, "state.winner"),
    ({"state": {"on_table": ALL, "groups": ["stripes", "stripes"]}, "declare": "stalemate"}, "state.groups"),
    ({"state": {"on_table": [1, 8, 17]}, "declare": "stalemate"}, "state.on_table[2]"),
    ({"state": {"on_table": ALL}, "shot": {"first_contact": 1, "pocketed": [{"ball": 3, "pocket": "middle"}]}},
     "shot.pocketed[0].pocket"),
    ({"state": {"on_table": [1, 8]}, "shot": {"first_contact": 1, "pocketed": [{"ball": 3, "pocket": "side-left"}]}},
     "shot.pocketed[0].ball"),
    ({"state": {"on_table": ALL}, "shot": {"pocketed": []}}, "shot.first_contact"),
    ({"state": {"on_table": ALL[1:], "groups": ["solids", "stripes"]},
      "shot": {"call": {"ball": 9, "pocket": "side-left"}, "first_contact": 9, "pocketed": []}}, "shot.call"),
    ({"state": {"on_table": ALL}, "choice": "accept_table"}, "choice"),
    ({"state": {"on_table": ALL}, "declare": "forfeit"}, "player"),
    ({"state": {"on_table": ALL}, "declare": "forfeit", "player": 2}, "player"),
    ({"state": {"on_table": ALL, "phase": "over", "result": "stalemate"}, "declare": "stalemate"}, "state.phase"),
    ({"state": {"on_table": ALL, "called_this_turn": "yes"}, "declare": "stalemate"}, "state.called_this_turn"),
    ({"state": {"on_table": ALL, "turns_without_attempt": 6}, "declare": "stalemate"}, "state.turns_without_attempt"),
    ({"state": BREAK, "shot": {"first_contact": None, "pocketed": [{"ball": 3, "pocket": "side-left"}]}},
     "shot.pocketed[0].ball"),
])
def test_bad_input_exits_2_with_one_error_naming_the_field(stdin, field):
    code, out, stderr = referee(stdin)
    assert code == 2 and set(out) == {"error"}, out
    assert out["error"].startswith(field), out["error"]
    assert stderr == ""


# ------------------------------------------------------------- strict JSON reading
DECLARE = '{"state": {"on_table": %s}, "declare": "stalemate"}'


@pytest.mark.parametrize("stdin, words", [          # the error in Spanish, the default
    ("[" * 100_000 + "]" * 100_000, "anidado a más de 100 niveles"),
    ('{"a": ' * 100_000 + "1" + "}" * 100_000, "anidado a más de 100 niveles"),
    (DECLARE % ("[" + "7" * 5000 + "]"), "5000 cifras"),
    (DECLARE % ("[-" + "7" * 4301 + "]"), "4301 cifras"),
    (DECLARE % "[NaN]", "NaN no es un número JSON"),
    (DECLARE % "[Infinity]", "Infinity no es un número JSON"),
    (DECLARE % "[-Infinity]", "-Infinity no es un número JSON"),
    (DECLARE % "[1e400]", "1e400 es demasiado grande"),
    ('{"state": {"on_table": [8], "shooter": 0, "shooter": 1}, "declare": "stalemate"}',
     'la clave "shooter" aparece dos veces'),
    ('{"state": {"on_table": [8]}, "declare": "stalemate", "declare": "forfeit", "player": 0}',
     'la clave "declare" aparece dos veces'),
    (b'{"state": {"on_table": [8]}, "declare": "stalemate", "x": "\xff"}', "no es texto UTF-8"),
])
def test_input_that_is_not_strict_json_exits_2_without_a_traceback(stdin, words):
    code, out, stderr = referee(stdin)
    assert code == 2 and set(out) == {"error"} and stderr == "", out
    assert out["error"].startswith("standard input") and words in out["error"], out["error"]
    assert out["error"].endswith(".") and "\n" not in out["error"]


def test_a_utf8_byte_order_mark_at_the_start_is_accepted():
    body = json.dumps({"state": {"on_table": ALL}, "declare": "stalemate"})
    code, out, _ = referee(b"\xef\xbb\xbf" + body.encode("utf-8"))
    assert code == 0 and out["state"]["result"] == "stalemate"


def test_a_variants_settings_travel_beside_the_state():
    # the sixth turn without an attempt ends the game under the spanish settings (Art. 21.1) ...
    stalled = {"state": {"groups": ["solids", "stripes"], "on_table": [3, 8, 9], "turns_without_attempt": 5},
               "shot": {"call": None, "first_contact": 3, "pocketed": [], "rail_after_contact": True}}
    code, out, _ = referee(stalled)
    assert code == 0 and out["state"]["result"] == "stalemate"
    # ... and not under a variant without the automatic stalemate, given as a record header keeps it
    code, out, _ = referee({**stalled, "ruleset": {"name": "spanish", "stalemate": "off"}})
    assert code == 0 and out["state"]["phase"] == "play" and out["state"]["turns_without_attempt"] == 6
    assert "stalemate_no_attempts" not in [r["code"] for r in out["ruling"]["reasons"]]
    # the ruleset must be the state's, and its settings are checked
    code, out, _ = referee({**stalled, "ruleset": "spanish-coin-op"}, "--lang", "en")
    assert code == 2 and out["error"].startswith("ruleset: ")
    code, out, _ = referee({**stalled, "ruleset": {"name": "spanish", "stalemate_turns": 0}}, "--lang", "en")
    assert code == 2 and out["error"].startswith("ruleset.stalemate_turns: ")
