"""The match told in words: one line per action, in the reglamento's Spanish or in English.

The words are the reglamento's: *tiro de apertura* (the break, "abre" the
player who breaks), *arrime* (the lag), *juego decisivo* (the deciding game),
*juego empatado* (a stalemate). Numbers are written with a decimal comma in
Spanish, and every distance says what it is measured from. Shots are numbered
through the whole match, as ``bola8 render --shot N`` counts them.

:class:`Narrator` turns each match event into lines of text and returns them;
whoever shows them (the command line, the server) decides where they go.
:class:`NarratingObserver` is the :class:`~bola8.game.match.MatchObserver`
that hands a narrator's lines to a callable, and :class:`Tee` hands every
match event to several observers (say a narration and a
:class:`~bola8.game.record.RecordWriter`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from bola8.rules.messages import name_of

if TYPE_CHECKING:
    from bola8.game.game import Game, Turn
    from bola8.game.lag import LagStroke
    from bola8.game.match import MatchObserver, MatchResult, MatchSettings

_PAIRS: dict[str, tuple[str, str]] = {
    "lag_first": ("Arrime para el primer tiro de apertura (Art. 4.1)", "Lag for the first break (Art. 4.1)"),
    "lag_hill": ("Arrime antes del juego decisivo con el marcador empatado (Art. 4.2)",
                 "Lag before the deciding game, the score tied (Art. 4.2)"),
    "coin_toss": ("arrimes empatados una y otra vez: lo decide una moneda",
                  "lags tied again and again: a coin toss decides"),
    "stops": ("{name} queda a {cm} cm de la banda de cabecera", "{name} stops {cm} cm from the head cushion"),
    "lost": ("{name} pierde el arrime", "{name} loses the lag"),
    "lag_result": ("{winner} gana el arrime; abre {breaker}", "{winner} wins the lag; {breaker} breaks"),
    "game": ("Partida {number}: abre {name}", "Game {number}: {name} breaks"),
    "deciding": (" (juego decisivo)", " (deciding game)"),
    "break": ("tiro de apertura", "break"),
    "call": ("canta {ball} -> {pocket}", "calls {ball} -> {pocket}"),
    "safety": ("sin cantar", "no call"),
    "pocketed": ("entronera", "pockets"),
    "nothing": ("no entronera nada", "pockets nothing"),
    "cue_ball": ("bola blanca", "cue ball"),
    "continues": ("sigue", "continues"),
    "turn_passes": ("pierde el turno", "turn passes"),
    "foul": ("FALTA", "FOUL"),
    "places": ("{name} coloca la bola blanca a {x} m de la banda izquierda y a {y} m de la banda de "
               "cabecera",
               "{name} places the cue ball {x} m from the left cushion and {y} m from the head cushion"),
    "chooses": ("elige", "chooses"),
    "groups": ("grupos (Art. 11): {a} {ga}, {b} {gb}", "groups (Art. 11): {a} {ga}, {b} {gb}"),
    "respotted_1": ("se repone (Art. 16): {balls}", "re-spotted (Art. 16): {balls}"),
    "respotted_n": ("se reponen (Art. 16): {balls}", "re-spotted (Art. 16): {balls}"),
    "on_spot": ("la {ball} en el punto de pie", "the {ball} on the foot spot"),
    "behind_spot": ("la {ball} detrás del punto de pie, a {cm} cm de él",
                    "the {ball} behind the foot spot, {cm} cm from it"),
    "in_front_spot": ("la {ball} delante del punto de pie, a {cm} cm de él",
                      "the {ball} in front of the foot spot, {cm} cm from it"),
    "wins": ("{name} gana la partida", "{name} wins the game"),
    "stalemate": ("juego empatado: se vuelven a colocar las bolas en el triángulo y abre otra vez {name} "
                  "(Art. 21.2)",
                  "stalemate: the balls are racked again and {name} breaks again (Art. 21.2)"),
    "forfeit": ("{loser} pierde la partida por sanción; gana {winner}",
                "{loser} loses the game by forfeit; {winner} wins it"),
    "score": ("marcador: {a} {sa} - {sb} {b}", "score: {a} {sa} - {sb} {b}"),
    "match": ("{name} gana el encuentro {score}", "{name} wins the match {score}"),
    "race": ("a {race} {games}", "race to {race}"),
    "game_1": ("partida", "game"),
    "game_n": ("partidas", "games"),
    "warned": ("el árbitro advierte a {name} por juego lento: desde ahora tiene {limit} s por tiro (Art. "
               "24)",
               "the referee warns {name} for slow play: from now on {limit} s per shot (Art. 24)"),
    "disqualified": ("el director deportivo descalifica a {name} (Art. 22)",
                     "the tournament director disqualifies {name} (Art. 22)"),
    "conceded": ("{name} concede el encuentro", "{name} concedes the match"),
    "abandoned": ("{name} ha abandonado el encuentro y su rival lo reclama",
                  "{name} has abandoned the match and the opponent claims it"),
    "match_conceded": ("{winner} gana el encuentro: {loser} lo concede; marcador {score}",
                       "{winner} wins the match: {loser} concedes it; score {score}"),
    "match_abandoned": ("{winner} gana el encuentro: {loser} lo abandonó; marcador {score}",
                        "{winner} wins the match: {loser} abandoned it; score {score}"),
    "match_dq": ("{winner} gana el encuentro por descalificación de {loser} (Art. 22); marcador {score}",
                 "{winner} wins the match: {loser} disqualified (Art. 22); score {score}"),
}
WORDS: dict[str, dict[str, str]] = {lang: {key: pair[i] for key, pair in _PAIRS.items()}
                                   for i, lang in enumerate(("es", "en"))}


def race_to(race: int, lang: str) -> str:
    """The race in words, "a 1 partida" / "a 3 partidas" / "race to 3"."""
    w = WORDS["es" if lang == "es" else "en"]
    return w["race"].format(race=race, games=w["game_1"] if race == 1 else w["game_n"])


def decimal(value: float, lang: str, digits: int = 1) -> str:
    """A number with ``digits`` decimals as people write it: a decimal comma in Spanish."""
    text = f"{value:.{digits}f}"
    return text.replace(".", ",") if lang == "es" else text


class Narrator:
    """The lines that tell each event of a match; every method returns them (maybe none).

    ``names``: the two players' names, player 0 first; ``race``: the games to
    win; ``lang``: "es" (the default) or "en". A narrator keeps the match's
    count of shots and its score, so give it every event of one match, in order.
    """

    def __init__(self, names: Sequence[str], *, race: int, lang: str = "es"):
        self.names = tuple(names)
        self.race = race
        self.lang = "es" if lang == "es" else "en"
        self.w = WORDS[self.lang]
        self.shot_number = 0          # through the whole match, as the record counts them
        self.score = (0, 0)
        self.limit_s: float | None = None

    def _num(self, value: float, digits: int) -> str:
        return decimal(value, self.lang, digits)

    def match_start(self, settings: MatchSettings) -> list[str]:
        """No lines: it keeps the ruleset's shot-clock limit for the warnings to come (the lag opens the narration)."""
        from bola8.rules import get_ruleset

        self.limit_s = get_ruleset(settings.ruleset).shot_clock_s
        return []

    def warn(self, player: int, number: int | None) -> list[str]:
        """The line of a slow-play warning (Art. 24)."""
        limit_s = self.limit_s
        if limit_s is None:           # told of a warning before the match: the default ruleset's clock
            from bola8.rules import get_ruleset

            limit_s = get_ruleset("spanish").shot_clock_s
        limit = self._num(limit_s, 0 if float(limit_s).is_integer() else 1)
        return [("  " if number is not None else "") + self.w["warned"].format(name=self.names[player],
                                                                              limit=limit)]

    def disqualify(self, player: int, number: int | None) -> list[str]:
        """The line of a disqualification (Art. 22)."""
        return [("  " if number is not None else "") + self.w["disqualified"].format(name=self.names[player])]

    def concede(self, player: int, number: int | None, abandoned: bool) -> list[str]:
        """The line of a match conceded, or abandoned and claimed."""
        words = self.w["abandoned" if abandoned else "conceded"]
        return [("  " if number is not None else "") + words.format(name=self.names[player])]

    def lag(self, strokes: Sequence[LagStroke], winner: int, breaker: int, reason: str,
            coin_toss: bool = False) -> list[str]:
        """The lines of a lag: both strokes, who won, who breaks."""
        w = self.w
        label = w["lag_first"] if reason == "first_break" else w["lag_hill"]
        parts = []
        for stroke in strokes:
            name = self.names[stroke.player]
            if math.isinf(stroke.distance):
                parts.append(w["lost"].format(name=name))
            else:
                parts.append(w["stops"].format(name=name, cm=self._num(stroke.distance * 100, 1)))
        toss = f" ({w['coin_toss']})" if coin_toss else ""
        result = w["lag_result"].format(winner=self.names[winner], breaker=self.names[breaker])
        return [("\n" if reason != "first_break" else "") + f"{label}: " + "; ".join(parts) + f" -> {result}{toss}"]

    def game_start(self, number: int, game: Game) -> list[str]:
        """The line that opens a game: its number, who breaks, the score."""
        from bola8.game.match import hill_hill

        deciding = hill_hill(list(self.score), self.race)
        return ["\n" + self.w["game"].format(number=number, name=self.names[game.state.breaker])
                + (self.w["deciding"] if deciding else "")]

    def place(self, player: int, point: tuple[float, float]) -> list[str]:
        """The line of a cue ball placed in hand."""
        return ["  " + self.w["places"].format(name=self.names[player], x=self._num(point[0], 3),
                                               y=self._num(point[1], 3))]

    def _ball(self, ball: int) -> str:
        return self.w["cue_ball"] if ball == 0 else str(ball)

    def turn(self, turn: Turn) -> list[str]:
        """The lines of a judged action: the stroke and call, the ruling with its articles, what follows."""
        w = self.w
        who = self.names[turn.player] if turn.player is not None else ""
        if turn.kind == "shot":
            self.shot_number += 1
            if turn.before.state.phase == "break":
                what = w["break"]
            elif turn.call is None:
                what = w["safety"]
            else:
                what = w["call"].format(ball=turn.call.ball, pocket=name_of(turn.call.pocket, self.lang))
            pocketed = turn.simulation.pocketed if turn.simulation is not None else ()
            dropped = [f"{self._ball(b)} ({name_of(p, self.lang)})" for b, p, _ in pocketed]
            pots = f"{w['pocketed']} {', '.join(dropped)}" if dropped else w["nothing"]
            timed = "" if turn.elapsed_s is None else f" ({self._num(turn.elapsed_s, 1)} s)"
            head = f"  #{self.shot_number:<3} {who}{timed}: {what}; {pots}"
        elif turn.kind == "choice":
            head = f"  {who} {w['chooses']} {name_of(turn.choice or '', self.lang)}"
        else:
            head = f"  {who + ': ' if who else ''}{name_of(turn.declared or '', self.lang)}"
        return [head + " | " + self._verdict(turn), *self._groups(turn), *self._respotted(turn)]

    def _verdict(self, turn: Turn) -> str:
        w, ruling, state = self.w, turn.ruling, turn.game.state
        if ruling.foul:
            verdict = w["foul"]
        elif state.phase == "over":
            verdict = ""
        elif state.shooter == turn.before.state.shooter and not ruling.turn_passes:
            verdict = w["continues"]
        else:
            verdict = w["turn_passes"]
        reasons = "; ".join(f"{r.text(self.lang)} (Art. {r.article})" for r in ruling.reasons)
        return " - ".join(part for part in (verdict, reasons) if part)

    def _groups(self, turn: Turn) -> list[str]:
        before, after = turn.before.state.groups, turn.game.state.groups
        if before is None and after is not None:
            group = [name_of(g.value, self.lang) for g in after]
            return ["    " + self.w["groups"].format(a=self.names[0], ga=group[0], b=self.names[1], gb=group[1])]
        return []

    def _respotted(self, turn: Turn) -> list[str]:
        if not turn.ruling.respotted:
            return []
        game = turn.game
        spot_y = game.spec.foot_spot[1]
        layout = game.layout
        placed = []
        for ball in turn.ruling.respotted:
            if ball not in layout:
                continue
            offset = layout[ball][1] - spot_y
            cm = self._num(abs(offset) * 100, 1)
            key = "on_spot" if abs(offset) < 1e-6 else "behind_spot" if offset > 0 else "in_front_spot"
            placed.append(self.w[key].format(ball=ball, cm=cm))
        if not placed:
            return []
        key = "respotted_1" if len(placed) == 1 else "respotted_n"
        return ["    " + self.w[key].format(balls="; ".join(placed))]

    def game_end(self, number: int, game: Game, score: Sequence[int]) -> list[str]:
        """The lines that close a game: its result and the score."""
        state, w = game.state, self.w
        lines = []
        if state.result == "stalemate":
            lines.append("  " + w["stalemate"].format(name=self.names[state.breaker]))
        elif state.result == "forfeit" and state.winner is not None:
            lines.append("  " + w["forfeit"].format(loser=self.names[1 - state.winner],
                                                    winner=self.names[state.winner]))
        elif state.winner is not None:
            lines.append("  " + w["wins"].format(name=self.names[state.winner]))
        self.score = (score[0], score[1])
        lines.append("  " + w["score"].format(a=self.names[0], sa=score[0], sb=score[1], b=self.names[1]))
        return lines

    def match_end(self, result: MatchResult) -> list[str]:
        """The result, one line: the winner and the score."""
        w = self.w
        winner = result.winner if result.winner is not None else 0
        ended = {"disqualification": "match_dq", "concession": "match_conceded", "abandonment": "match_abandoned"}
        if result.result in ended:                   # the scoreboard as it stood, player A first
            return [w[ended[result.result]].format(winner=self.names[winner], loser=self.names[1 - winner],
                                         score=f"{result.score[0]}-{result.score[1]}")]
        score = f"{result.score[winner]}-{result.score[1 - winner]}"    # the winner's games first
        return [w["match"].format(name=self.names[winner], score=score)]


class NarratingObserver:
    """A match observer that hands each line of ``narrator`` to ``say`` as it happens.

    ``result_only``: say only the match's result (``bola8 match --quiet``).
    """

    def __init__(self, narrator: Narrator, say: Callable[[str], None], *, result_only: bool = False):
        self.narrator = narrator
        self._say = say
        self.result_only = result_only

    def _lines(self, lines: list[str]) -> None:
        if not self.result_only:
            for line in lines:
                self._say(line)

    def on_match_start(self, settings: MatchSettings) -> None:
        """Say the narrator's lines for the match's start (unless ``result_only``)."""
        self._lines(self.narrator.match_start(settings))

    def on_lag(self, strokes: tuple[LagStroke, LagStroke], winner: int, breaker: int, reason: str,
               coin_toss: bool = False) -> None:
        """Say the narrator's lines for the lag (unless ``result_only``)."""
        self._lines(self.narrator.lag(strokes, winner, breaker, reason, coin_toss))

    def on_game_start(self, number: int, game: Game) -> None:
        """Say the narrator's lines for the game's start (unless ``result_only``)."""
        self._lines(self.narrator.game_start(number, game))

    def on_place(self, player: int, point: tuple[float, float], game: Game) -> None:
        """Say the narrator's lines for the placement (unless ``result_only``)."""
        self._lines(self.narrator.place(player, point))

    def on_turn(self, turn: Turn, choice: object) -> None:
        """Say the narrator's lines for the action judged (unless ``result_only``)."""
        self._lines(self.narrator.turn(turn))

    def on_game_end(self, number: int, game: Game, score: list[int]) -> None:
        """Say the narrator's lines for the game's end (unless ``result_only``)."""
        self._lines(self.narrator.game_end(number, game, score))

    def on_warn(self, player: int, number: int | None) -> None:
        """Say the narrator's lines for the warning (unless ``result_only``)."""
        self._lines(self.narrator.warn(player, number))

    def on_disqualify(self, player: int, number: int | None) -> None:
        """Say the narrator's lines for the disqualification (unless ``result_only``)."""
        self._lines(self.narrator.disqualify(player, number))

    def on_concede(self, player: int, number: int | None, abandoned: bool) -> None:
        """Say the narrator's line for the match conceded (unless ``result_only``)."""
        self._lines(self.narrator.concede(player, number, abandoned))

    def on_match_end(self, result: MatchResult) -> None:
        """Say the match's result (always, even with ``result_only``)."""
        lines = self.narrator.match_end(result)
        for line in lines if self.result_only else ["\n" + line for line in lines]:
            self._say(line)


class Tee:
    """A match observer that hands every event to each of ``observers``, in order."""

    def __init__(self, observers: Sequence[MatchObserver]):
        self.observers = tuple(observers)

    def on_match_start(self, settings: MatchSettings) -> None:
        """Hand the match's start to every observer, in order."""
        for observer in self.observers:
            observer.on_match_start(settings)

    def on_lag(self, strokes: tuple[LagStroke, LagStroke], winner: int, breaker: int, reason: str,
               coin_toss: bool = False) -> None:
        """Hand the lag to every observer, in order."""
        for observer in self.observers:
            observer.on_lag(strokes, winner, breaker, reason, coin_toss)

    def on_game_start(self, number: int, game: Game) -> None:
        """Hand the game's start to every observer, in order."""
        for observer in self.observers:
            observer.on_game_start(number, game)

    def on_place(self, player: int, point: tuple[float, float], game: Game) -> None:
        """Hand the placement to every observer, in order."""
        for observer in self.observers:
            observer.on_place(player, point, game)

    def on_turn(self, turn: Turn, choice: object) -> None:
        """Hand the action judged to every observer, in order."""
        for observer in self.observers:
            observer.on_turn(turn, choice)

    def on_game_end(self, number: int, game: Game, score: list[int]) -> None:
        """Hand the game's end to every observer, in order."""
        for observer in self.observers:
            observer.on_game_end(number, game, score)

    def on_warn(self, player: int, number: int | None) -> None:
        """Hand the warning to every observer, in order."""
        for observer in self.observers:
            observer.on_warn(player, number)

    def on_disqualify(self, player: int, number: int | None) -> None:
        """Hand the disqualification to every observer, in order."""
        for observer in self.observers:
            observer.on_disqualify(player, number)

    def on_concede(self, player: int, number: int | None, abandoned: bool) -> None:
        """Hand the match conceded to every observer, in order."""
        for observer in self.observers:
            observer.on_concede(player, number, abandoned)

    def on_match_end(self, result: MatchResult) -> None:
        """Hand the match's end to every observer, in order."""
        for observer in self.observers:
            observer.on_match_end(result)
