"""The message table: reason code -> (article, Spanish sentence, English sentence).

Every reason a ruling gives is built from this table, so a code always cites
the same article (numbered as the seed numbers it: its two articles 12 are
both "12.x", its two articles 18 both "18.x") and reads the same way. Codes
are stable snake_case identifiers; programs compare codes, people read text.

A few sentences hold values (``{group}``, ``{turns}``): :func:`sentences`
puts them in - a contract identifier such as "solids" in each language's
word, a number as digits. The values travel with the reason (its JSON
``values``), so a ruling read back from JSON is the same ruling in either
language.
"""

from __future__ import annotations

from collections.abc import Mapping
from string import Formatter

MESSAGES: dict[str, tuple[str, str, str]] = {
    # ---------------------------------------------------------------- break
    "illegal_break": (
        "7.2",
        "Tiro de apertura ilegal: no se entroneró ninguna bola ni llegaron cuatro bolas de color a las "
        "bandas; no es falta, pero el contrario elige aceptar la mesa o repetir él mismo el tiro de "
        "apertura.",
        "Illegal break: no ball was pocketed and fewer than four object balls reached a cushion; no "
        "foul, but the opponent chooses to accept the table or to break again himself."),
    "illegal_break_with_foul": (
        "8.2",
        "Tiro de apertura ilegal y con falta: el contrario elige repetir él mismo el tiro de apertura o"
        " aceptar la mesa con bola en mano detrás de la línea de cabeza.",
        "Illegal break with a foul: the opponent chooses to break again or to accept the table with the"
        " cue ball in hand behind the head string."),
    "break_nothing_pocketed": (
        "12.1",
        "Tiro de apertura legal sin bola entronerada: pérdida de turno, sin falta.",
        "Legal break with no ball pocketed: the turn passes, no foul."),
    "break_ball_pocketed": (
        "12.1",
        "Tiro de apertura legal con bola entronerada: el mismo jugador sigue tirando con la mesa "
        "abierta.",
        "Legal break with a ball pocketed: the breaker shoots again, the table open."),
    "table_open_after_break": (
        "11.1",
        "El tiro de apertura no decide el grupo: la mesa queda abierta.",
        "The break never assigns groups: the table stays open."),
    "eight_on_break": (
        "6.1",
        "La bola 8 en el tiro de apertura no gana ni pierde: el jugador que abrió elige reponer la bola"
        " 8 y seguir tirando o volver a colocar las bolas y repetir el tiro de apertura.",
        "The 8 on the break neither wins nor loses: the breaker chooses to respot the 8 and shoot again"
        " or to re-rack and break again."),
    "eight_on_break_coin_op": (
        "6.1",
        "En una mesa de monedas la bola 8 no puede recuperarse: se vuelven a colocar las bolas en el "
        "triángulo y se repite el tiro de apertura.",
        "On a coin-operated table the 8 cannot be retrieved: the balls are racked again and the break "
        "is replayed."),
    "eight_respotted_after_break_foul": (
        "8.1",
        "Falta en el tiro de apertura con la bola 8 entronerada o fuera de la mesa: la bola 8 se repone"
        " sobre la mesa, sin opción.",
        "A foul on the break with the 8 pocketed or off the table: the 8 is spotted again, with no "
        "option."),
    "eight_respotted_illegal_break": (
        "7.2",
        "La bola 8 salió de la mesa en un tiro de apertura ilegal: se repone sobre la mesa y el "
        "contrario elige, como tras todo tiro de apertura ilegal.",
        "The 8 left the table on an illegal break: it is spotted again and the opponent chooses, as "
        "after any illegal break."),
    "cue_ball_pocketed_on_break": (
        "12.1.c",
        "Falta: bola blanca entronerada en el tiro de apertura.",
        "Foul: the cue ball was pocketed on the break."),
    "cue_ball_off_table_on_break": (
        "12.1.c",
        "Falta: la bola blanca salió de la mesa en el tiro de apertura.",
        "Foul: the cue ball left the table on the break."),
    "break_foul_balls_stay_down": (
        "8.1",
        "Falta en el tiro de apertura: las bolas de color entroneradas permanecen en tronera.",
        "A foul on the break: the object balls pocketed stay down."),
    "ball_in_hand_behind_head_string": (
        "8.2",
        "Bola en mano detrás de la línea de cabeza para el contrario: no puede tirar a una bola situada"
        " detrás de la línea salvo que la bola blanca la cruce antes.",
        "The opponent has the cue ball in hand behind the head string: he may not play at a ball behind"
        " the line unless the cue ball crosses it first."),
    "kitchen_first_contact": (
        "8.2",
        "Falta: con bola en mano detrás de la línea de cabeza se tiró directamente a una bola situada "
        "detrás de dicha línea.",
        "Foul: with the cue ball in hand behind the head string, the first ball hit lay behind the line"
        " and the cue ball had not crossed it first."),
    # --------------------------------------------------------- called shots
    "no_call": (
        "2.1",
        "No se designó bola y tronera: pérdida de turno, pero no falta.",
        "No ball and pocket were called: the turn passes, but it is no foul."),
    "called_ball_missed": (
        "2.1",
        "La bola designada no se entroneró: pérdida de turno, pero no falta.",
        "The called ball was not pocketed: the turn passes, but it is no foul."),
    "called_ball_wrong_pocket": (
        "14.1",
        "La bola designada entró en una tronera distinta a la indicada: está entronerada ilegalmente; "
        "pérdida de turno, pero no falta.",
        "The called ball dropped in a pocket other than the one called: it is illegally pocketed; the "
        "turn passes, but it is no foul."),
    "called_ball_pocketed": (
        "12.1",
        "La bola designada se entroneró tal como se anunció: el jugador sigue tirando.",
        "The called ball was pocketed as called: the shooter shoots again."),
    "other_balls_count": (
        "2.2",
        "Con la bola designada entronerada, las demás bolas de color entroneradas en la tacada también "
        "valen.",
        "With the called ball pocketed, every other object ball pocketed on the stroke counts too."),
    "group_assigned": (
        "11.2",
        "Primera bola entronerada legalmente tras el tiro de apertura: el tirador juega con las {group} y"
        " el contrario con las {other}.",
        "First ball legally pocketed after the break: the shooter takes the {group}, the opponent the "
        "{other}."),
    "balls_respotted": (
        "16.1",
        "Cada bola que se repone va al punto de pie; si está ocupado, a la línea de pie detrás de él, tan"
        " cerca como sea posible y tocando la bola que estorbe (nunca la bola blanca), o delante del "
        "punto si detrás no hay sitio; varias, por orden numérico, la más baja más cerca del punto.",
        "Each ball spotted again goes on the foot spot; if it is occupied, on the long string behind it, "
        "as close as possible and frozen to the ball in the way (never to the cue ball), or in front of "
        "the spot when there is no room behind; several go in numerical order, the lowest nearest the "
        "spot."),
    "illegally_pocketed_respotted": (
        "14.2",
        "Las bolas propias entroneradas ilegalmente se reponen; las del contrario permanecen en "
        "tronera.",
        "The shooter's illegally pocketed balls are spotted again; the opponent's stay down."),
    "open_table_respotted": (
        "2.3",
        "Con la mesa abierta ninguna bola tiene dueño: todas las bolas entroneradas sin tiro legal se "
        "reponen.",
        "On an open table nobody owns a ball: every ball pocketed without a legal pot is spotted again."),
    "coin_op_balls_stay_down": (
        "2.4",
        "Mesa accionada por monedas: todas las bolas entroneradas permanecen en tronera.",
        "Coin-operated table: every pocketed ball stays down."),
    "object_ball_off_table": (
        "15.1",
        "Una bola de color salió de la mesa: pérdida de turno, pero no falta. Las del tirador (todas, "
        "si la mesa sigue abierta tras el tiro) se reponen; las del contrario se consideran "
        "entroneradas.",
        "An object ball left the table: the turn passes, but it is no foul. The shooter's (all of them "
        "if the table is still open after the stroke) are spotted again; the opponent's count as "
        "pocketed."),
    "object_ball_off_table_breaker_keeps_turn": (
        "15.2",
        "Una bola de color salió de la mesa en el tiro de apertura: no es falta y se repone, porque la "
        "mesa está abierta; el jugador que abrió conserva el turno para elegir tras la bola 8 (Art. 6).",
        "An object ball left the table on the break: no foul, and it is spotted again, the table being "
        "open; the breaker keeps the turn to choose after the 8 (Art. 6)."),
    # ----------------------------------------------------------------- fouls
    "no_contact": (
        "10.1",
        "Falta: la bola blanca no tocó ninguna bola de color.",
        "Foul: the cue ball touched no object ball."),
    "wrong_first_contact": (
        "10.1",
        "Falta: la bola blanca no contactó primero con una bola de su grupo.",
        "Foul: the cue ball did not first hit a ball of the shooter's group."),
    "eight_hit_first": (
        "18.1",
        "Falta: la bola 8 solo puede tocarse primero con la mesa abierta o cuando ya se ha entronerado "
        "todo el grupo.",
        "Foul: the 8 may be hit first only on an open table or once the shooter's group is cleared."),
    "frozen_opponent_ball_driven_into": (
        "18.3",
        "Falta: con la bola blanca en contacto con una bola del contrario, se tiró sobre ella; había que "
        "tirar a banda o a otra bola.",
        "Foul: with the cue ball frozen to an opponent's ball, the shot was driven into it; it had to go "
        "to a cushion or another ball."),
    "frozen_eight_driven_into": (
        "18.4",
        "Falta: con la bola blanca en contacto con la bola 8 cuando aún quedan bolas del grupo, se tiró "
        "sobre ella; había que tirar a banda o a otra bola.",
        "Foul: with the cue ball frozen to the 8 while balls of the shooter's group remain, the shot was "
        "driven into it; it had to go to a cushion or another ball."),
    "no_rail_after_contact": (
        "10.1",
        "Falta: tras el primer contacto no se entroneró ninguna bola ni tocó banda la bola blanca o una"
        " de color.",
        "Foul: after the first contact no ball was pocketed and neither the cue ball nor an object ball"
        " touched a cushion."),
    "cue_ball_pocketed": (
        "12.1.b",
        "Falta: bola blanca entronerada.",
        "Foul: the cue ball was pocketed."),
    "cue_ball_off_table": (
        "12.1.b",
        "Falta: la bola blanca salió de la mesa.",
        "Foul: the cue ball left the table."),
    "foot_off_floor": (
        "12.1.d",
        "Falta: se tiró sin tener por lo menos un pie en el suelo.",
        "Foul: the shot was played without at least one foot on the floor."),
    "touched_ball": (
        "12.1.e",
        "Falta: se movió o tocó una bola fuera del golpe de ejecución.",
        "Foul: a ball was moved or touched other than by the stroke."),
    "illegal_jump": (
        "12.1.f",
        "Falta: se hizo saltar la bola blanca golpeándola por debajo de su centro.",
        "Foul: the cue ball was made to jump by striking it below centre."),
    "team_advice": (
        "12.1.g",
        "Falta: un compañero de equipo aconsejó al jugador durante la jugada.",
        "Foul: a teammate advised the player on the shot."),
    "slow_play": (
        "24.1",
        "Falta: se superó el tiempo máximo para tirar impuesto por juego lento.",
        "Foul: the time limit imposed for slow play was exceeded."),
    "ball_in_hand": (
        "13.1",
        "Bola en mano para el contrario: puede colocar la bola blanca en cualquier parte de la mesa.",
        "Ball in hand for the opponent: he may place the cue ball anywhere on the table."),
    # ---------------------------------------------------------- end of game
    "eight_pocketed_win": (
        "1.3",
        "Bola 8 entronerada legalmente en la tronera designada tras entronerar su grupo: gana la "
        "partida.",
        "The 8 legally pocketed in the called pocket after clearing the group: the shooter wins."),
    "eight_pocketed_on_foul": (
        "20.1.a",
        "Pierde la partida: cometió falta en el tiro en que entroneró la bola 8.",
        "Loss of the game: a foul on the shot that pocketed the 8."),
    "eight_with_last_ball": (
        "20.1.b",
        "Pierde la partida: entroneró la bola 8 en el mismo tiro que la última bola de su grupo.",
        "Loss of the game: the 8 was pocketed on the same shot as the last ball of the group."),
    "eight_off_table": (
        "20.1.c",
        "Pierde la partida: la bola 8 salió de la mesa.",
        "Loss of the game: the 8 left the table."),
    "eight_wrong_pocket": (
        "20.1.d",
        "Pierde la partida: la bola 8 entró en una tronera distinta a la designada.",
        "Loss of the game: the 8 dropped in a pocket other than the one called."),
    "eight_pocket_not_called": (
        "20.1.d",
        "Pierde la partida: la bola 8 se entroneró sin haber designado su tronera.",
        "Loss of the game: the 8 was pocketed without its pocket being called."),
    "eight_pocketed_early": (
        "20.1.e",
        "Pierde la partida: entroneró la bola 8 cuando todavía quedaban bolas de su grupo.",
        "Loss of the game: the 8 was pocketed while balls of the group were still on the table."),
    "eight_and_cue_ball": (
        "20.1.f",
        "Pierde la partida: entroneró la bola 8 y la bola blanca en el mismo tiro.",
        "Loss of the game: the 8 and the cue ball were pocketed on the same shot."),
    "stalemate_no_attempts": (
        "21.1",
        "Juego empatado: {turns} turnos consecutivos, contando los de ambos jugadores, sin intentar "
        "entronerar una bola.",
        "Stalemate: {turns} consecutive turns, both players counted, without an attempt to pocket a "
        "ball."),
    "stalemate_agreed": (
        "21.2",
        "Juego empatado por acuerdo de los jugadores: se vuelven a colocar las bolas y repite el tiro "
        "de apertura el mismo jugador que lo inició.",
        "Stalemate agreed by the players: the balls are racked again and the same player breaks."),
    "forfeit": (
        "18.5",
        "Partida perdida por sanción (Art. 18.5 o 22): reincidencia en una falta intencionada tras "
        "haber sido advertido, o descalificación.",
        "Game lost by forfeit (Art. 18.5 or 22): a repeated intentional foul after a warning, or a "
        "disqualification."),
    # ------------------------------------------------------------- choices
    "table_accepted": (
        "7.2.a",
        "El contrario acepta la mesa en la posición en que está y tira.",
        "The opponent accepts the table as it lies and shoots."),
    "rebreak_chosen": (
        "7.2.b",
        "El contrario vuelve a colocar las bolas en el triángulo y realiza él mismo el tiro de "
        "apertura.",
        "The opponent re-racks the balls and breaks himself."),
    "eight_respotted_chosen": (
        "6.1",
        "Se repone la bola 8 sobre la mesa y sigue tirando el mismo jugador, con la mesa abierta.",
        "The 8 is spotted again and the same player shoots again, the table open."),
    "rerack_chosen": (
        "6.1",
        "Se vuelven a colocar las bolas en el triángulo y el mismo jugador repite el tiro de apertura.",
        "The balls are racked again and the same player breaks again."),
}


# The contract's identifiers as people read them - every member of the closed sets a
# person is shown (pockets, options, decisions, declarations, groups, the fouls only a
# referee sees, rulesets): the one translation of each, which /api/meta serves to the
# browser app. Pockets are named from the head end looking to the foot; the Spanish
# follows the seed's "tronera".
NAMES: dict[str, tuple[str, str]] = {
    "head-left": ("cabecera izquierda", "head left"),
    "head-right": ("cabecera derecha", "head right"),
    "side-left": ("central izquierda", "side left"),
    "side-right": ("central derecha", "side right"),
    "foot-left": ("pie izquierda", "foot left"),
    "foot-right": ("pie derecha", "foot right"),
    "accept_table": ("aceptar la mesa", "accept the table"),
    "rebreak": ("repetir el tiro de apertura", "break again"),
    "respot_eight": ("reponer la 8 en el punto de pie", "spot the 8"),
    "rerack": ("volver a montar el triángulo", "rack again"),
    "illegal_break": ("apertura ilegal", "illegal break"),
    "eight_on_break": ("bola 8 en la apertura", "the 8 on the break"),
    "stalemate": ("juego empatado", "stalemate"),
    "forfeit": ("partida perdida por sanción", "forfeit"),
    "solids": ("lisas", "solids"),
    "stripes": ("rayadas", "stripes"),
    "foot_off_floor": ("sin pie en el suelo", "no foot on the floor"),
    "touched_ball": ("bola tocada", "a ball touched"),
    "illegal_jump": ("salto ilegal", "illegal jump"),
    "team_advice": ("consejo del equipo", "team advice"),
    "slow_play": ("juego lento", "slow play"),
    "spanish": ("español", "Spanish"),
    "spanish-coin-op": ("español, mesa de monedas", "Spanish, coin-operated table"),
}


def name_of(identifier: str, lang: str = "es") -> str:
    """A member of one of the contract's closed sets (:data:`NAMES`) in words; unknown identifiers as they are."""
    names = NAMES.get(identifier)
    if names is None:
        return identifier
    return names[0] if lang == "es" else names[1]


def sentences(code: str, values: Mapping[str, object] | None = None) -> tuple[str, str, str]:
    """The article and the Spanish and English sentences of ``code``, its values put in."""
    article, es, en = MESSAGES[code]
    values = values or {}
    return article, es.format(**_words(values, "es")), en.format(**_words(values, "en"))


def fields_of(code: str) -> tuple[str, ...]:
    """The names of the values a sentence of ``code`` holds (empty for most codes)."""
    return tuple(name for _, name, _, _ in Formatter().parse(MESSAGES[code][1]) if name)


def _words(values: Mapping[str, object], lang: str) -> dict[str, object]:
    return {name: name_of(value, lang) if isinstance(value, str) else value for name, value in values.items()}
