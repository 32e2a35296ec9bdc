"""The message table: every code cites a seed article and reads in Spanish and English."""

from __future__ import annotations

import json
import re

import pytest

from bola8.errors import InputError
from bola8.rules import Ruling, Shot, State, check_consistent, declare, get_ruleset, judge
from bola8.rules.messages import MESSAGES, NAMES
from rules_helpers import break_state, codes, down, shoot, state

ARTICLE = re.compile(r"^(\d{1,2})\.(\d)(\.[a-g])?$")


@pytest.mark.parametrize("code", sorted(MESSAGES))
def test_each_message_has_a_seed_article_and_two_sentences(code):
    article, es, en = MESSAGES[code]
    assert re.fullmatch(r"[a-z][a-z0-9_]*", code)
    match = ARTICLE.match(article)
    assert match, article
    assert 1 <= int(match.group(1)) <= 24
    assert es and en and es != en
    assert es.endswith(".") and en.endswith(".")


def test_the_reglamentos_words_are_used():
    spanish = " ".join(es for _, es, _ in MESSAGES.values()) + " ".join(es for es, _ in NAMES.values())
    for word in ("entroner", "tronera", "bola blanca", "bola en mano", "línea de cabeza", "punto de pie",
                 "mesa abierta", "lisas", "rayadas", "falta", "pérdida de turno"):
        assert word in spanish, word



def test_every_message_is_used_by_the_referee():
    from pathlib import Path

    import bola8.rules

    folder = Path(bola8.rules.__file__).parent
    source = "\n".join(p.read_text(encoding="utf-8") for p in folder.rglob("*.py") if p.name != "messages.py")
    unused = [code for code in MESSAGES if f'"{code}"' not in source]
    assert not unused


# ------------------------------------------------- sentences that are true where they are used
TURN_PASSES = ("pérdida de turno", "the turn passes")
STAY_DOWN = ("permanecen en tronera", "stay down")


def texts(ruling) -> str:
    return " ".join(r.text(lang) for r in ruling.reasons for lang in ("es", "en"))


def test_an_object_ball_off_the_table_while_the_breaker_keeps_the_turn_does_not_say_it_passes():
    ruling, after = shoot(break_state(), first_contact=1, pocketed=[down(8)], off_table=[10])
    assert not ruling.turn_passes and after.shooter == 0
    assert "object_ball_off_table_breaker_keeps_turn" in codes(ruling)
    assert "object_ball_off_table" not in codes(ruling)
    assert not any(words in texts(ruling) for words in TURN_PASSES)
    ruling, _ = shoot(break_state(), first_contact=1, pocketed=[down(3)], off_table=[10])
    assert ruling.turn_passes and "object_ball_off_table" in codes(ruling)


@pytest.mark.parametrize("before, facts", [
    (break_state(), {"object_balls_to_rail": 1, "pocketed": [down(0)]}),                   # illegal + scratch
    (break_state(), {"object_balls_to_rail": 2, "off_table": [0]}),
    (break_state(ruleset="spanish-coin-op"), {"pocketed": [down(8), down(2), down(0, "side-left")]}),  # re-rack
    (break_state(), {"pocketed": [down(8), down(0, "side-left")]}),                          # only the 8 dropped
])
def test_a_break_foul_says_balls_stay_down_only_when_some_did(before, facts):
    ruling, after = shoot(before, first_contact=1, **facts)
    assert ruling.foul and not any(words in texts(ruling) for words in STAY_DOWN)
    assert "break_foul_balls_stay_down" not in codes(ruling)


def test_a_scratch_on_a_legal_break_says_the_pocketed_balls_stay_down_and_the_table_is_open():
    ruling, after = shoot(break_state(), first_contact=1, pocketed=[down(3), down(8), down(0, "side-left")])
    assert {"break_foul_balls_stay_down", "eight_respotted_after_break_foul", "table_open_after_break"} <= set(
        codes(ruling))
    assert 3 not in after.on_table and 8 in after.on_table and after.groups is None


def test_spotting_says_the_first_ball_goes_on_the_foot_spot():
    _, es, en = MESSAGES["balls_respotted"]
    assert "va al punto de pie; si está ocupado" in es and "goes on the foot spot; if it is occupied" in en
    assert "no se entroneraron" not in es and "not legally pocketed" not in en     # jumped balls, the 8 too


@pytest.mark.parametrize("before, facts, result", [
    # the sixth turn without attempt is a foul: a stalemate
    (state(turns_without_attempt=5), {"first_contact": None, "pocketed": [down(0)]}, "stalemate"),
    # the 8 with the cue ball: a loss (Art. 20.1.f)
    (state(groups=["solids", "stripes"], on_table=[8, 9]),
     {"call": {"ball": 8, "pocket": "foot-left"}, "first_contact": 8, "pocketed": [down(8), down(0, "side-left")]},
     "win"),
])
def test_a_game_that_ends_on_a_foul_gives_no_ball_in_hand(before, facts, result):
    ruling, after = shoot(before, **facts)
    assert ruling.foul and after.phase == "over" and after.result == result
    assert after.cue_ball == "on_table" and "ball_in_hand" not in codes(ruling)
    assert "13.1" not in [r.article for r in ruling.reasons]
    assert State.from_dict(after.to_dict()) == after


def test_a_declaration_ends_the_game_without_ball_in_hand():
    _, after = declare(state(cue_ball="in_hand"), "forfeit", 1)
    assert after.cue_ball == "on_table"
    with pytest.raises(InputError, match=r"^state\.cue_ball: a game that is over has no ball in hand"):
        check_consistent(State.from_dict({**after.to_dict(), "cue_ball": "in_hand"}))


@pytest.mark.parametrize("turns", [6, 4])
def test_the_stalemate_sentence_gives_the_rulesets_number_of_turns(turns):
    rules = get_ruleset("spanish").with_settings(stalemate_turns=turns)
    ruling, after = judge(state(turns_without_attempt=turns - 1),
                          Shot.from_dict({"first_contact": 1, "pocketed": [], "rail_after_contact": True}),
                          ruleset=rules)
    assert after.result == "stalemate"
    stalemate = ruling.reasons[-1]
    assert stalemate.code == "stalemate_no_attempts"
    assert stalemate.text("es").startswith(f"Juego empatado: {turns} turnos consecutivos")
    assert stalemate.text("en").startswith(f"Stalemate: {turns} consecutive turns")
    assert "seis" not in stalemate.text("es") and "six" not in stalemate.text("en")
    for lang in ("es", "en"):
        assert Ruling.from_dict(json.loads(json.dumps(ruling.to_dict(lang)))) == ruling


@pytest.mark.parametrize("shooter, ball, es, en", [
    (1, 3, "el tirador juega con las lisas y el contrario con las rayadas",
     "the shooter takes the solids, the opponent the stripes"),
    (0, 12, "el tirador juega con las rayadas y el contrario con las lisas",
     "the shooter takes the stripes, the opponent the solids"),
])
def test_the_group_sentence_says_which_group_goes_to_whom(shooter, ball, es, en):
    ruling, after = shoot(state(shooter=shooter), call={"ball": ball, "pocket": "foot-left"}, first_contact=ball,
                          pocketed=[down(ball)])
    assigned = next(r for r in ruling.reasons if r.code == "group_assigned")
    assert es in assigned.text("es") and en in assigned.text("en")
    for lang in ("es", "en"):
        assert Ruling.from_dict(json.loads(json.dumps(ruling.to_dict(lang)))) == ruling


def test_a_ruling_whose_values_were_altered_or_dropped_is_refused():
    ruling, _ = shoot(state(), call={"ball": 3, "pocket": "foot-left"}, first_contact=3, pocketed=[down(3)])
    data = ruling.to_dict("es")
    index = [r["code"] for r in data["reasons"]].index("group_assigned")
    assert data["reasons"][index]["values"] == {"group": "solids", "other": "stripes"}
    where = rf"^ruling\.reasons\[{index}\]\.values"
    for values, field in (({"group": "greens", "other": "stripes"}, r"\.group"),
                          ({"group": "solids", "other": "solids"}, r"\.other"),
                          ({"group": "solids"}, r"\.other"),
                          ({"group": "solids", "other": "stripes", "turns": 6}, r"\.turns")):
        data["reasons"][index]["values"] = values
        with pytest.raises(InputError, match=where + field):
            Ruling.from_dict(data)
    del data["reasons"][index]["values"]
    with pytest.raises(InputError, match=rf"^ruling\.reasons\[{index}\]\.values: required"):
        Ruling.from_dict(data)


def test_a_reason_without_values_may_not_carry_any():
    ruling, _ = shoot(state(), call={"ball": 3, "pocket": "foot-left"}, first_contact=3, pocketed=[down(3)])
    data = ruling.to_dict("en")
    data["reasons"][0]["values"] = {"turns": 6}
    with pytest.raises(InputError, match=r"^ruling\.reasons\[0\]\.values"):
        Ruling.from_dict(data)


def test_the_forfeit_is_a_penalty_not_a_withdrawal_and_cites_both_articles():
    article, es, en = MESSAGES["forfeit"]
    assert article == "18.5" and "Art. 18.5 o 22" in es and "Art. 18.5 or 22" in en
    assert "sanción" in es and "abandono" not in es
    assert NAMES["forfeit"][0] == "partida perdida por sanción"
