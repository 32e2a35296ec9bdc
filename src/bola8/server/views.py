"""The JSON the server answers: VIEW of a game and SHOT of a stroke (docs/server-api.md)."""

from __future__ import annotations

import time
from typing import Any

from bola8 import rules
from bola8.game import Turn
from bola8.server.games import LiveGame, ShotEntry
from bola8.server.trajectory import trajectory_arrays


def table_dict(spec: Any) -> dict[str, Any]:
    """The table's name and size, as a view gives it."""
    return {"name": spec.name, "length": spec.length, "width": spec.width, "ball_radius": spec.ball_radius}


def balls_dict(balls: Any) -> dict[str, list[float]]:
    """A layout as JSON: ball number (text) -> [x, y]."""
    return {str(ball): [x, y] for ball, (x, y) in sorted(dict(balls).items())}


def ruling_dict(ruling: rules.Ruling, lang: str) -> dict[str, Any]:
    """The ruling in ``lang``."""
    return ruling.to_dict(lang)


def game_view(live: LiveGame, lang: str, connected: list[bool] | None = None) -> dict[str, Any]:
    """VIEW (docs/server-api.md); ``connected``: whether each seat has a live connection now."""
    present = connected or [False, False]
    claim = live.claim(present)
    session = live.session
    game = session.game
    progress = session.progress
    now = session.to_act()
    last_ruling = None if live.last_ruling is None else ruling_dict(live.last_ruling, lang)
    state = game.state if game is not None else None
    view: dict[str, Any] = {
        "id": live.id,
        "players": [{"name": name, "kind": kind, "profile": profile, "connected": present[seat]}
                    for seat, (name, kind, profile) in enumerate(zip(live.names, live.kinds, live.profiles))],
        "score": list(progress.score),
        "race": progress.race,
        "game_number": session.number,
        "table": table_dict(session.spec),
        "balls": balls_dict(game.balls) if game is not None else {},
        "state": state.to_dict() if state is not None else None,
        "to_act": None if now is None else now.to_dict(),
        "kitchen_only": bool(game is not None and game.kitchen_only and game.needs_placement),
        "shot_count": len(live.shots),
        "winner": progress.winner,
        # extensions
        "ruleset": session.settings.ruleset.name,         # the name, as the request gave it
        "seed": session.settings.seed,
        "breaker": progress.breaker,
        "result": progress.result,
        "callable": list(rules.callable_balls(state)) if state is not None and state.phase == "play" else [],
        "legal_first": [] if state is None else list(rules.legal_first_contacts(state)),
        "cue_in_hand": bool(game is not None and game.needs_placement),
        "shot_clock": sorted(session.clock.warned),
        "last_ruling": last_ruling,
        "games": list(session.games),
        "actions": live.actions,
        "clock": live.clock(time.time()),
        "lag": live.lag,
        "hints": live.hints,
        # playing together: whether the match moves ratings, whether it was made with an invitation (its two
        # persons play from their own devices, so presence means something), whether a seat waits for the
        # invited person
        "rated": live.rated,
        "invitation": live.invite is not None,
        "invite_open": live.invite_open,
        "public": live.public,
        # Art. 21.2: a seat proposes a stalemate and waits for the other's answer
        "proposal": None if session.proposal is None else session.proposal.to_dict(),
        # a tournament's online match (its players neither concede nor claim it: its director decides)
        "tournament": live.params.get("tournament"),
        # a person apart the match waits for, whose page is closed: from when the other may claim the match
        "claim": None if claim is None else {"seat": claim[0], "from": round(claim[1], 3)},
        "bot": None if now is None or not live.is_bot(now.seat) else {
            "seat": now.seat, "thinking_since": live.thinking_since},
    }
    return view


def shot_view(entry: ShotEntry, turn: Turn, lang: str) -> dict[str, Any]:
    """SHOT: the stroke ``entry`` with its ``turn`` (``entry.turn()``: the stroke played again)."""
    return {**shot_view_common(entry, turn), "ruling": ruling_dict(turn.ruling, lang)}


def shot_view_common(entry: ShotEntry, turn: Turn) -> dict[str, Any]:
    """SHOT without its ruling: every field that is the same in every language (the trajectory above all,
    most of a SHOT's size and of the time to encode it), so that it is encoded once for both."""
    result = turn.simulation
    assert result is not None and turn.strike is not None and turn.shot is not None
    return {
        "n": entry.n,
        "seat": entry.seat,
        "game_number": entry.game_number,
        "strike": turn.strike.to_dict(),
        "call": None if turn.call is None else turn.call.to_dict(),
        "events": [event.to_dict() for event in result.events],
        "trajectory": trajectory_arrays(result),
        "balls_before": balls_dict(turn.before.balls),
        "balls_after": balls_dict(turn.game.balls),
        # extensions
        "facts": turn.shot.to_dict(),
        "duration": result.duration,
        "state_after": turn.game.state.to_dict(),
    }
