"""The match told in words (bola8.game.narration): the reglamento's Spanish, or English."""

from __future__ import annotations

import pytest


class _Lines:
    """The narrated lines, as the command line prints them."""

    def __init__(self):
        self.lines = []

    def getvalue(self):
        return "\n".join(self.lines)


def _printer(lang="es"):
    from bola8.game.narration import NarratingObserver, Narrator

    out = _Lines()
    return NarratingObserver(Narrator(["bot A", "bot B"], race=1, lang=lang), out.lines.append), out


def _position(layout, **state):
    from bola8 import rules
    from bola8.game import Game
    from bola8.game.layout import freeze
    from bola8.physics import table_spec

    on_table = sorted(b for b in layout if b != 0)
    return Game(spec=table_spec("9ft"), state=rules.State.from_dict({"phase": "play", "on_table": on_table,
                                                                     **state}), balls=freeze(layout))


@pytest.mark.parametrize("lang, words", [("es", "bola blanca (cabecera izquierda)"),
                                          ("en", "cue ball (head left)")])
def test_the_printer_names_the_cue_ball_when_it_drops(lang, words):
    from bola8.physics import Strike

    game = _position({0: (0.2, 0.2), 3: (0.6, 1.5), 10: (0.3, 2.0), 8: (1.0, 2.3)}, groups=["solids", "stripes"])
    turn = game.play(Strike(speed=1.5, phi=225.0), None)
    assert [p.ball for p in turn.shot.pocketed] == [0]
    printer, out = _printer(lang)
    printer.on_turn(turn, None)
    assert words in out.getvalue() and " 0 (" not in out.getvalue()


def test_the_printer_says_who_forfeits_and_calls_a_stalemate_a_juego_empatado():
    game = _position({0: (0.6, 0.5), 3: (0.6, 1.5), 8: (1.0, 2.3)}, groups=["solids", "stripes"], breaker=1)
    printer, out = _printer()
    forfeit = game.declare("forfeit", 0)
    printer.on_turn(forfeit, None)
    printer.on_game_end(1, forfeit.game, [0, 1])
    stalemate = game.declare("stalemate")
    printer.on_game_end(1, stalemate.game, [0, 0])
    text = out.getvalue()
    assert "bot A pierde la partida por sanción; gana bot B" in text
    assert "juego empatado: se vuelven a colocar las bolas en el triángulo y abre otra vez bot B (Art. 21.2)" in text


def test_the_printer_says_where_a_ball_was_respotted_and_counts_shots_through_the_match():
    from bola8 import rules
    from bola8.physics import Strike, table_spec

    spec = table_spec("9ft")
    five = (spec.width - 0.2, spec.length - 0.2)
    cue = (five[0] - 0.25, five[1] - 0.25)
    game = _position({0: cue, 5: five, 3: (0.3, 0.9), 8: (0.3, 1.5), 12: spec.foot_spot})
    turn = game.play(Strike(speed=1.5, phi=45.0, b=-0.4), rules.Call(ball=3, pocket="head-left"))
    assert turn.ruling.respotted == (5,)
    printer, out = _printer()
    printer.on_game_start(1, game)
    printer.on_turn(turn, None)
    printer.on_game_start(2, game)
    printer.on_turn(turn, None)
    text = out.getvalue()
    assert "se repone (Art. 16): la 5 detrás del punto de pie, a 5,7 cm de él" in text
    assert "#1 " in text and "#2 " in text                 # the second game goes on counting


