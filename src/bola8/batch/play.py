"""One unit of a batch played: a match between the spec's players, turned into rows.

The rows are plain dictionaries of plain values (what Parquet and JSON hold),
one per game and one per action, in the order they happened. Every row
carries its unit's index, so rows from any worker on any machine sort back
into the one order the batch defines.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from bola8 import rules
from bola8.batch.spec import BatchSpec, unit_seed

# The columns, in order (the Parquet schema is built from these in bola8.batch.store).
GAME_COLUMNS: tuple[tuple[str, str], ...] = (
    ("unit", "int"), ("unit_seed", "int"), ("game", "int"), ("rack_seed", "int"),
    ("player_0", "str"), ("player_1", "str"), ("breaker", "int"), ("winner", "int?"),
    ("winner_name", "str?"), ("result", "str?"), ("ending_code", "str?"), ("ending_article", "str?"),
    ("score_0", "int"), ("score_1", "int"), ("actions", "int"), ("shots", "int"), ("fouls", "int"),
    ("safeties", "int"), ("break_pocketed", "int"), ("break_foul", "bool"),
    ("breaker_kept_table", "bool"), ("break_and_run", "bool"), ("visits", "int"),
)
SHOT_COLUMNS: tuple[tuple[str, str], ...] = (
    ("unit", "int"), ("game", "int"), ("action", "int"), ("player", "int"), ("player_name", "str"),
    ("kind", "str"), ("is_break", "bool"), ("safety", "bool"), ("call_ball", "int?"),
    ("call_pocket", "str?"), ("speed", "float?"), ("phi", "float?"), ("theta", "float?"),
    ("a", "float?"), ("b", "float?"), ("option", "str?"), ("foul", "bool"), ("turn_passes", "bool"),
    ("codes", "list"), ("articles", "list"), ("pocketed", "intlist"), ("legally_pocketed", "intlist"),
    ("facts", "str?"),
)


@dataclass
class UnitRows:
    """What one unit produced: its game rows, its action rows and (when asked) its record."""

    unit: int
    games: list[dict[str, Any]] = field(default_factory=list)
    shots: list[dict[str, Any]] = field(default_factory=list)
    record: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """The unit's rows as JSON (a finished unit's part file)."""
        return {"unit": self.unit, "games": self.games, "shots": self.shots, "record": self.record}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> UnitRows:
        """A finished unit's rows read back from its part file."""
        return cls(unit=int(data["unit"]), games=list(data["games"]), shots=list(data["shots"]),
                   record=data.get("record"))


# The reasons that end a game: a win (Art. 1.3, 6), a loss (Art. 20), a stalemate (Art. 21), a forfeit.
_WINNING_CODES = ("eight_pocketed_win", "eight_on_break", "eight_on_break_coin_op", "forfeit")


def _ends_a_game(code: str, article: str) -> bool:
    return code in _WINNING_CODES or article.startswith(("20.", "21."))


class _Collector:
    """A match observer that writes a row for every game and every action."""

    def __init__(self, unit: int, seed: int, names: tuple[str, str]) -> None:
        self.rows = UnitRows(unit)
        self.seed = seed
        self.names = names
        self._game = 0
        self._rack_seed = 0
        self._actions: list[dict[str, Any]] = []

    # The observer protocol (bola8.game.match.MatchObserver); what a batch does not need is ignored.
    def on_match_start(self, settings: Any) -> None: pass
    def on_lag(self, *args: Any) -> None: pass
    def on_place(self, player: int, point: Any, game: Any) -> None: pass
    def on_warn(self, player: int, number: int | None) -> None: pass
    def on_disqualify(self, player: int, number: int | None) -> None: pass
    def on_concede(self, player: int, number: int | None, abandoned: bool) -> None: pass
    def on_match_end(self, result: Any) -> None: pass

    def on_game_start(self, number: int, game: Any) -> None:
        self._game = number
        self._rack_seed = int(game.rack_seed) if getattr(game, "rack_seed", None) is not None else 0
        self._actions = []

    def on_turn(self, turn: Any, choice: Any) -> None:
        ruling = turn.ruling
        strike = turn.strike
        call = turn.call
        shot = turn.shot
        note = getattr(choice, "note", "")
        row: dict[str, Any] = {
            "unit": self.rows.unit, "game": self._game, "action": len(self._actions) + 1,
            "player": turn.player if turn.player is not None else -1,
            "player_name": self.names[turn.player] if rules.is_player(turn.player) else "",
            "kind": turn.kind, "is_break": turn.kind == "shot" and turn.before.state.phase == "break",
            # "safety", or a two-way shot ("safety calling 3 in foot-left": a call, Art. 21.1)
            "safety": turn.kind == "shot" and note.startswith("safety"),
            "call_ball": call.ball if call is not None else None,
            "call_pocket": call.pocket if call is not None else None,
            "speed": strike.speed if strike is not None else None,
            "phi": strike.phi if strike is not None else None,
            "theta": strike.theta if strike is not None else None,
            "a": strike.a if strike is not None else None,
            "b": strike.b if strike is not None else None,
            "option": turn.choice if turn.kind == "choice" else turn.declared,
            "foul": bool(ruling.foul), "turn_passes": bool(ruling.turn_passes),
            "codes": [r.code for r in ruling.reasons], "articles": [r.article for r in ruling.reasons],
            "pocketed": sorted(p.ball for p in shot.pocketed) if shot is not None else [],
            "legally_pocketed": list(ruling.legally_pocketed),
            "facts": json.dumps(shot.to_dict(), sort_keys=True) if shot is not None else None,
        }
        self._actions.append(row)

    def on_game_end(self, number: int, game: Any, score: list[int]) -> None:
        state = game.state
        shots = [a for a in self._actions if a["kind"] == "shot"]
        breaks = [a for a in shots if a["is_break"]]
        last_break = breaks[-1] if breaks else None
        ending_code = ending_article = None
        for action in reversed(self._actions):
            if action["codes"]:
                for code, article in zip(action["codes"], action["articles"]):
                    if _ends_a_game(code, article):
                        ending_code, ending_article = code, article
                        break
                break
        breaker = int(state.breaker)
        visits, previous = 0, None
        for a in shots:
            if a["player"] != previous:
                visits, previous = visits + 1, a["player"]
        kept = bool(last_break is not None and not last_break["turn_passes"] and not last_break["foul"])
        self.rows.games.append({
            "unit": self.rows.unit, "unit_seed": self.seed, "game": number, "rack_seed": self._rack_seed,
            "player_0": self.names[0], "player_1": self.names[1], "breaker": breaker,
            "winner": state.winner, "winner_name": self.names[state.winner] if rules.is_player(state.winner) else None,
            "result": state.result, "ending_code": ending_code, "ending_article": ending_article,
            "score_0": int(score[0]), "score_1": int(score[1]), "actions": len(self._actions),
            "shots": len(shots), "fouls": sum(1 for a in shots if a["foul"]),
            "safeties": sum(1 for a in shots if a["safety"]),
            "break_pocketed": len([b for b in (last_break["pocketed"] if last_break else []) if b != 0]),
            "break_foul": bool(last_break is not None and last_break["foul"]),
            "breaker_kept_table": kept,
            "break_and_run": bool(state.result == "win" and state.winner == breaker
                                  and all(a["player"] == breaker for a in shots)),
            "visits": visits,
        })
        self.rows.shots.extend(self._actions)


def play_unit(spec: BatchSpec, unit: int, *, records: bool = False) -> UnitRows:
    """Play unit ``unit`` of ``spec``: one match, seeded by :func:`unit_seed` alone."""
    from bola8.game import MatchSettings, play_match
    from bola8.game.record import RecordWriter
    from bola8.game.narration import Tee
    from bola8.players import make_player

    seed = unit_seed(spec.seed, unit)
    names = spec.names
    settings = MatchSettings(table=spec.table, ruleset=rules.get_ruleset(spec.ruleset), race=spec.race,
                             seed=seed)
    players = tuple(make_player(kind, name=names[i], seed=seed * 2 + i, noise=spec.noise)
                    for i, kind in enumerate(spec.players))
    collector = _Collector(unit, seed, names)
    writer = None
    if records:
        writer = RecordWriter(None, {"players": list(names), "race": spec.race, "seed": seed,
                                     "table": spec.table, "ruleset": settings.ruleset.to_dict(),
                                     "noise": spec.noise})
        play_match(players, settings, Tee([collector, writer]))
    else:
        play_match(players, settings, collector)
    rows = collector.rows
    if writer is not None:
        rows.record = writer.text()
    return rows
