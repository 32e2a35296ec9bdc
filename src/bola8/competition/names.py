"""What each round is called, and each format, seeding and way of play, in Spanish and English: for the
bracket's drawing, the referee's header and the director's choices (the server's ``/api/meta``).

>>> round_name("single_elimination", "winners", 3, 4)
{'es': 'Semifinal', 'en': 'Semi-final'}
>>> round_name("double_elimination", "losers", 4, 4)
{'es': 'Final de perdedores', 'en': "Losers' final"}
>>> round_name("round_robin", None, 2, 5)
{'es': 'Jornada 2', 'en': 'Round 2'}
>>> set_names("formats", "en")["round_robin"]
'Round robin'
"""

from __future__ import annotations

# A single-elimination round by how far it is from the end (1 = the final).
_FROM_END = {1: ("Final", "Final"), 2: ("Semifinal", "Semi-final"), 3: ("Cuartos de final", "Quarter-final"),
             4: ("Octavos de final", "Round of 16"), 5: ("Dieciseisavos de final", "Round of 32")}


# Each member of the closed sets a director chooses from (parameters.FORMATS, SEEDINGS, PLAYS, which are
# the sets: these tables only name their members, and a test checks they name each one and nothing else),
# as (Spanish, English).
SET_NAMES: dict[str, dict[str, tuple[str, str]]] = {
    "formats": {"single_elimination": ("Eliminación directa", "Single elimination"),
                "double_elimination": ("Doble eliminación", "Double elimination"),
                "round_robin": ("Liguilla (todos contra todos)", "Round robin")},
    "seedings": {"random": ("Sorteo al azar", "Random draw"),
                 "given": ("El orden en que se apuntan", "The order entered"),
                 "rating": ("Por puntuación de los perfiles", "By the profiles' ratings")},
    "plays": {"real": ("En mesas reales, con árbitro", "At real tables, refereed"),
              "online": ("En línea, cada uno en su dispositivo", "Online, each on their own device")},
}


def set_names(closed_set: str, lang: str) -> dict[str, str]:
    """Each member of ``closed_set`` ("formats", "seedings", "plays") named in ``lang`` ("es" or "en")."""
    return {member: pair[0 if lang == "es" else 1] for member, pair in SET_NAMES[closed_set].items()}


def round_name(form: str, bracket: str | None, number: int, rounds: int) -> dict[str, str]:
    """The name of round ``number`` of ``rounds`` in ``bracket`` of a tournament of format ``form``."""
    if form == "round_robin":
        return {"es": f"Jornada {number}", "en": f"Round {number}"}
    if bracket == "grand_final":
        return ({"es": "Gran final", "en": "Grand final"} if number == 1
                else {"es": "Gran final, encuentro decisivo", "en": "Grand final, deciding match"})
    if form == "single_elimination":
        es, en = _FROM_END.get(rounds - number + 1, (f"Ronda {number}", f"Round {number}"))
        return {"es": es, "en": en}
    side_es, side_en = ("ganadores", "Winners'") if bracket == "winners" else ("perdedores", "Losers'")
    if number == rounds:
        return {"es": f"Final de {side_es}", "en": f"{side_en} final"}
    if number == rounds - 1 and rounds >= 3:
        return {"es": f"Semifinal de {side_es}", "en": f"{side_en} semi-final"}
    return {"es": f"Ronda {number} de {side_es}", "en": f"{side_en} round {number}"}
