"""The referee assistant: a match on a REAL table, judged from the facts a person enters.

No physics: the person keeping the match enters the lag's result, then the
facts of each shot (the referee contract's SHOT, ``rules.Shot.from_dict``),
the options taken and the declarations. :mod:`bola8.rules` judges each one
(``judge``, ``decide``, ``declare``); :class:`~bola8.game.match.MatchProgress`
keeps the match - the lag of Art. 4.1 and the hill-hill lag of Art. 4.2,
alternate breaks, the race, stalemates replayed with the same breaker
(Art. 21.2). Every ruling can be undone (a stack of the states before each
one), and the match exports as JSON Lines in its own format,
``bola8-real-table`` (version 1): a ``match`` header (players, race,
ruleset), then one line per accepted action in order (``lag``, ``shot``
with its facts, ``choice``, ``declare``), each with the ruling and the state
after it, and ``game_end`` / ``match_end`` lines. Undone actions are not in it.
Each line says when it was entered (``at``, ISO 8601 in UTC) when the match
was given the times - the server gives every change its commit time - and
the header when the table was opened (``opened_at``); ``match_end`` then
holds the match's duration. ``bola8 replay`` checks such a record
(:mod:`bola8.game.real_table_record`): every ruling and state judged again.

The officials' part is entered too: a referee's warning for slow play
(Art. 24, :meth:`~RealTableMatch.warn` - that player is on the shot clock
for the rest of the match) and a tournament director's disqualification
(Art. 22, :meth:`~RealTableMatch.disqualify` - the match ends, the other
player wins). They are ``warn`` and ``disqualify`` lines of the record, and
can be undone like any change.
"""

from __future__ import annotations

import copy
import json
from datetime import datetime, timezone
from dataclasses import dataclass, field, replace
from typing import Any

from bola8 import rules
from bola8.errors import InputError
from bola8.game.match import MatchProgress
from bola8.game.names import player_name
from bola8.game.record_format import ruling_to_dict
from bola8.game.session import OutOfTurn, ToAct

FORMAT = "bola8-real-table"
VERSION = 1


@dataclass(frozen=True)
class Entry:
    """One accepted action: what was entered and what the referee answered."""

    n: int                              # 1-based over the match
    kind: str                           # "lag" | "shot" | "choice" | "declare" | "warn" | "disqualify"
    data: dict[str, Any]                # what was entered
    game_number: int
    player: int | None = None
    ruling: rules.Ruling | None = None  # None for a lag
    state: rules.State | None = None    # after the action
    at: float | None = None             # when it was entered (unix seconds), when known


@dataclass
class _Snapshot:
    progress: MatchProgress
    state: rules.State | None
    history: list[Entry] = field(default_factory=list)
    warned: frozenset[int] = frozenset()


class RealTableMatch:
    """A real match kept by a person; every change through :meth:`lag`, :meth:`shot`, :meth:`choice`,
    :meth:`declare`, :meth:`undo`."""

    def __init__(self, players: tuple[str, str], race: int, ruleset: str = "spanish", *,
                 opened_at: float | None = None):
        rules.get_ruleset(ruleset)
        if isinstance(race, bool) or not isinstance(race, int) or not 1 <= race <= 99:
            raise InputError(f"race: {race!r} is not a race; expected a whole number of games from 1 to 99.",
                             f"race: {race!r} no es un número de partidas; se esperaba un entero de 1 a 99.")
        names = tuple(players)
        if len(names) != 2:
            raise InputError("players: expected two names.", "players: se esperaban dos nombres.")
        names = tuple(player_name(name, f"players[{i}]") for i, name in enumerate(names))
        self.players = (names[0], names[1])
        self.race = race
        self.ruleset = ruleset
        self.opened_at = opened_at               # when the table was opened (unix seconds), when known
        self.progress = MatchProgress(race)
        self.state: rules.State | None = None    # the game in play; None while a lag is due or at the end
        self.history: list[Entry] = []
        self.warned: frozenset[int] = frozenset()   # Art. 24: the players on the shot clock
        self._undo: list[_Snapshot] = []

    # ------------------------------------------------------------ queries
    @property
    def game_number(self) -> int:
        """The number of the game in play (0 before the first lag)."""
        return self.progress.games

    @property
    def over(self) -> bool:
        """The match has ended."""
        return self.progress.over

    def to_act(self) -> ToAct | None:
        """Who acts next and how (a lag, a shot or a choice), or None once the match is over."""
        if self.progress.over:
            return None
        if self.state is None:
            return ToAct(0, "lag", reason=self.progress.lag_due())
        if self.state.decision is not None:
            return ToAct(self.state.decision.player, "choice", tuple(self.state.decision.options))
        return ToAct(self.state.shooter, "shot")

    # ------------------------------------------------------------ actions
    def lag(self, winner: int, breaks: int | None = None, *, at: float | None = None) -> None:
        """Art. 4: the person enters who won the lag and whom the winner chose to break (default: himself)."""
        self._expect("lag")
        rules.check_player(winner, "winner")
        breaker = winner if breaks is None else rules.check_player(breaks, "breaks")
        reason = self.progress.lag_due()
        assert reason is not None
        self._save()
        self.progress.lagged(reason, breaker)
        self._record("lag", {"winner": winner, "breaks": breaker, "reason": reason}, None, None, None, at)
        self._start_game()

    def shot(self, facts: Any, *, at: float | None = None) -> rules.Ruling:
        """The facts of one shot (referee-json SHOT), judged."""
        self._expect("shot")
        assert self.state is not None
        shot = rules.Shot.from_dict(facts)
        ruling, after = rules.judge(self.state, shot)
        return self._ruled("shot", shot.to_dict(), self.state.shooter, ruling, after, at)

    def choice(self, option: str, *, at: float | None = None) -> rules.Ruling:
        """The pending option (Art. 6, 7.2) taken, judged."""
        self._expect("choice")
        assert self.state is not None and self.state.decision is not None
        ruling, after = rules.decide(self.state, option)
        return self._ruled("choice", {"option": option}, self.state.decision.player, ruling, after, at)

    def declare(self, what: str, player: int | None = None, *, at: float | None = None) -> rules.Ruling:
        """Art. 21.2 agreed stalemate, or a forfeit against ``player`` (Art. 18.5, 22)."""
        if self.progress.over:
            raise _over()
        if self.state is None:
            raise OutOfTurn("declare: no game is in play; the lag comes first.",
                            "declare: no hay partida en juego; primero va el sorteo de salida.")
        ruling, after = rules.declare(self.state, what, player)
        return self._ruled("declare", {"what": what, "player": player}, player, ruling, after, at)

    def what_if(self, facts: Any) -> tuple[rules.Ruling, rules.State, list[WhatIf]]:
        """The ruling these facts would get now and the state after it (nothing is entered), and for
        each fact a referee may be unsure of - did a ball reach a cushion, how many went to the
        cushions on the break, was the first contact from the kitchen behind the head string, was a
        ball touched - the ruling and state if it were the other way. The same referee judges every
        version."""
        self._expect("shot")
        assert self.state is not None
        shot = rules.Shot.from_dict(facts)
        ruling, after = rules.judge(self.state, shot)
        out = []
        for fact, value, other in _flips(shot, self.state):
            changed, changed_after = rules.judge(self.state, other)
            out.append(WhatIf(fact, value, changed, changed == ruling, changed_after))
        return ruling, after, out

    def warn(self, player: int, *, at: float | None = None) -> None:
        """Art. 24: the referee warns ``player`` for slow play; from now on each of his shots is timed."""
        if self.progress.over:
            raise _over()
        rules.check_player(player, "player")
        if player in self.warned:
            raise OutOfTurn(f"player: player {player} has already been warned (Art. 24).",
                            f"player: el jugador {player} ya ha sido advertido (Art. 24).")
        self._save()
        self.warned = self.warned | {player}
        self._record("warn", {"player": player}, player, None, None, at)

    def disqualify(self, player: int, *, at: float | None = None) -> None:
        """Art. 22: the tournament director disqualifies ``player``; the match ends, the other wins."""
        if self.progress.over:
            raise _over()
        rules.check_player(player, "player")
        self._save()
        self.progress.disqualify(player)
        self._record("disqualify", {"player": player}, player, None, None, at)
        self.state = None

    def undo(self) -> Entry:
        """Take back the last accepted action (a lag or a ruling); the match is as it was before it."""
        if not self._undo:
            raise OutOfTurn("undo: there is nothing to undo.", "undo: no hay nada que deshacer.")
        undone = self.history[-1]
        snapshot = self._undo.pop()
        self.progress, self.state, self.history = snapshot.progress, snapshot.state, snapshot.history
        self.warned = snapshot.warned
        return undone

    # ------------------------------------------------------------ export
    def record_lines(self) -> list[dict[str, Any]]:
        """The match as the lines of a record (JSON Lines objects): the header, every action with its ruling
        and state, each game's end and the match's end - each with when it was entered (``at``, ISO 8601
        in UTC) when the match knows it, and the match's duration at its end.
        """
        header: dict[str, Any] = {"type": "match", "format": FORMAT, "version": VERSION,
                                  "players": list(self.players), "race": self.race, "ruleset": self.ruleset}
        if self.opened_at is not None:
            header["opened_at"] = iso_time(self.opened_at)
        lines = [header]
        score = [0, 0]
        for entry in self.history:
            line: dict[str, Any] = {"type": entry.kind, "n": entry.n, "game": entry.game_number,
                                    "player": entry.player, **entry.data}
            if entry.ruling is not None:
                line["ruling"] = ruling_to_dict(entry.ruling)
            if entry.state is not None:
                line["state"] = entry.state.to_dict()
            stamp = {} if entry.at is None else {"at": iso_time(entry.at)}
            lines.append(line | stamp)
            if entry.state is not None and entry.state.phase == "over":
                if entry.state.result != "stalemate" and entry.state.winner is not None:
                    score[entry.state.winner] += 1
                lines.append({"type": "game_end", "game": entry.game_number, "result": entry.state.result,
                              "winner": entry.state.winner, "score": list(score)} | stamp)
        if self.progress.over:
            end: dict[str, Any] = {"type": "match_end", "winner": self.progress.winner,
                                   "score": list(self.progress.score), "result": self.progress.result}
            last = self.history[-1].at if self.history else None
            if last is not None:
                end["at"] = iso_time(last)
                if self.opened_at is not None:
                    end["duration_s"] = round(last - self.opened_at)
            lines.append(end)
        return lines

    def record_text(self) -> str:
        """The record as JSON Lines text, for export."""
        return "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in self.record_lines())

    # ------------------------------------------------------------ internal
    def _expect(self, kind: str) -> None:
        now = self.to_act()
        if now is None:
            raise _over()
        if now.action != kind:
            raise OutOfTurn(f"{kind}: not now; the table expects a {now.action} (seat {now.seat}).",
                            f"{kind}: ahora no; la mesa espera {now.action} (jugador {now.seat}).")

    def _save(self) -> None:
        self._undo.append(_Snapshot(copy.deepcopy(self.progress), self.state, list(self.history), self.warned))

    def _record(self, kind: str, data: dict[str, Any], player: int | None, ruling: rules.Ruling | None,
                state: rules.State | None, at: float | None) -> None:
        self.history.append(Entry(len(self.history) + 1, kind, data, self.progress.games, player, ruling, state, at))

    def _ruled(self, kind: str, data: dict[str, Any], player: int | None, ruling: rules.Ruling,
               after: rules.State, at: float | None) -> rules.Ruling:
        self._save()
        self._record(kind, data, player, ruling, after, at)
        self.state = after
        if after.phase == "over":
            self.progress.game_ended(after.result, after.winner)
            self.state = None
            if not self.progress.over and self.progress.lag_due() is None:
                self._start_game()
        return ruling

    def _start_game(self) -> None:
        self.progress.game_started()
        breaker = self.progress.breaker
        assert breaker is not None
        self.state = rules.State.initial(ruleset=self.ruleset, breaker=breaker)


@dataclass(frozen=True)
class WhatIf:
    """One fact the other way, and the ruling the shot would get then."""

    fact: str                           # a field of the SHOT, or "referee_fouls.<code>"
    value: Any                          # the value it takes in this version
    ruling: rules.Ruling
    same: bool                          # the ruling does not change
    state: rules.State                  # after that ruling (a game won or lost, an option, who shoots)


def _flips(shot: rules.Shot, state: rules.State) -> list[tuple[str, Any, rules.Shot]]:
    """The facts a referee is most often unsure of, each turned the other way (the ones that apply)."""
    out: list[tuple[str, Any, rules.Shot]] = [
        ("rail_after_contact", not shot.rail_after_contact, replace(shot, rail_after_contact=not shot.rail_after_contact))]
    if state.phase == "break":
        # Art. 7: four object balls to the cushions make a break legal; the doubt is on either side of four
        count = 3 if shot.object_balls_to_rail >= 4 else 4
        out.append(("object_balls_to_rail", count, replace(shot, object_balls_to_rail=count)))
    if state.cue_ball == "in_hand_behind_head_string" and state.phase != "break":   # Art. 8.2: after a break foul
        flag = not shot.illegal_first_contact_behind_head_string
        out.append(("illegal_first_contact_behind_head_string", flag,
                    replace(shot, illegal_first_contact_behind_head_string=flag)))
    touched = "touched_ball" in shot.referee_fouls
    fouls = tuple(f for f in shot.referee_fouls if f != "touched_ball") if touched else shot.referee_fouls + ("touched_ball",)
    out.append(("referee_fouls.touched_ball", not touched, replace(shot, referee_fouls=fouls)))
    return out


def iso_time(at: float) -> str:
    """Unix seconds as the record writes a time: ISO 8601 in UTC, to the second."""
    return datetime.fromtimestamp(at, timezone.utc).isoformat(timespec="seconds")


def _over() -> InputError:
    return OutOfTurn("table: the match is over; no further action is possible.",
                     "table: el encuentro ha terminado; ya no es posible ninguna acción.")
