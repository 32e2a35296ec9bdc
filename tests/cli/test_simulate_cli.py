"""``bola8 simulate`` (in process): valid requests answer the contract, bad ones exit 2 without a traceback."""

from __future__ import annotations

import json

import pytest
from cli_run import run_cli


def _run(payload: str):
    return run_cli("simulate", stdin=payload)


def test_valid_request():
    req = {"table": "9ft", "balls": {"0": [0.635, 0.6], "3": [0.635, 1.9]},
           "strike": {"speed": 2.0, "phi": 90.0}}
    p = _run(json.dumps(req))
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert set(out) == {"table", "events", "final", "pocketed", "off_table", "facts"}
    assert out["table"]["name"] == "9ft" and out["events"][0]["type"] == "strike"
    assert out["facts"]["first_contact"] == 3
    assert [e["t"] for e in out["events"]] == sorted(e["t"] for e in out["events"])


# spec/referee-json.md, SHOT form without "call" (spec/simulate-json.md: "facts")
FACT_KEYS = {"first_contact", "pocketed", "off_table", "rail_after_contact", "object_balls_to_rail",
             "illegal_first_contact_behind_head_string", "referee_fouls"}


def test_pocketed_ball_and_facts_keys():
    # ball 3 straight down the diagonal into the foot-left pocket
    req = {"balls": {"0": [0.4652, 2.0748], "3": [0.2177, 2.3223]}, "strike": {"speed": 2.0, "phi": 135.0}}
    p = _run(json.dumps(req))
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert [set(x) for x in out["pocketed"]] == [{"ball", "pocket", "t"}]
    hit = out["pocketed"][0]
    assert (hit["ball"], hit["pocket"]) == (3, "foot-left")
    drop = [e for e in out["events"] if e["type"] == "pocket"]
    assert drop == [{"t": hit["t"], "type": "pocket", "balls": [3], "pocket": "foot-left"}]
    assert set(out["facts"]) == FACT_KEYS
    assert out["facts"]["pocketed"] == [{"ball": 3, "pocket": "foot-left"}]
    assert out["facts"]["first_contact"] == 3 and out["facts"]["off_table"] == []
    assert set(out["final"]) == {"0"}


def test_rack_seed_request():
    p = _run(json.dumps({"table": "7ft", "rack_seed": 4, "strike": {"speed": 8.0, "phi": 90.0}}))
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert len(out["final"]) + len(out["pocketed"]) == 16


def test_settings_choose_the_cushion_model():
    # a sliding ball square into the side cushion with English: the compliant model differs
    req = {"balls": {"0": [0.15, 0.9]}, "strike": {"speed": 1.5, "phi": 180.0, "a": 0.2}}
    finals = {}
    for model in ("stronge", "han2005"):
        p = _run(json.dumps({**req, "settings": {"cushion_model": model}}))
        assert p.returncode == 0, p.stdout + p.stderr
        finals[model] = json.loads(p.stdout)["final"]["0"]
    assert finals["stronge"] != finals["han2005"]


def test_the_cue_decides_whether_an_elevated_stroke_jumps_a_blocking_ball():
    # 45 degrees over a ball 0.3 m away: the playing cue traps the cue ball against the slate (it hits the 5);
    # the jump cue, named in settings.cue or in strike.cue, lifts it over the 5 onto the 3 (a legal jump)
    layout = {"0": [0.635, 0.5], "5": [0.635, 0.8], "3": [0.635, 1.6]}
    strike = {"speed": 3.0, "phi": 90.0, "theta": 45.0}
    firsts = {}
    for label, request in (("playing", {"balls": layout, "strike": strike}),
                           ("settings", {"balls": layout, "strike": strike, "settings": {"cue": "jump"}}),
                           ("strike", {"balls": layout, "strike": {**strike, "cue": "jump"}}),
                           ("own", {"balls": layout, "strike": strike, "settings": {"cue": {"mass": 0.283, "tip": 0.84}}})):
        p = _run(json.dumps(request))
        assert p.returncode == 0, p.stdout + p.stderr
        out = json.loads(p.stdout)
        firsts[label] = (out["facts"]["first_contact"], out["facts"]["referee_fouls"],
                         any(e["type"] == "land" for e in out["events"]))
    assert firsts["playing"][0] == 5
    assert firsts["settings"] == firsts["strike"] == firsts["own"] == (3, [], True)


@pytest.mark.parametrize("payload, field", [
    ('{"rack_seed": 1, "strike": {"speed": 2, "phi": 90}, "settings": {"cushion_model": "rubber"}}',
     "settings.cushion_model"),
    ('{"rack_seed": 1, "strike": {"speed": 2, "phi": 90}, "settings": {"cue": "heavy"}}', "settings.cue"),
    ('{"rack_seed": 1, "strike": {"speed": 2, "phi": 90, "cue": "masse"}}', "strike.cue"),
    ('{"rack_seed": 1, "strike": {"speed": 2, "phi": 90}, "settings": {"cue": {"mass": -1}}}', "settings.cue.mass"),
    ('{"rack_seed": 1, "strike": {"speed": 2, "phi": 90}, "settings": {"cushion_model": "stronge", '
     '"stronge_omega_ratio": 2.5}}', "settings.stronge_omega_ratio"),
    ('{"rack_seed": 1, "strike": {"speed": 2, "phi": 90}, "settings": {"mu": 0.2}}', "settings.mu"),
    ('{"rack_seed": 1, "strike": {"speed": 2, "phi": 90}, "settings": []}', "settings"),
    ("", "standard input"),
    ("{not json", "JSON"),
    ('{"table": "10ft", "rack_seed": 1, "strike": {"speed": 2, "phi": 90}}', "table"),
    ('{"rack_seed": 1, "strike": {"speed": 2, "phi": 90}, "colour": 1}', "colour"),
    ('{"balls": {"0": [0.6, 0.5]}, "rack_seed": 1, "strike": {"speed": 2, "phi": 90}}', "rack_seed"),
    ('{"strike": {"speed": 2, "phi": 90}}', "rack_seed"),
    ('{"balls": {"3": [0.6, 0.5]}, "strike": {"speed": 2, "phi": 90}}', "bola blanca"),
    ('{"balls": {"0": [0.6, 0.5], "16": [0.6, 1.5]}, "strike": {"speed": 2, "phi": 90}}', "balls.16"),
    ('{"balls": {"0": [0.6, 0.5], "1": [0.61, 0.5]}, "strike": {"speed": 2, "phi": 90}}', "se solapa"),
    ('{"balls": {"0": [0.01, 0.5]}, "strike": {"speed": 2, "phi": 90}}', "fuera del paño"),
    ('{"rack_seed": 1, "strike": {"speed": 13, "phi": 90}}', "strike.speed"),
    ('{"rack_seed": 1, "strike": {"speed": 0, "phi": 90}}', "strike.speed"),
    ('{"rack_seed": 1, "strike": {"speed": 2, "phi": 90, "theta": 81}}', "strike.theta"),
    ('{"rack_seed": 1, "strike": {"speed": 2, "phi": 90, "a": 0.8, "b": 0.7}}', "strike.a"),
    ('{"rack_seed": 1, "strike": {"speed": 2, "phi": 90, "spin": 1}}', "strike.spin"),
    ('[1, 2]', "request"),
    # ball keys: exactly "0".."15"; no other digits, no padding, no leading zeros
    ('{"balls": {"0": [0.6, 0.5], "\u00b3": [0.6, 1.5]}, "strike": {"speed": 2, "phi": 90}}', "balls"),
    ('{"balls": {"0": [0.6, 0.5], "\u0663": [0.6, 1.5]}, "strike": {"speed": 2, "phi": 90}}', "balls"),
    ('{"balls": {"0": [0.6, 0.5], " 3": [0.6, 1.5]}, "strike": {"speed": 2, "phi": 90}}', "balls"),
    ('{"balls": {"0": [0.6, 0.5], "01": [0.6, 1.5]}, "strike": {"speed": 2, "phi": 90}}', "balls"),
    ('{"balls": {"0": [0.6, 0.5], "+1": [0.6, 1.5]}, "strike": {"speed": 2, "phi": 90}}', "balls"),
    # integers too large for a float
    ('{"rack_seed": 1, "strike": {"speed": 2, "phi": 1' + "0" * 400 + '}}', "strike.phi"),
    ('{"rack_seed": 1, "strike": {"speed": 1' + "0" * 400 + ', "phi": 90}}', "strike.speed"),
    ('{"balls": {"0": [0.6, 1' + "0" * 400 + ']}, "strike": {"speed": 2, "phi": 90}}', "balls.0"),
    ('{"rack_seed": 1, "strike": {"speed": 2, "phi": 90}, "settings": {"cushion_model": "stronge", '
     '"stronge_omega_ratio": 1' + "0" * 400 + '}}', "settings.stronge_omega_ratio"),
])
def test_invalid_requests(payload, field):
    p = _run(payload)
    assert p.returncode == 2
    assert "Traceback" not in p.stderr and "Traceback" not in p.stdout
    message = json.loads(p.stdout)["error"]
    assert field in message
