"""How ``bola8 match`` tells a match: one line per action, a progress bar on stderr."""

from __future__ import annotations

import math

from bola8.rules.messages import name_of

WORDS = {
    "es": {
        "lag": "Arrime", "lag_first": "primer saque", "lag_hill": "empate a uno del final",
        "coin_toss": "arrimes empatados una y otra vez: lo decide una moneda",
        "stops": "queda a", "lost": "pierde el arrime", "wins_lag": "gana el arrime", "breaks": "saca",
        "game": "Partida", "breaker": "saca", "break": "saque", "call": "canta", "safety": "sin cantar",
        "pocketed": "entronera", "nothing": "no entronera nada", "continues": "sigue",
        "turn_passes": "pierde el turno", "foul": "FALTA", "places": "coloca la bola blanca en",
        "chooses": "elige", "wins": "gana la partida", "stalemate": "tablas: se repite el triángulo",
        "forfeit": "gana por abandono", "score": "marcador", "match": "gana el encuentro",
        "race": "a", "games": "partidas",
        "warned": "el árbitro advierte a {name} por juego lento: desde ahora tiene {limit} s por tiro (Art. 24)",
        "disqualified": "el director deportivo descalifica a {name} (Art. 22)",
        "match_dq": "{winner} gana el encuentro por descalificación de {loser} (Art. 22); marcador {score}",
    },
    "en": {
        "lag": "Lag", "lag_first": "first break", "lag_hill": "hill-hill",
        "coin_toss": "lags tied again and again: a coin toss decides",
        "stops": "stops at", "lost": "loses the lag", "wins_lag": "wins the lag", "breaks": "breaks",
        "game": "Game", "breaker": "breaks", "break": "break", "call": "calls", "safety": "no call",
        "pocketed": "pockets", "nothing": "pockets nothing", "continues": "continues",
        "turn_passes": "turn passes", "foul": "FOUL", "places": "places the cue ball at",
        "chooses": "chooses", "wins": "wins the game", "stalemate": "stalemate: the rack is replayed",
        "forfeit": "wins by forfeit", "score": "score", "match": "wins the match",
        "race": "race to", "games": "games",
        "warned": "the referee warns {name} for slow play: from now on {limit} s per shot (Art. 24)",
        "disqualified": "the tournament director disqualifies {name} (Art. 22)",
        "match_dq": "{winner} wins the match: {loser} disqualified (Art. 22); score {score}",
    },
}


class Tee:
    """Hands every match event to several observers."""

    def __init__(self, observers):
        self.observers = observers

    def __getattr__(self, name):
        def fan_out(*args):
            for observer in self.observers:
                getattr(observer, name)(*args)
        return fan_out


class MatchPrinter:
    def __init__(self, names, *, race: int, lang: str, quiet: bool, out, progress):
        self.names = names
        self.race = race
        self.lang = lang
        self.w = WORDS["es" if lang == "es" else "en"]
        self.quiet = quiet
        self.out = out
        self.progress = progress
        self.shot_number = 0

    def _say(self, text: str) -> None:
        if not self.quiet:
            print(text, file=self.out, flush=True)

    def on_match_start(self, settings):
        from bola8.rules import get_ruleset

        self.limit_s = get_ruleset(settings.ruleset).shot_clock_s

    def on_warn(self, player, number):
        self._say(("  " if number is not None else "")
                  + self.w["warned"].format(name=self.names[player], limit=_decimal(self.limit_s, self.lang, 0 if float(self.limit_s).is_integer() else 1)))

    def on_disqualify(self, player, number):
        self._say(("  " if number is not None else "") + self.w["disqualified"].format(name=self.names[player]))

    def on_lag(self, strokes, winner, breaker, reason, coin_toss=False):
        w = self.w
        label = w["lag_first"] if reason == "first_break" else w["lag_hill"]
        parts = []
        for stroke in strokes:
            if math.isinf(stroke.distance):
                parts.append(f"{self.names[stroke.player]} {w['lost']}")
            else:
                parts.append(f"{self.names[stroke.player]} {w['stops']} {stroke.distance * 100:.1f} cm")
        toss = f" ({w['coin_toss']})" if coin_toss else ""
        self._say(f"{w['lag']} ({label}, Art. 4): " + "; ".join(parts) +
                  f" -> {self.names[winner]} {w['wins_lag']}{toss}, {self.names[breaker]} {w['breaks']}")

    def on_game_start(self, number, game):
        self.shot_number = 0
        self._say(f"\n{self.w['game']} {number}: {self.names[game.state.breaker]} {self.w['breaker']}")

    def on_place(self, player, point, game):
        self._say(f"  {self.names[player]} {self.w['places']} ({point[0]:.3f}, {point[1]:.3f})")

    def on_turn(self, turn, choice):
        w = self.w
        who = self.names[turn.player] if turn.player is not None else ""
        if turn.kind == "shot":
            self.shot_number += 1
            if turn.before.state.phase == "break":
                what = w["break"]
            elif turn.call is None:
                what = w["safety"]
            else:
                what = f"{w['call']} {turn.call.ball} -> {name_of(turn.call.pocket, self.lang)}"
            dropped = [f"{b} ({name_of(p, self.lang)})" for b, p, _ in turn.simulation.pocketed]
            pots = f"{w['pocketed']} {', '.join(dropped)}" if dropped else w["nothing"]
            timed = "" if turn.elapsed_s is None else f" ({_decimal(turn.elapsed_s, self.lang)} s)"
            head = f"  #{self.shot_number:<3} {who}{timed}: {what}; {pots}"
        elif turn.kind == "choice":
            head = f"  {who} {w['chooses']} {name_of(turn.choice, self.lang)}"
        else:
            head = f"  {name_of(turn.declared, self.lang)}"
        self._say(head + " | " + self._verdict(turn))

    def _verdict(self, turn) -> str:
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

    def on_game_end(self, number, game, score):
        state, w = game.state, self.w
        if state.result == "stalemate":
            self._say(f"  {w['stalemate']}")
        elif state.result == "forfeit":
            self._say(f"  {self.names[state.winner]} {w['forfeit']}")
        else:
            self._say(f"  {self.names[state.winner]} {w['wins']}")
        self._say(f"  {w['score']}: {self.names[0]} {score[0]} - {score[1]} {self.names[1]}")
        self._bar(score)

    def _bar(self, score) -> None:
        done = max(score)
        filled = round(20 * done / self.race)
        print(f"[{'#' * filled}{'.' * (20 - filled)}] {score[0]}-{score[1]} "
              f"({self.w['race']} {self.race} {self.w['games']})", file=self.progress, flush=True)

    def on_match_end(self, result):
        w = self.w
        gap = "" if self.quiet else "\n"
        score = f"{result.score[0]}-{result.score[1]}"
        if result.result == "disqualification":
            text = w["match_dq"].format(winner=self.names[result.winner], loser=self.names[1 - result.winner],
                                        score=score)
        else:
            text = f"{self.names[result.winner]} {w['match']} {score}"
        print(gap + text, file=self.out, flush=True)


def _decimal(value: float, lang: str, digits: int = 1) -> str:
    """A number with ``digits`` decimals as people write it: a decimal comma in Spanish."""
    text = f"{value:.{digits}f}"
    return text.replace(".", ",") if lang == "es" else text
