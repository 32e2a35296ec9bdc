"""The referee assistant: a real match kept through the library and through the API, with undo."""

from __future__ import annotations

import pytest

from bola8.errors import InputError
from bola8.game.real_table import RealTableMatch



BREAK_DRY = {"first_contact": 1, "pocketed": [], "object_balls_to_rail": 4}
BREAK_POT = {"first_contact": 1, "pocketed": [{"ball": 1, "pocket": "foot-left"}], "object_balls_to_rail": 4}


def test_library_flow_with_undo_and_export() -> None:
    match = RealTableMatch(("Ana", "Luis"), race=1)
    assert match.to_act().action == "lag"   # type: ignore[union-attr]
    match.lag(1)
    assert match.state is not None and match.state.breaker == 1
    ruling = match.shot(BREAK_POT)
    assert not ruling.foul and match.state.shooter == 1
    before = match.state
    match.declare("forfeit", 0)
    assert match.over and match.progress.winner == 1
    match.undo()
    assert not match.over and match.state == before
    with pytest.raises(InputError):
        match.shot({"first_contact": 1, "pocketed": [{"ball": 1, "pocket": "nowhere"}]})
    lines = match.record_lines()
    assert lines[0]["format"] == "bola8-real-table" and [line["type"] for line in lines[1:]] == ["lag", "shot"]


def test_api_flow(client, auth) -> None:
    r = client.post("/api/tables", json={"players": ["Ana", "Luis"], "race": 2})
    assert r.status_code == 201
    table, token = r.json()["id"], r.json()["token"]
    assert client.post(f"/api/tables/{table}/lag", json={"winner": 0}).status_code == 403
    assert client.post(f"/api/tables/{table}/shot", json=BREAK_DRY, headers=auth(token)).status_code == 409
    view = client.post(f"/api/tables/{table}/lag", json={"winner": 0, "breaks": 1}, headers=auth(token)).json()["view"]
    assert view["breaker"] == 1 and view["to_act"]["action"] == "shot"
    assert view["callable"] == []                       # the break is never called (Art. 2.1)
    r = client.post(f"/api/tables/{table}/shot", json=BREAK_DRY, headers=auth(token))
    assert r.status_code == 200 and r.json()["view"]["state"]["shooter"] == 0
    # an open table: any ball but the 8 may be called (Art. 2.5), as the referee checks a call
    assert r.json()["view"]["callable"] == [b for b in range(1, 16) if b != 8]
    assert r.json()["ruling"]["turn_passes"] is True
    r = client.post(f"/api/tables/{table}/shot", json={"first_contact": 99, "pocketed": []}, headers=auth(token))
    assert r.status_code == 422 and "first_contact" in r.json()["error"]
    r = client.post(f"/api/tables/{table}/undo", headers=auth(token))
    assert r.status_code == 200 and r.json()["view"]["state"]["shooter"] == 1
    assert len(r.json()["view"]["rulings"]) == 1
    client.post(f"/api/tables/{table}/undo", headers=auth(token))
    r = client.post(f"/api/tables/{table}/undo", headers=auth(token))
    assert r.status_code == 409
    assert client.get(f"/api/tables/{table}").json()["to_act"]["action"] == "lag"
    assert client.get("/api/tables/t_none").status_code == 404
    record = client.get(f"/api/tables/{table}/record").text.splitlines()
    assert len(record) == 1 and '"bola8-real-table"' in record[0]


def test_officials_warn_and_disqualify_with_undo(client, auth) -> None:
    # the library: a warning holds for the rest of the match, a disqualification ends it (Art. 24, 22)
    match = RealTableMatch(("Ana", "Luis"), race=3)
    match.warn(1)
    with pytest.raises(InputError):
        match.warn(1)
    match.lag(0)
    match.disqualify(0)
    assert match.over and match.progress.winner == 1 and match.progress.result == "disqualification"
    assert [line["type"] for line in match.record_lines()[1:]] == ["warn", "lag", "disqualify", "match_end"]
    match.undo()
    assert not match.over and match.warned == {1}
    # the API: the warned shooter's deadline is in the view; the record keeps the officials' lines
    table = client.post("/api/tables", json={"players": ["Ana", "Luis"], "race": 2}).json()
    tid, token = table["id"], table["token"]
    assert client.post(f"/api/tables/{tid}/warn", json={"player": 1}).status_code == 403
    assert client.post(f"/api/tables/{tid}/warn", json={"player": 2}, headers=auth(token)).status_code == 422
    view = client.post(f"/api/tables/{tid}/warn", json={"player": 1}, headers=auth(token)).json()["view"]
    assert view["warned"] == [1] and view["clock"]["seat"] is None
    view = client.post(f"/api/tables/{tid}/lag", json={"winner": 1}, headers=auth(token)).json()["view"]
    clock = view["clock"]
    assert clock["seat"] == 1 and clock["limit_s"] == 60 and clock["deadline"] - clock["started_at"] == 60
    r = client.post(f"/api/tables/{tid}/disqualify?lang=en", json={"player": 1}, headers=auth(token))
    assert r.status_code == 200 and r.json()["view"]["winner"] == 0 and r.json()["view"]["result"] == "disqualification"
    assert client.post(f"/api/tables/{tid}/warn", json={"player": 0}, headers=auth(token)).status_code == 409
    types = [line.split('"type": "')[1].split('"')[0] for line in client.get(f"/api/tables/{tid}/record").text.splitlines()]
    assert types == ["match", "warn", "lag", "disqualify", "match_end"]


def test_what_if_asks_the_same_referee(client, auth) -> None:
    table = client.post("/api/tables", json={"players": ["Ana", "Luis"], "race": 2}).json()
    tid, token = table["id"], table["token"]
    assert client.post(f"/api/tables/{tid}/preview", json=BREAK_DRY).status_code == 409     # the lag first
    client.post(f"/api/tables/{tid}/lag", json={"winner": 0}, headers=auth(token))
    r = client.post(f"/api/tables/{tid}/preview?lang=en", json=BREAK_DRY)
    assert r.status_code == 200
    answer = r.json()
    assert answer["ruling"]["foul"] is False and answer["ruling"]["turn_passes"] is True
    flips = {v["fact"]: v for v in answer["what_if"]}
    # three balls to the cushions instead of four: an illegal break (Art. 7.2), the opponent chooses
    three = flips["object_balls_to_rail"]
    assert three["value"] == 3 and not three["same"] and "7.2" in [x["article"] for x in three["ruling"]["reasons"]]
    assert flips["referee_fouls.touched_ball"]["ruling"]["foul"] is True
    # nothing was entered: the table still waits for the break
    view = client.get(f"/api/tables/{tid}").json()
    assert len(view["rulings"]) == 1 and view["to_act"]["action"] == "shot"
    assert client.post(f"/api/tables/{tid}/preview", json={"first_contact": 99}).status_code == 422


EIGHT_EARLY = {"call": {"ball": 2, "pocket": "foot-right"}, "first_contact": 2,
               "pocketed": [{"ball": 2, "pocket": "foot-right"}, {"ball": 8, "pocket": "side-left"}]}


def test_a_ruling_that_ends_a_game_comes_with_the_state_that_says_so(client, auth) -> None:
    """Art. 20.1.e: the 8 pocketed while group balls remain loses the game. The view has moved on to
    the next game, so the answer, the view's rulings and the preview carry the state after each ruling:
    the page headlines who lost, not "shoots again"."""
    table = client.post("/api/tables", json={"players": ["Ana", "Luis"], "race": 2}).json()
    tid, headers = table["id"], auth(table["token"])
    client.post(f"/api/tables/{tid}/lag", json={"winner": 0}, headers=headers)
    client.post(f"/api/tables/{tid}/shot", json=BREAK_POT, headers=headers)
    preview = client.post(f"/api/tables/{tid}/preview", json=EIGHT_EARLY).json()
    assert preview["state"]["phase"] == "over" and preview["state"]["winner"] == 1
    assert all(v["state"]["phase"] in ("over", "play") for v in preview["what_if"])
    answer = client.post(f"/api/tables/{tid}/shot", json=EIGHT_EARLY, headers=headers).json()
    assert "20.1.e" in [r["article"] for r in answer["ruling"]["reasons"]]
    assert answer["state"] == preview["state"]
    assert answer["view"]["game_number"] == 2 and answer["view"]["score"] == [0, 1]
    entries = answer["view"]["rulings"]
    assert entries[0]["state"] is None                      # the lag
    assert entries[-1]["state"] == answer["state"]


def test_the_exported_record_has_its_times_and_replays(client, auth, tmp_path) -> None:
    """The server's commit time of each change is the record's `at`; bola8's replay checks the export."""
    from bola8.game.real_table_record import replay_real_table
    from bola8.game.record_reader import read_record

    table = client.post("/api/tables", json={"players": ["Ana", "Luis"], "race": 1}).json()
    tid, headers = table["id"], auth(table["token"])
    client.post(f"/api/tables/{tid}/lag", json={"winner": 0}, headers=headers)
    client.post(f"/api/tables/{tid}/shot", json=BREAK_POT, headers=headers)
    client.post(f"/api/tables/{tid}/shot", json=EIGHT_EARLY, headers=headers)
    path = tmp_path / "table.jsonl"
    path.write_text(client.get(f"/api/tables/{tid}/record").text)
    lines = read_record(str(path))
    assert "opened_at" in lines[0] and all("at" in line for line in lines[1:])
    assert lines[-1]["type"] == "match_end" and lines[-1]["duration_s"] >= 0
    report = replay_real_table(lines)
    assert report.ok and report.complete, report.mismatches
