"""A batch's statistics and their plots, as one self-contained HTML page (the pictures inside it).

:func:`statistics` reads the rows of ``games.parquet`` and ``shots.parquet``
into the figures people ask for; :func:`render_html` draws them with
matplotlib (the Agg backend: no screen needed) and writes the page in
Spanish or English.
"""

from __future__ import annotations

import base64
import html
import io
import os
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bola8 import rules
from bola8.batch.store import BatchFolder, read_table
from bola8.batch.tournament import wilson
from bola8.errors import InputError

# Reasons a foul's ruling gives that are its consequences, not the foul itself.
_CONSEQUENCES = {"ball_in_hand", "ball_in_hand_behind_head_string", "balls_respotted", "other_balls_count",
                 "group_assigned", "illegally_pocketed_respotted", "open_table_respotted",
                 "break_foul_balls_stay_down", "coin_op_balls_stay_down", "table_open_after_break",
                 "eight_respotted_after_break_foul", "eight_respotted_illegal_break"}

WORDS: dict[str, dict[str, str]] = {
    "es": {"title": "Informe de la tanda", "games": "partidas", "matches": "encuentros",
           "breaker_wins": "El que abre gana", "break_and_run": "Abre y gana sin fallar",
           "kept": "El que abre sigue tirando", "break_balls": "Bolas entroneradas en la apertura",
           "runs": "Bolas por entrada", "fouls": "Faltas por artículo", "length": "Tiros por partida",
           "losses": "Partidas perdidas por el Art. 20, por apartado", "safeties": "Tiros de seguridad por partida",
           "results": "Resultados", "count": "número", "balls": "bolas", "shots": "tiros",
           "rate": "proporción (intervalo del 95 %)", "stalemates": "Tablas (Art. 21)",
           "fouls_per_game": "Faltas por partida", "players": "Jugadores", "none": "ninguna",
           "win": "victoria", "stalemate": "tablas", "forfeit": "por sanción", "figure": "Cifra",
           "value": "Valor", "made": "Tiros de apertura con bola entronerada",
           "wins_of": "Partidas ganadas"},
    "en": {"title": "Batch report", "games": "games", "matches": "matches",
           "breaker_wins": "Breaker wins the game", "break_and_run": "Break and run",
           "kept": "Breaker keeps the table", "break_balls": "Balls pocketed on the break",
           "runs": "Balls per visit", "fouls": "Fouls by article", "length": "Shots per game",
           "losses": "Games lost under Art. 20, by clause", "safeties": "Safeties per game",
           "results": "Results", "count": "count", "balls": "balls", "shots": "shots",
           "rate": "rate (95% interval)", "stalemates": "Stalemates (Art. 21)",
           "fouls_per_game": "Fouls per game", "players": "Players", "none": "none",
           "win": "win", "stalemate": "stalemate", "forfeit": "forfeit", "figure": "Figure",
           "value": "Value", "made": "Breaks that pocket a ball",
           "wins_of": "Games won"},
}


@dataclass
class Statistics:
    """The figures of one batch."""

    games: int
    matches: int
    players: tuple[str, str]
    wins: tuple[int, int]
    breaker_wins: int
    decided: int
    break_and_runs: int
    kept_table: int
    break_made: int
    break_pocketed: Counter[int] = field(default_factory=Counter)
    run_lengths: Counter[int] = field(default_factory=Counter)
    fouls_by_article: Counter[str] = field(default_factory=Counter)
    game_lengths: list[int] = field(default_factory=list)
    losses_by_clause: Counter[str] = field(default_factory=Counter)
    safeties_per_game: list[int] = field(default_factory=list)
    results: Counter[str] = field(default_factory=Counter)
    fouls: int = 0


def statistics(games: Sequence[dict[str, Any]], shots: Sequence[dict[str, Any]]) -> Statistics:
    """The figures of a batch from its rows (as :func:`bola8.batch.store.read_table` gives them)."""
    if not games:
        raise InputError("report: the batch holds no games.", "report: la tanda no tiene partidas.")
    decided = [g for g in games if g["result"] == "win" and rules.is_player(g["winner"])]
    stats = Statistics(
        games=len(games), matches=len({g["unit"] for g in games}),
        players=(str(games[0]["player_0"]), str(games[0]["player_1"])),
        wins=(sum(1 for g in decided if g["winner"] == 0), sum(1 for g in decided if g["winner"] == 1)),
        breaker_wins=sum(1 for g in decided if g["winner"] == g["breaker"]), decided=len(decided),
        break_and_runs=sum(1 for g in games if g["break_and_run"]),
        kept_table=sum(1 for g in games if g["breaker_kept_table"]),
        break_made=sum(1 for g in games if g["break_pocketed"] > 0 and not g["break_foul"]),
    )
    for g in games:
        stats.break_pocketed[int(g["break_pocketed"])] += 1
        stats.game_lengths.append(int(g["shots"]))
        stats.safeties_per_game.append(int(g["safeties"]))
        stats.results[str(g["result"])] += 1
        if g["ending_article"] and str(g["ending_article"]).startswith("20."):
            stats.losses_by_clause[str(g["ending_article"])] += 1
    visit: tuple[int, int, int] | None = None       # (unit, game, player) of the visit being counted
    balls = 0
    for s in shots:
        if s["kind"] != "shot":
            continue
        key = (int(s["unit"]), int(s["game"]), int(s["player"]))
        if key != visit:
            if visit is not None:
                stats.run_lengths[balls] += 1
            visit, balls = key, 0
        balls += len(s["legally_pocketed"])
        if s["foul"]:
            stats.fouls += 1
            for code, article in zip(s["codes"], s["articles"]):
                if code not in _CONSEQUENCES:
                    stats.fouls_by_article[f"{article} {code}"] += 1
    if visit is not None:
        stats.run_lengths[balls] += 1
    return stats


def read_batch(folder: str) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The rows of a finished batch in ``folder``; anything else refused in one sentence."""
    spec, _records, complete = BatchFolder(folder).open_existing()
    if not complete:
        raise InputError(f"{folder!r} holds a batch that did not finish; finish it with bola8 batch --resume -o "
                         f"{folder} first.",
                         f"{folder!r} guarda una tanda sin terminar; termínela antes con bola8 batch --resume -o "
                         f"{folder}.")
    try:
        return (read_table(os.path.join(folder, "games.parquet")),
                read_table(os.path.join(folder, "shots.parquet")))
    except (OSError, ValueError) as error:
        raise InputError(f"{folder!r}: its Parquet files cannot be read ({error}).",
                         f"{folder!r}: sus archivos Parquet no se pueden leer ({error}).") from None


# ------------------------------------------------------------------ the page
def _figure_png(draw: Any) -> str:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(6.0, 3.4), dpi=100)
    draw(axes)
    figure.tight_layout()
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png")
    plt.close(figure)
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def _bars(axes: Any, counter: Counter[Any], xlabel: str, ylabel: str, sort_keys: bool = True,
          horizontal: bool = False) -> None:
    keys = sorted(counter) if sort_keys else [k for k, _ in counter.most_common()]
    values = [counter[k] for k in keys]
    labels = [str(k) for k in keys]
    if horizontal:
        axes.barh(labels[::-1], values[::-1], color="#2f6f4f")
        axes.set_xlabel(ylabel)
    else:
        axes.bar(labels, values, color="#2f6f4f")
        axes.set_xlabel(xlabel)
        axes.set_ylabel(ylabel)
    if not keys:
        axes.text(0.5, 0.5, "-", ha="center", va="center", transform=axes.transAxes)


def _histogram(axes: Any, values: list[int], xlabel: str, ylabel: str) -> None:
    _bars(axes, Counter(values), xlabel, ylabel)


def plots(stats: Statistics, lang: str) -> list[tuple[str, str]]:
    """(title, base64 PNG) for each plot of the report, in its order."""
    w = WORDS[lang]
    rates = [(w["breaker_wins"], stats.breaker_wins, stats.decided), (w["kept"], stats.kept_table, stats.games),
             (w["made"], stats.break_made, stats.games), (w["break_and_run"], stats.break_and_runs, stats.games)]

    def draw_rates(axes: Any) -> None:
        labels = [r[0] for r in rates]
        values = [r[1] / r[2] if r[2] else 0.0 for r in rates]
        low = [v - wilson(r[1], r[2])[0] for v, r in zip(values, rates)]
        high = [wilson(r[1], r[2])[1] - v for v, r in zip(values, rates)]
        axes.barh(labels[::-1], values[::-1], xerr=[low[::-1], high[::-1]], color="#2f6f4f", capsize=4)
        axes.set_xlim(0, 1)
        axes.set_xlabel(w["rate"])

    results = Counter({w.get(k, k): v for k, v in stats.results.items()})
    return [
        (w["breaker_wins"] + " / " + w["break_and_run"], _figure_png(draw_rates)),
        (w["break_balls"], _figure_png(lambda a: _bars(a, stats.break_pocketed, w["balls"], w["games"]))),
        (w["runs"], _figure_png(lambda a: _bars(a, stats.run_lengths, w["balls"], w["count"]))),
        (w["fouls"], _figure_png(lambda a: _bars(a, stats.fouls_by_article, "", w["count"], sort_keys=False,
                                                 horizontal=True))),
        (w["length"], _figure_png(lambda a: _histogram(a, stats.game_lengths, w["shots"], w["games"]))),
        (w["losses"], _figure_png(lambda a: _bars(a, stats.losses_by_clause, "Art.", w["games"]))),
        (w["safeties"], _figure_png(lambda a: _histogram(a, stats.safeties_per_game, w["shots"], w["games"]))),
        (w["results"], _figure_png(lambda a: _bars(a, results, "", w["games"]))),
    ]


def _rate(n: int, total: int) -> str:
    if total == 0:
        return "-"
    low, high = wilson(n, total)
    return f"{100 * n / total:.1f} % ({100 * low:.1f}-{100 * high:.1f}) - {n}/{total}"


def render_html(stats: Statistics, lang: str = "es", source: str = "") -> str:
    """The report page: a table of the figures, then every plot, the pictures embedded as data."""
    w = WORDS[lang]
    games = stats.games
    mean_length = sum(stats.game_lengths) / games
    rows = [
        (w["players"], f"{stats.players[0]} - {stats.players[1]}"),
        (w["matches"].capitalize(), str(stats.matches)), (w["games"].capitalize(), str(games)),
        (w["wins_of"], f"{stats.players[0]} {stats.wins[0]}, {stats.players[1]} {stats.wins[1]}"),
        (w["breaker_wins"], _rate(stats.breaker_wins, stats.decided)),
        (w["kept"], _rate(stats.kept_table, games)), (w["made"], _rate(stats.break_made, games)),
        (w["break_and_run"], _rate(stats.break_and_runs, games)),
        (w["fouls_per_game"], f"{stats.fouls / games:.2f}"),
        (w["length"], f"{mean_length:.1f}"),
        (w["safeties"], f"{sum(stats.safeties_per_game) / games:.2f}"),
        (w["losses"], ", ".join(f"{k}: {v}" for k, v in sorted(stats.losses_by_clause.items())) or w["none"]),
        (w["stalemates"], str(stats.results.get("stalemate", 0))),
    ]
    table = "\n".join(f"<tr><th>{html.escape(k)}</th><td>{html.escape(v)}</td></tr>" for k, v in rows)
    figures = "\n".join(f'<figure><figcaption>{html.escape(title)}</figcaption>'
                        f'<img alt="{html.escape(title)}" src="data:image/png;base64,{png}"></figure>'
                        for title, png in plots(stats, lang))
    heading = w["title"] + (f" - {html.escape(source)}" if source else "")
    return f"""<!doctype html>
<html lang="{lang}"><head><meta charset="utf-8"><title>{html.escape(w["title"])}</title>
<style>body{{font-family:system-ui,sans-serif;margin:2rem;max-width:70rem;color:#1b2b22}}
table{{border-collapse:collapse;margin-bottom:2rem}}th,td{{padding:.3rem .8rem;border-bottom:1px solid #cdd}}
th{{text-align:left;font-weight:600}}figure{{display:inline-block;margin:0 1rem 1.5rem 0}}
figcaption{{font-weight:600;margin-bottom:.3rem}}img{{max-width:100%}}</style></head>
<body><h1>{heading}</h1>
<table><tr><th>{w["figure"]}</th><th>{w["value"]}</th></tr>
{table}</table>
{figures}
</body></html>
"""
