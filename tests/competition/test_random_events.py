"""Any sequence of results, scores, disqualifications and undos, drawn at random: every event is taken or
refused with a sentence, and whatever was taken rebuilds the same tournament."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bola8.competition import Tournament
from bola8.errors import InputError, OutOfTurn


def a_random_event(t: Tournament, rng: random.Random) -> dict:
    live = [m for m in t.matches if m.status in ("ready", "playing")]
    over = [m for m in t.matches if m.status == "over"]
    roll = rng.random()
    if roll < 0.06:
        return {"type": "disqualify", "player": rng.randrange(len(t.parameters.players)), "reason": "Art. 22"}
    if roll < 0.16 and over:
        return {"type": "undo", "match": rng.choice(over).id}
    if roll < 0.26 and live:
        m = rng.choice(live)
        return {"type": "score", "match": m.id, "score": [rng.randrange(m.race), rng.randrange(m.race)]}
    if roll < 0.30:
        m = rng.choice(t.matches)      # possibly waiting or over: a refusal
        return {"type": "result", "match": m.id, "winner": rng.randrange(len(t.parameters.players)),
                "score": [m.race, 0]}
    if not live:
        return {"type": "undo", "match": rng.choice(over).id} if over else {"type": "start"}
    m = rng.choice(live)
    slot = rng.randrange(2)
    score = [m.race, rng.randrange(m.race)] if slot == 0 else [rng.randrange(m.race), m.race]
    return {"type": "result", "match": m.id, "winner": m.players[slot], "score": score}


@settings(max_examples=40, deadline=None)
@given(count=st.integers(2, 12), form=st.sampled_from(["single_elimination", "double_elimination", "round_robin"]),
       seed=st.integers(0, 10**6))
def test_random_events_keep_the_tournament_whole(count, form, seed):
    rng = random.Random(seed)
    t = Tournament.create({"name": "Azar", "format": form, "race": 2, "seeding": "random", "seed": seed,
                           "players": [f"J{i}" for i in range(count)]}).apply({"type": "start"})
    for _ in range(400):
        if t.status == "over" and rng.random() < 0.7:
            break
        event = a_random_event(t, rng)
        try:
            t = t.apply(event)
        except OutOfTurn as refused:
            assert refused.en and refused.es and refused.en != refused.es
        except InputError as refused:     # a bad value: only the drawn result for a player not in the match
            assert event["type"] == "result" and refused.en.startswith(("winner", "score"))
    gone = set(t.disqualified)
    for m in t.matches:
        if m.status == "over" and m.winner is not None:
            assert m.winner in m.players       # (a forfeit's winner may be disqualified after it: it stands)
        if m.status in ("ready", "playing"):
            assert not gone & set(m.players)   # a disqualified player plays no more
        if m.forfeit:
            assert set(m.forfeit) <= gone
    if t.status == "over" and t.winner is not None:
        assert t.winner not in gone
    places = [s.place for s in t.standings() if s.place is not None]
    assert places == sorted(places)
    assert Tournament.rebuild(t.parameters.to_dict(), list(t.events)).to_dict("c") == t.to_dict("c")
