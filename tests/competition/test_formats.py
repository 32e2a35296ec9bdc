"""The formats: single and double elimination (byes, seeds, the grand final) and round robin, for 5, 8 and
13 players, and any field from 2 to 20 played at random."""

from __future__ import annotations

import itertools
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bola8.competition import FORMATS, PLAYS, SEEDINGS, Tournament
from bola8.competition.names import SET_NAMES, set_names
from bola8.competition.draw import bracket_order, bracket_size
from competition_helpers import favourite, play_out, started, underdog, win

FIELDS = (5, 8, 13)


def losses(t: Tournament) -> dict[int, int]:
    out = {i: 0 for i in range(len(t.parameters.players))}
    for m in t.matches:
        if m.loser is not None:
            out[m.loser] += 1
    return out


# ------------------------------------------------------------------ single elimination
@pytest.mark.parametrize("count", FIELDS)
def test_single_elimination_byes_go_to_the_top_seeds(count):
    t = started(count, "single_elimination")
    size = bracket_size(count)
    first = [m for m in t.matches if m.round == 1]
    assert len(first) == count - size // 2                      # the rest of round one are byes
    byes = size - count
    in_round_one = {p for m in first for p in m.players}
    assert in_round_one == {t.seeds[s] for s in range(byes, count)}   # seeds 1..byes wait in round two
    assert len(t.matches) == count - 1
    assert all(m.status == "ready" for m in first)
    assert all(m.status == "waiting" for m in t.matches if m.round > 1 and None in m.players)


@pytest.mark.parametrize("count", FIELDS)
def test_single_elimination_seeds_one_and_two_meet_only_in_the_final(count):
    t = play_out(started(count, "single_elimination"), favourite)
    final = t.matches[-1]
    assert set(final.players) == {t.seeds[0], t.seeds[1]}
    assert t.winner == t.seeds[0] and t.status == "over"
    for m in t.matches[:-1]:                       # before the final, 1 and 2 are never in one match
        assert not {t.seeds[0], t.seeds[1]} <= set(m.players)
    assert losses(t) == {i: 0 if i == t.winner else 1 for i in range(count)}


def test_the_standard_placement_of_eight():
    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert bracket_order(16)[:4] == [1, 16, 8, 9]
    t = play_out(started(8, "single_elimination"), favourite)
    semis = [set(m.players) for m in t.matches if m.round == 2]
    assert semis == [{0, 3}, {1, 2}]


@pytest.mark.parametrize("count", FIELDS)
def test_single_elimination_places(count):
    t = play_out(started(count, "single_elimination"), favourite)
    places = [s.place for s in t.standings()]
    assert places == ([1, 2, 3, 3] + [5] * 4 + [9] * 8)[:count]
    assert [s.player for s in t.standings()][:2] == [t.seeds[0], t.seeds[1]]


# ------------------------------------------------------------------ double elimination
@pytest.mark.parametrize("count", FIELDS)
def test_double_elimination_the_winners_champion_wins_the_grand_final(count):
    t = play_out(started(count, "double_elimination"), favourite)
    assert len(t.matches) == 2 * count - 2                   # every player but the champion loses twice
    assert losses(t) == {i: 0 if i == t.seeds[0] else 2 for i in range(count)}
    final = t.matches[-1]
    assert final.bracket == "grand_final" and final.round == 1 and t.winner == t.seeds[0]
    assert [s.place for s in t.standings()][:4] == [1, 2, 3, 4]


@pytest.mark.parametrize("count", FIELDS)
def test_double_elimination_the_losers_champion_forces_a_second_match(count):
    t = started(count, "double_elimination")
    top = t.seeds[0]

    def top_loses_once(t, m):        # the top seed loses his first match and wins everything else
        if top in m.players and not any(top == x.loser for x in t.matches):
            return next(p for p in m.players if p != top)
        return top if top in m.players else favourite(t, m)

    t = play_out(t, top_loses_once)
    first, second = t.matches[-2], t.matches[-1]
    assert (first.bracket, first.round, second.bracket, second.round) == ("grand_final", 1, "grand_final", 2)
    assert first.winner == top == first.players[1]           # the losers' champion won the first match
    assert second.players == (first.loser, top) and second.winner == top == t.winner
    assert len(t.matches) == 2 * count - 1
    counts = losses(t)
    assert counts[top] == 1 and all(n == 2 for p, n in counts.items() if p != top)


def test_the_grand_final_s_second_match_is_not_played_when_the_winners_champion_wins_again():
    t = started(4, "double_elimination")
    t = play_out(t, lambda t, m: favourite(t, m) if m.bracket != "grand_final" or m.round == 2 else underdog(t, m))
    assert t.matches[-1].round == 2 and t.winner == t.seeds[0]        # lost the first, won the second
    t = started(4, "double_elimination")
    t = play_out(t, favourite)
    assert t.matches[-1].round == 1 and len(t.matches) == 6


def test_losers_coming_down_meet_the_other_half():
    t = started(8, "double_elimination")
    drop_in = [m for m in t.matches if m.bracket == "losers" and m.round == 2]
    # the losers of winners' round two come down in reversed order
    assert [m.sources[1] for m in drop_in] == [("loser", "m6"), ("loser", "m5")]


# ------------------------------------------------------------------ round robin
@pytest.mark.parametrize("count", FIELDS)
def test_round_robin_every_pair_once_in_rounds(count):
    t = started(count, "round_robin")
    pairs = [frozenset(m.players) for m in t.matches]
    assert len(pairs) == len(set(pairs)) == count * (count - 1) // 2
    rounds = count if count % 2 else count - 1
    assert {m.round for m in t.matches} == set(range(1, rounds + 1))
    for r in range(1, rounds + 1):
        seen = [p for m in t.matches if m.round == r for p in m.players]
        assert len(seen) == len(set(seen)) == (count // 2) * 2
    assert all(m.status == "ready" for m in t.matches)
    t = play_out(t, favourite)
    assert [s.player for s in t.standings()] == list(t.seeds) and t.winner == t.seeds[0]
    assert [s.wins for s in t.standings()] == list(range(count - 1, -1, -1))


# ------------------------------------------------------------------ any field
@settings(max_examples=25, deadline=None)
@given(count=st.integers(2, 16), form=st.sampled_from(["single_elimination", "double_elimination", "round_robin"]),
       seed=st.integers(0, 10**6))
def test_any_field_played_at_random_ends_with_a_champion_and_rebuilds_the_same(count, form, seed):
    rng = random.Random(seed)
    t = Tournament.create({"name": "Azar", "format": form, "race": 3, "seeding": "random", "seed": seed,
                           "players": [f"J{i}" for i in range(count)]}).apply({"type": "start"})

    def pick(t, m):
        return rng.choice(m.players)

    while t.status == "running":
        m = next(m for m in t.matches if m.status == "ready")
        t = win(t, m.id, pick(t, m), rng.randrange(m.race))
    assert t.winner is not None
    counts = losses(t)
    if form == "single_elimination":
        assert sorted(counts.values()) == [0] + [1] * (count - 1)
    elif form == "double_elimination":
        assert counts[t.winner] <= 1 and all(n == 2 for p, n in counts.items() if p != t.winner)
    else:
        assert len(t.matches) == count * (count - 1) // 2
    places = [s.place for s in t.standings()]
    assert places[0] == 1 and all(p is not None for p in places) and places == sorted(places)
    again = Tournament.rebuild(t.parameters.to_dict(), list(t.events))
    assert again.to_dict("c_1") == t.to_dict("c_1")
    # the bracket's links agree both ways
    view = t.to_dict("c_1")
    by_id = {m["id"]: m for m in view["matches"]}
    for m in view["matches"]:
        for slot, source in enumerate(m["from"]):
            for kind in ("winner", "loser"):
                if kind in source:
                    assert by_id[source[kind]]["next"][kind] == {"match": m["id"], "slot": slot}


def test_a_random_draw_is_reproducible_and_depends_on_the_seed():
    draws = {seed: started(13, "single_elimination", seeding="random", seed=seed).seeds for seed in range(5)}
    assert draws[1] == started(13, "single_elimination", seeding="random", seed=1).seeds
    assert len(set(draws.values())) == 5
    assert sorted(draws[1]) == list(range(13))


def test_a_draw_by_rating_seeds_the_best_rated_first():
    t = Tournament.create({"name": "R", "format": "single_elimination", "race": 2, "seeding": "rating",
                           "players": ["A", "B", "C", "D", "E"]})
    t = t.apply({"type": "start", "ratings": [1500, 1720.5, 1500, 1610, 1400]})
    assert t.seeds == (1, 3, 0, 2, 4)                       # ties keep the order entered
    assert t.to_dict("c")["players"][1]["seed"] == 1


def test_the_longer_race_of_the_later_rounds():
    t = started(8, "single_elimination", race=3, race_later={"race": 5, "rounds": 2})
    assert [m.race for m in t.matches] == [3, 3, 3, 3, 5, 5, 5]
    t = started(8, "double_elimination", race=3, race_later={"race": 5, "rounds": 1})
    assert [m.id for m in t.matches if m.race == 5] == ["m14"]
    t = play_out(t, lambda t, m: underdog(t, m) if m.bracket == "grand_final" and m.round == 1 else favourite(t, m))
    assert t.matches[-1].round == 2 and t.matches[-1].race == 5
    t = started(8, "double_elimination", race=3, race_later={"race": 4, "rounds": 2})
    # the winners' final and the losers' last two rounds, played alongside it, and the grand final
    assert [m.id for m in t.matches if m.race == 4] == ["m11", "m12", "m13", "m14"]


def test_rounds_are_named_for_the_drawing():
    t = started(13, "single_elimination")
    names = [r["name"]["en"] for r in t.rounds()]
    assert names == ["Round of 16", "Quarter-final", "Semi-final", "Final"]
    assert [r["name"]["es"] for r in t.rounds()][-2:] == ["Semifinal", "Final"]
    t = play_out(started(4, "double_elimination"),
                 lambda t, m: underdog(t, m) if m.bracket == "grand_final" and m.round == 1 else favourite(t, m))
    assert [r["name"]["en"] for r in t.rounds()][-2:] == ["Grand final", "Grand final, deciding match"]


def test_pairs_in_a_round_robin_of_two_to_twelve_are_all_different():
    for count in range(2, 13):
        t = started(count, "round_robin")
        assert {frozenset(m.players) for m in t.matches} == {frozenset(p) for p in itertools.combinations(range(count), 2)}


def test_the_contract_s_tournament_json():
    t = started(5, "single_elimination", play="real")
    t = t.apply({"type": "assign", "match": "m1", "table": "t_3", "game": None})
    view = t.to_dict("c_abc")
    contract = {"id", "name", "format", "race", "players", "status", "matches", "standings", "winner"}
    assert contract <= set(view)
    assert (view["id"], view["status"], view["winner"]) == ("c_abc", "running", None)
    assert view["players"][0] == {"name": "P0", "profile": None, "seed": 1, "disqualified": None}
    first = view["matches"][0]
    assert {"id", "round", "players", "table", "game", "score", "winner", "status"} <= set(first)
    assert (first["id"], first["players"], first["table"], first["status"], first["score"]) == \
        ("m1", [3, 4], "t_3", "ready", [0, 0])
    assert first["from"] == [{"seed": 4, "player": 3}, {"seed": 5, "player": 4}]
    assert first["next"] == {"winner": {"match": "m2", "slot": 1}, "loser": None}
    assert view["matches"][1]["players"] == [0, None]
    assert set(view["standings"][0]) >= {"player", "wins", "losses", "racks_won", "racks_lost"}
    assert json.loads(json.dumps(view)) == view
    assert Tournament.create(t.parameters.to_dict()).to_dict("c")["status"] == "open"


def test_each_format_seeding_and_way_of_play_is_named_in_both_languages_and_nothing_else():
    assert {key: tuple(names) for key, names in SET_NAMES.items()} == {"formats": FORMATS, "seedings": SEEDINGS,
                                                                        "plays": PLAYS}
    for key in SET_NAMES:
        es, en = set_names(key, "es"), set_names(key, "en")
        assert all(name.strip() for name in [*es.values(), *en.values()])
        assert es != en and len(set(es.values())) == len(es)
