"""The events: round-robin ties at each level, Art. 22 disqualifications, undo and its refusals, and every
refusal a 409 (not now) or a 422 (a bad value), in both languages."""

from __future__ import annotations

import pytest

from bola8.competition import Tournament
from bola8.errors import InputError, OutOfTurn
from competition_helpers import favourite, play_out, started, win


def rr(count: int, race: int = 3) -> Tournament:
    return started(count, "round_robin", race=race)


def between(t: Tournament, a: int, b: int) -> str:
    return next(m.id for m in t.matches if set(m.players) == {a, b})


def result(t: Tournament, a: int, b: int, racks_a: int, racks_b: int) -> Tournament:
    """a and b's match ends racks_a - racks_b."""
    m = t.match(between(t, a, b))
    score = [racks_a, racks_b] if m.players[0] == a else [racks_b, racks_a]
    return t.apply({"type": "result", "match": m.id, "winner": a if racks_a > racks_b else b, "score": score})


def order(t: Tournament) -> list[int]:
    return [s.player for s in t.standings()]


# ------------------------------------------------------------------ round-robin ties
def test_matches_won_come_first():
    t = rr(3)
    t = result(t, 2, 0, 3, 2)
    t = result(t, 2, 1, 3, 2)
    t = result(t, 0, 1, 3, 0)
    assert order(t) == [2, 0, 1] and t.winner == 2


def test_tied_on_matches_racks_won_minus_lost_decides():
    t = rr(3)
    t = result(t, 0, 1, 3, 2)     # 0: +1
    t = result(t, 1, 2, 3, 0)     # 1: +3 -1 = +2
    t = result(t, 2, 0, 3, 1)     # 2: -3 +2 = -1; 0: +1 -2 = -1
    # each won one; differences: 1 +2, 0 -1, 2 -1 -> 1 first; 0 and 2 tied on both: 2 beat 0
    assert order(t) == [1, 2, 0]


def test_tied_on_matches_and_difference_head_to_head_decides():
    t = rr(4)
    t = result(t, 0, 1, 3, 1)
    t = result(t, 1, 2, 3, 1)
    t = result(t, 2, 0, 3, 1)     # 0, 1, 2 each 1 win +0 so far (a cycle)
    t = result(t, 3, 0, 3, 1)     # 0 loses to 3
    t = result(t, 1, 3, 3, 1)     # 3 loses to 1
    t = result(t, 2, 3, 3, 1)     # 3 loses to 2
    lines = {s.player: s for s in t.standings()}
    assert (lines[1].wins, lines[1].difference) == (lines[2].wins, lines[2].difference) == (2, 2)
    assert order(t)[:2] == [1, 2]            # 1 beat 2


def test_a_cycle_of_three_is_not_split_by_head_to_head_then_racks_won_then_the_seed():
    t = rr(4)
    t = result(t, 0, 1, 3, 1)
    t = result(t, 1, 2, 3, 1)
    t = result(t, 2, 0, 3, 1)
    t = result(t, 0, 3, 3, 0)
    t = result(t, 1, 3, 3, 0)
    t = result(t, 2, 3, 3, 0)
    # 0, 1, 2: two wins each, +5 each, one win each among them, 7 racks won each: the seed decides
    assert order(t) == [0, 1, 2, 3]
    u = rr(4, race=4)
    u = result(u, 0, 1, 4, 2)     # 0: +2
    u = result(u, 1, 2, 4, 2)     # 1: +2 -2
    u = result(u, 2, 0, 4, 2)     # 2: -2 +2; 0: +2 -2
    u = result(u, 0, 3, 4, 1)     # 0: +3 -> won 4+2+4 = 10, lost 2+4+1 = 7
    u = result(u, 1, 3, 4, 1)     # 1: +3 -> won 2+4+4 = 10
    u = result(u, 3, 2, 3, 4)     # 2: +1 ... 2: won 2+4+4 = 10, lost 4+2+3 = 9 -> diff +1
    lines = {s.player: s for s in u.standings()}
    assert [lines[p].difference for p in (0, 1, 2)] == [3, 3, 1]
    assert order(u)[:2] == [0, 1]          # 0 and 1 tied on wins and difference: 0 beat 1


def test_racks_won_breaks_a_tie_head_to_head_leaves():
    u = rr(4, race=5)
    u = result(u, 0, 1, 5, 1)
    u = result(u, 1, 2, 5, 1)
    u = result(u, 2, 0, 5, 1)
    u = result(u, 3, 0, 5, 4)     # 0: won 5+1+4 = 10, lost 1+5+5 = 11: -1
    u = result(u, 3, 1, 5, 3)     # 1: won 1+5+3 = 9,  lost 5+1+5 = 11: -2
    u = result(u, 3, 2, 5, 4)     # 2: won 5+1+4 = 10, lost 1+5+5 = 11: -1
    lines = {s.player: s for s in u.standings()}
    assert order(u)[0] == 3
    assert (lines[0].wins, lines[0].difference, lines[0].racks_won) == (1, -1, 10)
    assert (lines[2].wins, lines[2].difference, lines[2].racks_won) == (1, -1, 10)
    assert order(u)[1:] == [2, 0, 1]        # 0 and 2 tied to racks won: 2 beat 0 head to head


def test_head_to_head_splits_a_group_and_the_smaller_group_is_ranked_again():
    t = rr(6, race=1)
    among = [(0, 2), (0, 3), (1, 0), (1, 2), (3, 1), (2, 3)]          # 0: 2, 1: 2, 2: 1, 3: 1 among them
    outside = [(4, 0), (4, 1), (4, 2), (5, 0), (5, 1), (5, 3), (2, 5), (3, 4), (4, 5)]
    for a, b in among + outside:
        t = result(t, a, b, 1, 0)
    lines = {s.player: s for s in t.standings()}
    assert [lines[p].wins for p in range(6)] == [2, 2, 2, 2, 4, 3]
    # 0, 1, 2, 3 tied on wins and difference; head to head among the four splits {0, 1} from {2, 3};
    # ranked again among themselves, 1 beat 0 (the seed alone would put 0 first) and 2 beat 3
    assert order(t) == [4, 5, 1, 0, 2, 3]


# ------------------------------------------------------------------ disqualification (Art. 22)
def test_a_disqualified_player_forfeits_his_remaining_round_robin_matches():
    t = rr(4, race=3)
    t = result(t, 1, 0, 3, 1)
    m = between(t, 1, 2)
    t = t.apply({"type": "score", "match": m, "score": [1, 2] if t.match(m).players[0] == 1 else [2, 1]})
    t = t.apply({"type": "disqualify", "player": 1, "reason": "Conducta antideportiva (Art. 22)"})
    played = t.match(between(t, 0, 1))
    assert played.winner == 1 and played.forfeit == ()           # a match over stays as it was
    forfeited = t.match(m)
    assert forfeited.status == "over" and forfeited.winner == 2 and forfeited.forfeit == (1,)
    slot = forfeited.players.index(2)
    assert forfeited.score[slot] == 3 and forfeited.score[1 - slot] == 1    # he keeps the rack he had won
    assert t.match(between(t, 1, 3)).winner == 3
    assert order(t)[-1] == 1 and t.standings()[-1].place is None
    decided = {o.match: o for o in t.outcomes()}
    assert decided[m].loser == 1 and decided[m].forfeit and not decided[between(t, 0, 1)].forfeit
    assert len(decided) == 3
    view = t.to_dict("c_1")
    assert view["players"][1]["disqualified"] == "Conducta antideportiva (Art. 22)"
    with pytest.raises(OutOfTurn):
        t.apply({"type": "disqualify", "player": 1, "reason": "otra vez"})


def test_a_disqualified_player_s_next_bracket_match_is_forfeited_when_it_is_drawn():
    t = started(8, "single_elimination")
    t = t.apply({"type": "disqualify", "player": 7, "reason": "No se presentó"})
    first = t.match("m1")                        # seed 1 against seed 8
    assert first.status == "over" and first.winner == 0 and first.forfeit == (7,) and first.score == (2, 0)
    t = win(t, "m2", 3)
    t = t.apply({"type": "disqualify", "player": 3, "reason": "Se marchó"})
    semi = t.match("m5")                         # 0 against 3, who has gone: a forfeit as soon as it is drawn
    assert semi.status == "over" and semi.winner == 0 and semi.forfeit == (3,)
    assert t.match("m7").players == (0, None)


def test_both_players_disqualified_leave_a_walkover():
    t = started(4, "double_elimination")
    t = t.apply({"type": "disqualify", "player": 3, "reason": "a"})     # m1: 0 against 3
    t = t.apply({"type": "disqualify", "player": 2, "reason": "b"})     # m2: 1 against 2
    losers = t.match("m4")                       # the losers of m1 and m2 meet: both disqualified
    assert losers.status == "over" and losers.winner is None and set(losers.forfeit) == {2, 3}
    t = win(t, "m3", 0)                          # 1 goes down to meet no one
    last = t.match("m5")
    assert last.status == "over" and last.players == (None, 1) and last.winner == 1 and last.score == (0, 0)
    lines = {s.player: s for s in t.standings()}
    assert lines[1].wins == 1 and lines[1].beaten == [2]     # the forfeit of m2 won counts, the walkover does not


def test_a_forfeit_decided_stands_when_its_winner_is_disqualified_later():
    # Art. 22 changes the matches not yet over: 4 went on by 3's forfeit and won the semi-final by play; his
    # opponent there being disqualified afterwards takes nothing back
    t = started(8, "single_elimination")
    t = t.apply({"type": "disqualify", "player": 3, "reason": "a"})
    assert t.match("m2").winner == 4 and t.match("m2").forfeit == (3,)
    t = t.apply({"type": "disqualify", "player": 4, "reason": "b"})
    assert t.match("m2").winner == 4 and t.match("m2").forfeit == (3,)
    t = win(t, "m1", 0)
    semi = t.match("m5")                         # 0 against 4, who is disqualified: 0 wins it by forfeit
    assert semi.status == "over" and semi.players == (0, 4) and semi.winner == 0 and semi.forfeit == (4,)


def test_double_elimination_a_disqualified_player_also_forfeits_in_the_losers_bracket():
    t = started(4, "double_elimination")
    t = win(t, "m1", 0)                          # 3 goes down
    t = t.apply({"type": "disqualify", "player": 3, "reason": "a"})
    t = win(t, "m2", 1)
    losers = next(m for m in t.matches if m.bracket == "losers" and m.round == 1)
    assert losers.status == "over" and losers.winner == 2 and losers.forfeit == (3,)
    t = play_out(t, favourite)
    assert t.winner == 0 and t.standings()[-1].player == 3


def test_a_disqualification_needs_a_reason_and_a_running_tournament():
    t = started(4, "single_elimination")
    with pytest.raises(InputError, match="reason"):
        t.apply({"type": "disqualify", "player": 1, "reason": ""})
    with pytest.raises(InputError, match="reason"):
        t.apply({"type": "disqualify", "player": 1})
    opened = Tournament.create({"name": "x", "format": "round_robin", "race": 1, "players": ["A", "B"],
                                "seeding": "given"})
    with pytest.raises(OutOfTurn):
        opened.apply({"type": "disqualify", "player": 1, "reason": "x"})


# ------------------------------------------------------------------ undo
def test_undo_puts_a_match_back_in_play_at_its_last_score():
    t = started(4, "single_elimination", race=3)
    t = t.apply({"type": "score", "match": "m1", "score": [2, 1]})
    t = t.apply({"type": "result", "match": "m1", "winner": 0, "score": [3, 1]})
    assert t.match("m3").players == (0, None)
    t = t.apply({"type": "undo", "match": "m1"})
    m1 = t.match("m1")
    assert (m1.status, m1.score, m1.winner) == ("playing", (2, 1), None)
    assert t.match("m3").players == (None, None) and t.match("m3").status == "waiting"
    t = t.apply({"type": "result", "match": "m1", "winner": 3, "score": [2, 3]})
    assert t.match("m3").players == (3, None)
    assert [e["type"] for e in t.events] == ["start", "score", "result", "undo", "result"]


def test_undo_is_refused_once_a_match_that_depends_on_it_has_started_or_ended():
    t = started(4, "single_elimination", race=3)
    t = win(t, "m1", 0)
    t = win(t, "m2", 1)
    t = t.apply({"type": "assign", "match": "m3", "table": "t_9"})
    assert t.apply({"type": "undo", "match": "m1"}).match("m3").table == "t_9"   # a table is not a start
    started_final = t.apply({"type": "score", "match": "m3", "score": [0, 1]})
    with pytest.raises(OutOfTurn) as refused:
        started_final.apply({"type": "undo", "match": "m1"})
    assert refused.value.en == "match: m3 depends on the result of m1 and has started; undo it first."
    assert "m3 depende del resultado de m1" in refused.value.es
    ended = win(t, "m3", 0)
    with pytest.raises(OutOfTurn, match="has ended"):
        ended.apply({"type": "undo", "match": "m2"})
    assert ended.status == "over"
    reopened = ended.apply({"type": "undo", "match": "m3"})       # the final depends on nothing
    assert reopened.status == "running" and reopened.winner is None


def test_undo_looks_through_a_forfeit_on_the_way():
    t = started(8, "single_elimination")
    t = t.apply({"type": "disqualify", "player": 3, "reason": "x"})     # seed 4 forfeits m2 to seed 5
    t = win(t, "m1", 0)
    t = win(t, "m3", 1)
    t = win(t, "m4", 2)
    t = win(t, "m5", 0)                           # 0 beats 4 (P4, seed 5)
    t = win(t, "m6", 1)
    t = t.apply({"type": "score", "match": "m7", "score": [1, 0]})
    with pytest.raises(OutOfTurn, match="m7"):
        t.apply({"type": "undo", "match": "m5"})
    with pytest.raises(OutOfTurn, match="forfeited"):
        t.apply({"type": "undo", "match": "m2"})


def test_undo_of_a_grand_final_removes_its_second_match():
    t = started(4, "double_elimination")
    t = play_out(t, lambda t, m: favourite(t, m) if m.bracket != "grand_final" else m.players[1])
    assert t.matches[-1].round == 2 and t.status == "over"
    with pytest.raises(OutOfTurn, match="m7"):
        t.apply({"type": "undo", "match": "m6"})
    t = t.apply({"type": "undo", "match": "m7"})
    t = t.apply({"type": "assign", "match": "m7", "table": "t_1"})
    t = t.apply({"type": "undo", "match": "m6"})
    assert len(t.matches) == 6 and t.matches[-1].status == "ready"
    t = win(t, "m6", t.match("m6").players[0])
    assert t.status == "over" and len(t.matches) == 6
    u = win(t.apply({"type": "undo", "match": "m6"}), "m6", t.match("m6").players[1])
    assert u.matches[-1].table is None                 # the table given to the removed match went with it


def test_undo_refusals():
    t = started(4, "round_robin")
    with pytest.raises(OutOfTurn, match="no result"):
        t.apply({"type": "undo", "match": "m1"})
    t = win(t, "m1", t.match("m1").players[0])
    t = t.apply({"type": "disqualify", "player": t.match("m1").players[1], "reason": "x"})
    with pytest.raises(OutOfTurn, match="disqualified since"):
        t.apply({"type": "undo", "match": "m1"})


# ------------------------------------------------------------------ refusals
NOT_NOW = [
    ("start again", lambda t: t.apply({"type": "start"})),
    ("a waiting match", lambda t: t.apply({"type": "result", "match": "m3", "winner": 0, "score": [2, 0]})),
    ("a score for a waiting match", lambda t: t.apply({"type": "score", "match": "m3", "score": [1, 0]})),
    ("enter once started", lambda t: t.apply({"type": "enter", "player": "Nuevo"})),
    ("withdraw once started", lambda t: t.apply({"type": "withdraw", "player": 0})),
    ("a table for a match over", lambda t: win(t, "m1", 0).apply({"type": "assign", "match": "m1", "table": "t"})),
]
BAD = [
    ("an unknown type", {"type": "restart"}, "type"),
    ("no type", {"match": "m1"}, "type"),
    ("an unknown field", {"type": "start", "seed": 3}, "seed"),
    ("an unknown match", {"type": "result", "match": "m99", "winner": 0, "score": [2, 0]}, "match"),
    ("a winner not in the match", {"type": "result", "match": "m1", "winner": 1, "score": [2, 0]}, "winner"),
    ("a winner short of the race", {"type": "result", "match": "m1", "winner": 0, "score": [1, 0]}, "score"),
    ("a loser at the race", {"type": "result", "match": "m1", "winner": 0, "score": [2, 2]}, "score"),
    ("a score of one number", {"type": "score", "match": "m1", "score": [1]}, "score"),
    ("a live score at the race", {"type": "score", "match": "m1", "score": [2, 0]}, "score[0]"),
    ("a negative score", {"type": "score", "match": "m1", "score": [-1, 0]}, "score[0]"),
    ("a player out of range", {"type": "disqualify", "player": 9, "reason": "x"}, "player"),
    ("a bool for a player", {"type": "disqualify", "player": True, "reason": "x"}, "player"),
    ("a table with a space", {"type": "assign", "match": "m1", "table": "t 1"}, "table"),
    ("an assign of nothing", {"type": "assign", "match": "m1"}, "assign"),
    ("not an object", ["start"], "event"),
]


@pytest.mark.parametrize("name, attempt", NOT_NOW, ids=[n for n, _ in NOT_NOW])
def test_not_now_is_a_409(name, attempt):
    t = started(4, "single_elimination")
    with pytest.raises(OutOfTurn) as refused:
        attempt(t)
    assert refused.value.es != refused.value.en and refused.value.en.endswith(".")


@pytest.mark.parametrize("name, event, field", BAD, ids=[n for n, _, _ in BAD])
def test_a_bad_value_is_a_422_naming_its_field(name, event, field):
    t = started(4, "single_elimination")
    with pytest.raises(InputError) as refused:
        t.apply(event)
    assert not isinstance(refused.value, OutOfTurn)
    assert refused.value.en.startswith(field) and refused.value.es.startswith(field)
    assert refused.value.es != refused.value.en


def test_a_refused_event_changes_nothing():
    t = started(4, "single_elimination")
    before = t.to_dict("c")
    with pytest.raises(InputError):
        t.apply({"type": "result", "match": "m1", "winner": 0, "score": [1, 0]})
    assert t.to_dict("c") == before and len(t.events) == 1


def test_rebuild_names_the_event_it_refuses():
    params = {"name": "x", "format": "single_elimination", "race": 2, "players": ["A", "B"], "seeding": "given"}
    with pytest.raises(OutOfTurn) as refused:
        Tournament.rebuild(params, [{"type": "start"}, {"type": "start"}])
    assert refused.value.en.startswith("events[1].type: not now")
    with pytest.raises(InputError, match=r"^events\[1\]\.winner"):
        Tournament.rebuild(params, [{"type": "start"}, {"type": "result", "match": "m1", "winner": 5,
                                                           "score": [2, 0]}])


def test_entries_before_the_draw():
    t = Tournament.create({"name": "x", "format": "single_elimination", "race": 2, "players": ["A"],
                           "seeding": "given"})
    with pytest.raises(OutOfTurn, match="at least two"):
        t.apply({"type": "start"})
    t = t.apply({"type": "enter", "player": {"name": "B", "profile": "p_2"}})
    t = t.apply({"type": "enter", "player": "C"})
    with pytest.raises(InputError, match="entered already"):
        t.apply({"type": "enter", "player": "C"})
    t = t.apply({"type": "withdraw", "player": 0}).apply({"type": "start"})
    assert [p["name"] for p in t.to_dict("c")["players"]] == ["B", "C"]
    assert t.to_dict("c")["players"][0]["profile"] == "p_2"


PARAMS = {"name": "Open", "format": "single_elimination", "race": 3, "players": ["A", "B"], "seeding": "given"}


@pytest.mark.parametrize("change, field", [
    ({"name": ""}, "name"), ({"name": "a\nb"}, "name"), ({"format": "swiss"}, "format"), ({"race": 0}, "race"),
    ({"race": 100}, "race"), ({"race": True}, "race"), ({"seeding": "random"}, "seed"),
    ({"seeding": "random", "seed": -1}, "seed"), ({"play": "mail"}, "play"), ({"ruleset": "bca"}, "ruleset"),
    ({"players": "A,B"}, "players"), ({"players": ["A", "A"]}, "players[1]"), ({"players": [""]}, "players[0]"),
    ({"players": [{"name": "A", "team": 1}]}, "players[0].team"),
    ({"players": [{"name": "A", "profile": "p"}, {"name": "B", "profile": "p"}]}, "players[1]"),
    ({"play": "online", "players": ["A"]}, "players[0]"),
    ({"race_later": {"race": 3, "rounds": 1}}, "race_later.race"),
    ({"race_later": {"race": 5, "rounds": 0}}, "race_later.rounds"),
    ({"colour": "red"}, "tournament.colour"),
])
def test_parameters_refused_naming_the_field(change, field):
    with pytest.raises(InputError) as refused:
        Tournament.create({**PARAMS, **change})
    assert refused.value.en.startswith(field + ":") and refused.value.es.startswith(field + ":")
    assert refused.value.es != refused.value.en


def test_a_draw_by_rating_needs_one_rating_a_player():
    t = Tournament.create({**PARAMS, "seeding": "rating"})
    for ratings, field in (([1500], "ratings"), (None, "ratings"), ([1500, float("nan")], "ratings[1]"),
                           ([1500, "x"], "ratings[1]")):
        event = {"type": "start"} if ratings is None else {"type": "start", "ratings": ratings}
        with pytest.raises(InputError) as refused:
            t.apply(event)
        assert refused.value.en.startswith(field + ":")
    with pytest.raises(InputError, match="^ratings"):
        Tournament.create(PARAMS).apply({"type": "start", "ratings": [1, 2]})
