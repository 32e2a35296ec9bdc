"""The commands of ``bola8``: their modules and one-line help, in one table.

Each command lives in its own module, which exposes ``add_arguments(parser)``
and ``run(args) -> int`` and imports heavy library code only inside ``run``.
"""

from __future__ import annotations

# name -> (module, one-line help in Spanish, in English)
COMMANDS: dict[str, tuple[str, str, str]] = {
    "referee": ("bola8.cli.referee", "juzga un tiro, una elección o una declaración (JSON por la entrada)",
                "judge one shot, choice or declaration (JSON on stdin)"),
    "simulate": ("bola8.cli.simulate", "simula un golpe (JSON por la entrada)", "simulate one strike (JSON on stdin)"),
    "advise": ("bola8.cli.advise", "aconseja el mejor tiro de una posición, como el bot campeón (JSON por la entrada)",
               "advise the best shot of a position, as the champion bot sees it (JSON on stdin)"),
    "match": ("bola8.cli.match", "juega un encuentro entero entre dos jugadores", "play a whole match between players"),
    "replay": ("bola8.cli.replay", "vuelve a simular un registro y confirma cada decisión",
               "re-simulate a game record and confirm every ruling"),
    "render": ("bola8.cli.render", "dibuja un tiro de un registro como diagrama SVG",
               "draw a shot of a record as an SVG diagram"),
    "demo": ("bola8.cli.demo", "el trabajo principal: el árbitro y un encuentro corto entre bots",
             "the main job: the referee and a short bot-vs-bot match"),
    "batch": ("bola8.cli.batch", "juega muchos encuentros en todos los núcleos o en un clúster de Ray",
              "play many matches on every core or a Ray cluster"),
    "arena": ("bola8.cli.arena", "mide un jugador contra los bots de referencia con el ruido de las olimpiadas",
              "measure a player against the reference bots under the olympiads' noise"),
    "tournament": ("bola8.cli.tournament", "un torneo de todos contra todos, con su tabla y su Elo",
                   "a round robin of several players, with its table and ratings"),
    "report": ("bola8.cli.report", "las estadísticas de una tanda con sus gráficos, en una página HTML",
               "a batch's statistics and plots as one HTML page"),
    "serve": ("bola8.cli.serve", "sirve la aplicación del navegador y su API HTTP",
              "serve the browser app and its HTTP API"),
}

# The commands that run the physics engine (``serve`` says it in its own words, before its URL).
SIMULATING = frozenset({"simulate", "advise", "match", "replay", "demo", "batch", "tournament"})
