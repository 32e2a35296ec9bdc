"""The arena: an open benchmark for 8-ball players, under the computer olympiads' execution noise.

Any player - a bot level of this project (``bot:champion``) or a researcher's
own, named ``module:factory`` - plays single racks against reference players
at a few noise levels, on fixed seeds, and the arena measures what the
published programs and the professionals are measured by:

- **win rates** against each reference player, with Wilson 95% intervals
  (a rack that ends in a stalemate, Art. 21, is decided by nobody);
- **the break**: breaks that make a ball without a foul, scratches (the cue
  ball pocketed or off the table), fouls, the breaker keeping the table;
- **break and run**: the breaker wins the rack without the other player
  ever shooting, per break;
- **pots per called shot** (a two-way shot - a safety with a call, whose
  ``note`` starts with "safety" - is not an attempt to pot), fouls and
  Art. 20 losses (the game lost on one's own stroke) per rack;
- **decision time**: each ``choose_shot``, ``place_cue_ball`` and
  ``choose_option``, in CPU seconds of its process (one core) and wall seconds;
- **the make rate** of one shot at the 8 alone (the straight and the 30-degree
  cut, 0.42 m and 1.05 m from the pocket), with the player's own stroke;
- each figure **by seat** too (the player as player 0 and as player 1).

**The noise is the arena's.** A player answers with a :class:`ShotChoice`;
the arena plays its ``intended`` stroke (its ``strike`` when it gives no
``intended``) perturbed by :class:`ExecutionNoise` at the rack's noise level,
drawn from the arena's own seeded generator - so every player meets the same
noise, whatever it does with its own. A bot level plays at that level times
its ``noise_scale`` (``bot:pro`` at 1.5x of it), as in a match; a factory's
player at the noise itself. Ball in hand is placed exactly.

**A player from outside the project**: ``module:factory`` is imported (the
module on ``sys.path``) and called as ``factory(seed=..., noise=...)`` for
each rack - ``seed`` an int for its own draws, ``noise`` the level the arena
will apply to its strokes (so it can plan for it) - and must return an object
following :class:`bola8.players.Player`.

**Reproducible**: rack ``r`` is the same rack for every opponent and noise
(its seed derived from the arena's seed and ``r`` alone), the player sits in
seat ``r % 2`` and seat ``(r // 2) % 2`` breaks, so the player breaks half the
racks from each seat; every other draw is derived from the seed, the noise,
the opponent and ``r``. The racks are shared out on local processes or on a
Ray cluster (``bola8.batch.run``'s sessions); the result does not depend on
how they were played.

>>> spec = ArenaSpec(player="bot:club", opponents=("bot",), noises=(1.0,), racks=2)
>>> [unit.rack for unit in spec.units()]
[0, 1]
"""

from __future__ import annotations

import hashlib
import importlib
import json
import math
import random
import statistics
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

from bola8.errors import InputError
from bola8.players.noise import MAX_LEVEL, ExecutionNoise
from bola8.players.protocol import ShotChoice

if TYPE_CHECKING:
    from bola8.game import Game, Turn
    from bola8.physics import TableSpec
    from bola8.rules.state import Option

DEFAULT_OPPONENTS = ("bot:baseline", "bot:club", "bot:pro", "bot:champion")
DEFAULT_NOISES = (1.0, 2.0, 5.0)
MAX_RACKS = 1_000_000
# The make-rate shots (cue ball, the 8) into the foot-right pocket, on the 9-ft table: the set-up of
# the make-rate table the computer olympiads' engine was measured with (docs/benchmark.md).
MAKERATE_SHOTS: dict[str, tuple[tuple[float, float], tuple[float, float]]] = {
    "straight 0.42": ((0.676, 1.946), (0.973, 2.243)),
    "cut 30 0.42": ((0.816, 1.768), (0.973, 2.243)),
    "straight 1.05": ((0.081, 1.123), (0.595, 1.736)),
    "cut 30 1.05": ((0.428, 0.953), (0.595, 1.736)),
}

Progress = Callable[[int, int], None]          # (racks done, racks in all)


# ------------------------------------------------------------------ the spec
@dataclass(frozen=True)
class ArenaUnit:
    """One rack of the arena: which noise, which opponent, which rack."""

    noise: float
    opponent: str
    rack: int


@dataclass(frozen=True)
class ArenaSpec:
    """What the arena plays: ``racks`` racks against each of ``opponents`` at each of ``noises``.

    Checked when made, so a bad spec is refused before any rack is played:

    >>> ArenaSpec(player="bot:club", racks=0)
    Traceback (most recent call last):
    ...
    bola8.errors.InputError: racks: 0 is not a number of racks; expected a whole number from 1 to 1000000.
    """

    player: str
    opponents: tuple[str, ...] = DEFAULT_OPPONENTS
    noises: tuple[float, ...] = DEFAULT_NOISES
    racks: int = 100
    table: str = "9ft"
    ruleset: str = "spanish"
    seed: int = 1
    makerate_trials: int = 1000

    def __post_init__(self) -> None:
        object.__setattr__(self, "opponents", tuple(self.opponents))
        object.__setattr__(self, "noises", tuple(float(n) if _is_number(n) else n for n in self.noises))
        check_player_name(self.player, "player")
        if not self.opponents:
            raise InputError("opponents: no opponent; name at least one player, e.g. bot:baseline.",
                             "opponents: ningún rival; nombre al menos un jugador, p. ej. bot:baseline.")
        for name in self.opponents:
            check_player_name(name, "opponents")
        if not self.noises:
            raise InputError("noises: no noise level; give at least one, e.g. 1.",
                             "noises: ningún nivel de ruido; indique al menos uno, p. ej. 1.")
        for noise in self.noises:
            if not _is_number(noise) or not 0.0 <= noise <= MAX_LEVEL:
                raise InputError(f"noises: {noise!r} is not a noise level; expected a number from 0 to {MAX_LEVEL:g}.",
                                 f"noises: {noise!r} no es un nivel de ruido; se esperaba un número de 0 a "
                                 f"{MAX_LEVEL:g}.")
        _whole(self.racks, "racks", ("a number of racks", "un número de partidas"), 1, MAX_RACKS)
        _whole(self.seed, "seed", ("a seed", "una semilla"), 0, 2**63 - 1)
        _whole(self.makerate_trials, "makerate_trials", ("a number of trials", "un número de intentos"), 0,
               1_000_000)
        from bola8.game.position import table_named
        from bola8.rules import get_ruleset

        table_named(self.table)              # the registries' own checks, in their own words
        get_ruleset(self.ruleset)

    def units(self) -> list[ArenaUnit]:
        """Every rack of the arena, in the order the results list them."""
        return [ArenaUnit(noise, opponent, rack) for noise in self.noises for opponent in self.opponents
                for rack in range(self.racks)]

    def to_dict(self) -> dict[str, Any]:
        """The spec as JSON (the results keep it)."""
        data = asdict(self)
        data["opponents"], data["noises"] = list(self.opponents), list(self.noises)
        return data


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _whole(value: object, name: str, what: tuple[str, str], low: int, high: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise InputError(f"{name}: {value!r} is not {what[0]}; expected a whole number from {low} to {high}.",
                         f"{name}: {value!r} no es {what[1]}; se esperaba un entero de {low} a {high}.")


def derived_seed(*parts: object) -> int:
    """A seed from the arena's seed and a unit's coordinates (a hash: never a running counter)."""
    text = "bola8-arena:" + ":".join(str(p) for p in parts)
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=6).digest(), "big")


# ------------------------------------------------------------------ players
def check_player_name(name: object, field: str) -> None:
    """A player's name is a bot of this project or ``module:factory``; the factory must be importable."""
    from bola8.players import PLAYER_KINDS

    if not isinstance(name, str) or not name:
        raise InputError(f"{field}: {name!r} is not a player; expected a bot ({', '.join(PLAYER_KINDS)}) "
                         "or module:factory.",
                         f"{field}: {name!r} no es un jugador; se esperaba un bot ({', '.join(PLAYER_KINDS)}) "
                         "o módulo:fábrica.")
    if name in PLAYER_KINDS:
        return
    factory_of(name, field)


def factory_of(name: str, field: str = "player") -> Callable[..., Any]:
    """The callable ``module:factory`` names (imported now)."""
    from bola8.players import PLAYER_KINDS

    module_name, _, attribute = name.partition(":")
    if not module_name or not attribute or name.startswith("bot:") or name == "bot":
        raise InputError(f"{field}: {name!r} is not a player; expected a bot ({', '.join(PLAYER_KINDS)}) "
                         "or module:factory.",
                         f"{field}: {name!r} no es un jugador; se esperaba un bot ({', '.join(PLAYER_KINDS)}) "
                         "o módulo:fábrica.")
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        raise InputError(f"{field}: cannot import the module {module_name!r} ({error}).",
                         f"{field}: no se puede importar el módulo {module_name!r} ({error}).") from None
    factory = getattr(module, attribute, None)
    if not callable(factory):
        raise InputError(f"{field}: the module {module_name!r} has no callable {attribute!r}.",
                         f"{field}: el módulo {module_name!r} no tiene nada llamable {attribute!r}.")
    return factory  # type: ignore[no-any-return]


def noise_scale(name: str) -> float:
    """How many times the rack's noise a player strokes with: a bot level's ``noise_scale``, else 1."""
    from bola8.players.levels import LEVELS

    if name.startswith("bot:") and name[4:] in LEVELS:
        return LEVELS[name[4:]].noise_scale
    return 1.0


def make(name: str, *, seed: int, noise: float, label: str) -> Any:
    """The player called ``name`` for one rack, told the noise it will stroke with."""
    from bola8.players import make_player

    if name.startswith("bot"):
        return make_player(name, name=label, seed=seed, noise=noise)
    player = factory_of(name)(seed=seed, noise=noise)
    for method in ("place_cue_ball", "choose_shot", "choose_option", "agrees_to_stalemate"):
        if not callable(getattr(player, method, None)):
            raise InputError(f"player: {name!r} made a player without {method}(); a player follows "
                             "bola8.players.Player.",
                             f"player: {name!r} creó un jugador sin {method}(); un jugador sigue "
                             "bola8.players.Player.")
    return player


class Seated:
    """A player at the arena's table: its strokes played with the arena's noise, its decisions timed."""

    def __init__(self, player: Any, noise: ExecutionNoise, rng: random.Random) -> None:
        self.player = player
        self.name = getattr(player, "name", "player")
        self.noise = noise
        self.rng = rng
        self.cpu: list[float] = []
        self.wall: list[float] = []

    def _timed(self, call: Callable[[], Any]) -> Any:
        wall, cpu = time.perf_counter(), time.process_time()
        out = call()
        self.cpu.append(time.process_time() - cpu)
        self.wall.append(time.perf_counter() - wall)
        return out

    def lag_speed(self, spec: TableSpec) -> float:
        """The player's lag speed."""
        return float(self.player.lag_speed(spec))

    def wants_to_break(self) -> bool:
        """The player's answer."""
        return bool(self.player.wants_to_break())

    def place_cue_ball(self, game: Game) -> tuple[float, float]:
        """The player's place, its thinking time measured."""
        x, y = self._timed(lambda: self.player.place_cue_ball(game))
        return (float(x), float(y))

    def choose_shot(self, game: Game) -> ShotChoice:
        """The player's stroke, its thinking time measured, played with the arena's own noise."""
        choice = self._timed(lambda: self.player.choose_shot(game))
        aimed = choice.intended if choice.intended is not None else choice.strike
        return ShotChoice(strike=self.noise.perturb(aimed, self.rng), call=choice.call, intended=aimed,
                          note=choice.note)

    def choose_option(self, game: Game, options: tuple[Option, ...]) -> Option:
        """The player's option, its thinking time measured."""
        option: Option = self._timed(lambda: self.player.choose_option(game, options))
        return option

    def agrees_to_stalemate(self, game: Game, player: int) -> bool:
        """The player's answer."""
        return bool(self.player.agrees_to_stalemate(game, player))


# ------------------------------------------------------------------ one rack
SIDES = ("player", "opponent")


def play_rack(spec: ArenaSpec, unit: ArenaUnit) -> dict[str, Any]:
    """Play one rack of the arena and return its row (see :data:`ROW_FIELDS`)."""
    from bola8 import rules
    from bola8.game import Game
    from bola8.game.match import NullObserver, play_game

    seat = unit.rack % 2                        # the player's seat
    breaker = (unit.rack // 2) % 2
    rack_seed = derived_seed(spec.seed, "rack", unit.rack)
    names = (spec.player, unit.opponent)
    seated: list[Seated] = []
    for side, name in enumerate(names):
        seed = derived_seed(spec.seed, unit.noise, unit.opponent, unit.rack, side)
        label = f"{name} ({SIDES[side]})"
        applied = min(unit.noise * noise_scale(name), MAX_LEVEL)
        seated.append(Seated(make(name, seed=seed, noise=unit.noise, label=label), ExecutionNoise(applied),
                             random.Random(derived_seed(seed, "noise"))))
    players = [seated[0], seated[1]] if seat == 0 else [seated[1], seated[0]]
    turns: list[Turn] = []
    notes: list[str] = []

    class Keep(NullObserver):
        """Every turn of the rack, with the note of the choice that made it ("safety ..." for a safety)."""

        def on_turn(self, turn: Turn, choice: Any) -> None:
            turns.append(turn)
            notes.append(getattr(choice, "note", "") or "")

    game = Game.new(spec.table, ruleset=rules.get_ruleset(spec.ruleset), breaker=breaker, rack_seed=rack_seed)
    end = play_game(game, players, Keep())
    state = end.state
    row: dict[str, Any] = {"noise": unit.noise, "opponent": unit.opponent, "rack": unit.rack,
                           "rack_seed": rack_seed, "player_seat": seat, "breaker_seat": breaker,
                           "result": state.result, "winner_seat": state.winner,
                           "player_won": None if state.winner is None else state.winner == seat}
    for side in (0, 1):
        side_seat = seat if side == 0 else 1 - seat
        row.update({f"{SIDES[side]}_{key}": value
                    for key, value in side_figures(turns, notes, side_seat, breaker, state).items()})
        row[f"{SIDES[side]}_decision_cpu"] = [round(v, 6) for v in seated[side].cpu]
        row[f"{SIDES[side]}_decision_wall"] = [round(v, 6) for v in seated[side].wall]
    return row


def side_figures(turns: Sequence[Turn], notes: Sequence[str], seat: int, breaker: int, end: Any) -> dict[str, Any]:
    """One seat's figures of a finished rack (the definitions of the module's docstring). What every
    record of a match is also measured by - calls and pots, fouls, breaks made, break and run - is
    :func:`bola8.game.player_stats.rack_figures`'s (one definition for bots and people); the break's
    scratch and foul, the table kept, safeties and Art. 20 losses are the arena's own."""
    from bola8.game.player_stats import RackShot, rack_figures

    shots = [(t, n) for t, n in zip(turns, notes) if t.kind == "shot"]
    rack = [RackShot(player=t.player, on_break=t.before.state.phase == "break",
                     called=t.call is not None and not n.startswith("safety"),
                     made=t.call is not None and t.call.ball in t.ruling.legally_pocketed and not t.ruling.foul,
                     foul=bool(t.ruling.foul),
                     object_ball_down=t.shot is not None and bool(t.shot.pocketed_object_balls))
            for t, n in shots if t.player is not None]
    figures = rack_figures(rack, seat, breaker, end.result if end.phase == "over" else None, end.winner)
    mine = [(t, n) for t, n in shots if t.player == seat]
    first_break = next((t for t, _ in mine if t.before.state.phase == "break"), None)
    last = shots[-1][0] if shots else None
    art20 = bool(last is not None and last.player == seat and end.phase == "over" and end.result == "win"
                 and end.winner != seat and any(r.article.startswith("20.") for r in last.ruling.reasons))
    kept = scratch = foul = False
    if first_break is not None:
        shot = first_break.shot
        foul = bool(first_break.ruling.foul)
        scratch = shot is not None and (shot.cue_ball_pocketed or shot.cue_ball_off_table)
        kept = not foul and not first_break.ruling.turn_passes
    return {"broke": breaker == seat, "break_made": bool(figures.breaks_made), "break_scratch": scratch,
            "break_foul": foul, "kept": kept, "break_and_run": bool(figures.break_and_runs), "shots": figures.shots,
            "calls": figures.calls, "made": figures.made, "fouls": figures.fouls,
            "safeties": sum(1 for _, n in mine if n.startswith("safety")), "art20": art20}


# ------------------------------------------------------------------ the make rate
def makerate(spec: ArenaSpec) -> dict[str, Any]:
    """The make rate of each of :data:`MAKERATE_SHOTS` at 0x and each noise of ``spec``, with the
    player's own stroke chosen at that noise (``makerate_trials`` noisy trials a cell, 1 at 0x): a
    trial counts when the player's call wins the game; a player that calls nothing makes nothing."""
    from bola8 import rules
    from bola8.game.position import game_at
    from bola8.physics.batch import simulate_batch

    noises = (0.0, *[n for n in spec.noises if n != 0.0])
    table: dict[str, Any] = {"noises": list(noises), "trials": spec.makerate_trials, "shots": {}}
    if spec.makerate_trials == 0:
        return table
    state = rules.State.from_dict({"groups": ["solids", "stripes"], "on_table": [8]})
    for shot, (cue, eight) in MAKERATE_SHOTS.items():
        game = game_at("9ft", state, {0: cue, 8: eight})
        cells = []
        for noise in noises:
            seed = derived_seed(spec.seed, "makerate", shot, noise)
            player = make(spec.player, seed=seed, noise=noise / noise_scale(spec.player), label="player")
            choice = player.choose_shot(game)
            aimed = choice.intended if choice.intended is not None else choice.strike
            count = 1 if noise == 0.0 else spec.makerate_trials
            noise_model = ExecutionNoise(noise)
            rng = random.Random(derived_seed(seed, "trials"))
            strikes = [noise_model.perturb(aimed, rng) for _ in range(count)]
            results = simulate_batch(game.spec, game.layout, strikes)
            made = 0
            if choice.call is not None:
                made = sum(1 for s, r in zip(strikes, results)
                           if game.play_simulated(s, r, choice.call).game.state.winner == 0)
            cells.append({"noise": noise, "made": made, "trials": count,
                          "call": None if choice.call is None else choice.call.to_dict(),
                          "stroke": {k: round(float(v), 4) for k, v in aimed.to_dict().items()}})
        table["shots"][shot] = cells
    return table


# ------------------------------------------------------------------ running
@dataclass
class ArenaResult:
    """The rows of every rack played, the make-rate table, and where and when it ran."""

    spec: ArenaSpec
    rows: list[dict[str, Any]] = field(default_factory=list)
    makerate: dict[str, Any] = field(default_factory=dict)
    machine: dict[str, Any] = field(default_factory=dict)

    def summary(self) -> dict[str, Any]:
        """Every figure of the arena, by opponent and noise (``summarise``)."""
        return summarise(self.spec, self.rows)

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON: the spec, the machine, the summary, the make rates and every rack."""
        return {"spec": self.spec.to_dict(), "machine": self.machine, "summary": self.summary(),
                "makerate": self.makerate, "racks": self.rows}


def machine() -> dict[str, Any]:
    """Where the figures come from: cores, load averages, the date, the versions."""
    import os
    import platform

    from bola8 import __version__

    try:
        load = [round(v, 2) for v in os.getloadavg()]
    except OSError:
        load = []
    return {"cores": os.cpu_count(), "load": load, "date": time.strftime("%Y-%m-%d %H:%M:%S %Z"),
            "python": platform.python_version(), "bola8": __version__, "machine": platform.machine()}


def run_arena(spec: ArenaSpec, *, workers: int | None = None, ray: str | None = None,
              progress: Progress | None = None, journal: str | None = None) -> ArenaResult:
    """Play every rack of ``spec`` (on ``workers`` local processes, or a Ray cluster at ``ray``) and the
    make-rate table; the rows come back in :meth:`ArenaSpec.units` order whatever ran them.

    ``journal``: a file where each rack's row is appended as it finishes (JSON lines, the spec first).
    Given a journal of the same spec, the racks it holds are not played again: a long run stopped
    part-way goes on where it stopped. A journal of another spec is refused.
    """
    from bola8.batch.run import check_workers, default_workers

    workers = check_workers(default_workers() if workers is None else workers)
    result = ArenaResult(spec, machine={"before": machine()})
    units = spec.units()
    rows: dict[int, dict[str, Any]] = read_journal(journal, spec) if journal is not None else {}
    log = open_journal(journal, spec, fresh=not rows) if journal is not None else None
    todo = [(index, unit) for index, unit in enumerate(units) if index not in rows]
    done = len(rows)

    def keep(index: int, row: dict[str, Any]) -> None:
        nonlocal done
        rows[index] = row
        done += 1
        if log is not None:
            log.write(json.dumps({"index": index, "row": row}) + "\n")
            log.flush()
        if progress:
            progress(done, len(units))

    try:
        _warm(spec)
        result.makerate = makerate(spec)
        if progress:
            progress(done, len(units))
        if ray is not None:
            _on_ray(spec, todo, ray, workers, keep)
        elif workers == 1:
            for index, unit in todo:
                keep(index, play_rack(spec, unit))
        else:
            _on_processes(spec, todo, workers, keep)
    finally:
        if log is not None:
            log.close()
    result.rows = [rows[i] for i in range(len(units))]
    result.machine["after"] = machine()
    result.machine["workers"] = workers
    return result


def read_journal(path: str, spec: ArenaSpec) -> dict[int, dict[str, Any]]:
    """The rows a journal holds for ``spec`` (none when there is no journal yet)."""
    import os

    if not os.path.exists(path):
        return {}
    rows: dict[int, dict[str, Any]] = {}
    try:
        with open(path, encoding="utf-8") as handle:
            lines = handle.read().splitlines()
    except OSError as error:
        raise InputError(f"--journal: cannot read {path!r} ({error.strerror}).",
                         f"--journal: no se puede leer {path!r} ({error.strerror}).") from None
    for number, line in enumerate(lines):
        try:
            entry = json.loads(line)
        except ValueError:
            if number == len(lines) - 1:
                break                    # a last line cut when the run was stopped
            raise InputError(f"--journal: line {number + 1} of {path!r} is not JSON.",
                             f"--journal: la línea {number + 1} de {path!r} no es JSON.") from None
        if number == 0:
            if entry != {"spec": spec.to_dict()}:
                raise InputError(f"--journal: {path!r} is the journal of another arena; use the same options "
                                 "or another file.",
                                 f"--journal: {path!r} es el diario de otra arena; use las mismas opciones u "
                                 "otro fichero.")
            continue
        rows[int(entry["index"])] = entry["row"]
    return rows


def open_journal(path: str, spec: ArenaSpec, *, fresh: bool) -> Any:
    """The journal opened for appending (a last line cut when the run was stopped dropped first); a
    fresh one starts with the spec."""
    try:
        if not fresh:
            with open(path, "rb+") as handle:
                content = handle.read()
                if content and not content.endswith(b"\n"):
                    handle.truncate(content.rfind(b"\n") + 1)
        log = open(path, "w" if fresh else "a", encoding="utf-8")
    except OSError as error:
        raise InputError(f"--journal: cannot write {path!r} ({error.strerror}).",
                         f"--journal: no se puede escribir {path!r} ({error.strerror}).") from None
    if fresh:
        log.write(json.dumps({"spec": spec.to_dict()}) + "\n")
        log.flush()
    return log


def _warm(spec: ArenaSpec) -> None:
    """Compile the engine and search each bot level's break here, once, before any worker forks."""
    from bola8.game import Game
    from bola8.players.search_bot import SearchBot

    game = Game.new(spec.table, ruleset=spec.ruleset)
    for noise in spec.noises:
        for name in (spec.player, *spec.opponents):
            if name.startswith("bot"):
                player = make(name, seed=0, noise=noise, label="warm-up")
                if isinstance(player, SearchBot):
                    player.break_plan(game)
    from bola8.physics import Strike

    game.place_cue_ball(game.spec.width / 2.0, game.spec.head_string_y).play(Strike(speed=8.0, phi=90.0))


def _play_indexed(spec: ArenaSpec, index: int, unit: ArenaUnit) -> tuple[int, dict[str, Any]]:
    return index, play_rack(spec, unit)


def _on_processes(spec: ArenaSpec, todo: list[tuple[int, ArenaUnit]], workers: int,
                  keep: Callable[[int, dict[str, Any]], None]) -> None:
    import multiprocessing
    import signal
    from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait

    context = multiprocessing.get_context("fork")     # the workers inherit the compiled engine and breaks

    def quiet() -> None:
        signal.signal(signal.SIGINT, signal.SIG_IGN)   # Ctrl-C is the parent's to handle

    with ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=quiet) as pool:
        queue = list(reversed(todo))
        running: set[Future[tuple[int, dict[str, Any]]]] = set()
        try:
            while queue or running:
                while queue and len(running) < 2 * workers:
                    index, unit = queue.pop()
                    running.add(pool.submit(_play_indexed, spec, index, unit))
                finished, running = wait(running, return_when=FIRST_COMPLETED)
                for future in finished:
                    keep(*future.result())
        except BaseException:
            for future in running:
                future.cancel()
            raise


def _on_ray(spec: ArenaSpec, todo: list[tuple[int, ArenaUnit]], address: str, workers: int,
            keep: Callable[[int, dict[str, Any]], None]) -> None:
    from bola8.batch.run import ray_session

    with ray_session(address, workers) as ray:
        task = ray.remote(max_retries=2, retry_exceptions=False)(_play_indexed)
        window = 4 * max(1, int(ray.cluster_resources().get("CPU", workers)))
        queue = list(reversed(todo))
        running: list[Any] = []
        while queue or running:
            while queue and len(running) < window:
                index, unit = queue.pop()
                running.append(task.remote(spec, index, unit))
            ready, running = ray.wait(running, num_returns=1)
            for ref in ready:
                keep(*ray.get(ref))


# ------------------------------------------------------------------ the figures
def wilson(k: int, n: int) -> list[float]:
    """The 95% Wilson interval of ``k`` in ``n``, rounded."""
    from bola8.batch.tournament import wilson as interval

    low, high = interval(k, n)
    return [round(low, 4), round(high, 4)]


def share(k: int, n: int) -> dict[str, Any]:
    """A proportion with its count and Wilson 95% interval."""
    return {"k": k, "n": n, "value": round(k / n, 4) if n else None, "interval": wilson(k, n)}


def times(values: Sequence[float]) -> dict[str, Any]:
    """The count, median, 99th percentile and largest of a list of times."""
    if not values:
        return {"n": 0, "median": None, "p99": None, "max": None}
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, int(math.ceil(0.99 * len(ordered))) - 1)]
    return {"n": len(ordered), "median": round(statistics.median(ordered), 4), "p99": round(p99, 4),
            "max": round(ordered[-1], 4)}


def player_figures(sides: Iterable[tuple[dict[str, Any], str]]) -> dict[str, Any]:
    """The figures of the player over (row, side prefix) pairs: one side of one rack each."""
    racks = breaks = made = scratch = foul = kept = ran = calls = pots = fouls = art20 = safeties = 0
    cpu: list[float] = []
    wall: list[float] = []
    for row, side in sides:
        racks += 1
        if row[f"{side}_broke"]:
            breaks += 1
            made += row[f"{side}_break_made"]
            scratch += row[f"{side}_break_scratch"]
            foul += row[f"{side}_break_foul"]
            kept += row[f"{side}_kept"]
            ran += row[f"{side}_break_and_run"]
        calls += row[f"{side}_calls"]
        pots += row[f"{side}_made"]
        fouls += row[f"{side}_fouls"]
        art20 += row[f"{side}_art20"]
        safeties += row[f"{side}_safeties"]
        cpu += row[f"{side}_decision_cpu"]
        wall += row[f"{side}_decision_wall"]
    return {"racks": racks, "breaks": breaks, "break_made": share(made, breaks),
            "break_scratch": share(scratch, breaks), "break_foul": share(foul, breaks), "kept": share(kept, breaks),
            "break_and_run": share(ran, breaks), "pots_per_call": share(pots, calls),
            "fouls_per_rack": round(fouls / racks, 4) if racks else None, "art20": share(art20, racks),
            "safeties_per_rack": round(safeties / racks, 4) if racks else None,
            "decision_cpu_s": times(cpu), "decision_wall_s": times(wall)}


def summarise(spec: ArenaSpec, rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Per noise: the win rate against each opponent, the player's figures (all racks, and by seat;
    in a pairing with itself both sides are the player)."""
    out: dict[str, Any] = {"noises": []}
    for noise in spec.noises:
        at = [r for r in rows if r["noise"] == noise]
        opponents = []
        for opponent in spec.opponents:
            mine = [r for r in at if r["opponent"] == opponent]
            decided = [r for r in mine if r["player_won"] is not None]
            won = sum(1 for r in decided if r["player_won"])
            opponents.append({"opponent": opponent, "racks": len(mine), "stalemates": len(mine) - len(decided),
                              "won": share(won, len(decided))})

        def sides(seat: int | None) -> list[tuple[dict[str, Any], str]]:
            chosen = []
            for r in at:
                self_play = r["opponent"] == spec.player
                for side in (SIDES if self_play else SIDES[:1]):
                    side_seat = r["player_seat"] if side == "player" else 1 - r["player_seat"]
                    if seat is None or side_seat == seat:
                        chosen.append((r, side))
            return chosen

        out["noises"].append({"noise": noise, "opponents": opponents, "player": player_figures(sides(None)),
                              "seats": [player_figures(sides(0)), player_figures(sides(1))]})
    return out


# ------------------------------------------------------------------ files and words
def write_parquet(path: str, rows: Sequence[dict[str, Any]]) -> None:
    """The racks' rows as a Parquet file, written under a temporary name and renamed."""
    import os

    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise InputError("--parquet: pyarrow is not installed; install bola8's batch extra "
                         "(pip install 'bola8[batch]').",
                         "--parquet: pyarrow no está instalado; instale el extra batch de bola8 "
                         "(pip install 'bola8[batch]').") from None
    directory = os.path.dirname(os.path.abspath(path))
    tmp = os.path.join(directory, f".tmp-{os.path.basename(path)}")
    try:
        pq.write_table(pa.Table.from_pylist(list(rows)), tmp)
        os.replace(tmp, path)
    except OSError as error:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise InputError(f"--parquet: cannot write {path!r} ({error.strerror}).",
                         f"--parquet: no se puede escribir {path!r} ({error.strerror}).") from None


def _pct(s: dict[str, Any]) -> str:
    if s["value"] is None:
        return "-"
    low, high = s["interval"]
    return f"{100 * s['value']:5.1f}% ({100 * low:.1f}-{100 * high:.1f})"


WORDS = {
    "title": ("bola8 arena: {player}, mesa {table}, reglas {ruleset}, semilla {seed}, {racks} partidas por rival "
              "y ruido (el jugador saca la mitad)",
              "bola8 arena: {player}, {table} table, {ruleset} rules, seed {seed}, {racks} racks per opponent and "
              "noise (the player breaks half)"),
    "noise": ("ruido {noise:g}x", "noise {noise:g}x"),
    "against": ("rival", "against"), "racks": ("partidas", "racks"), "won": ("ganadas (IC 95 %)", "won (95% CI)"),
    "figure": ("el jugador", "the player"), "all": ("todas", "all"), "seat": ("asiento {seat}", "seat {seat}"),
    "breaks": ("saques", "breaks"), "break_made": ("saques que meten bola sin falta", "breaks that make a ball, no foul"),
    "break_scratch": ("saques con la blanca fuera o dentro", "breaks that scratch"),
    "kept": ("saques que conservan la mesa", "breaks that keep the table"),
    "break_and_run": ("saca y gana sin que tire el rival", "break and run"),
    "pots_per_call": ("bolas cantadas que entran", "pots per called shot"),
    "fouls_per_rack": ("faltas por partida", "fouls per rack"),
    "art20": ("partidas perdidas por el Art. 20", "Art. 20 losses per rack"),
    "cpu": ("decisión, s de CPU: mediana / p99 / máx", "decision, CPU s: median / p99 / max"),
    "wall": ("decisión, s de reloj: mediana / p99 / máx", "decision, wall s: median / p99 / max"),
    "makerate": ("tasa de acierto (la bola 8 sola, el golpe del jugador, {trials} intentos por celda)",
                 "make rate (the 8 alone, the player's own stroke, {trials} trials a cell)"),
    "safety": ("defensa", "safety"),
    "load": ("carga media antes / después: {before} / {after}; {workers} procesos",
             "load average before / after: {before} / {after}; {workers} processes"),
}


def table(result: ArenaResult, lang: str = "es") -> str:
    """The arena's figures as a terminal table in ``lang``."""
    i = 0 if lang == "es" else 1

    def w(key: str, **values: Any) -> str:
        return WORDS[key][i].format(**values)

    spec = result.spec
    lines = [w("title", player=spec.player, table=spec.table, ruleset=spec.ruleset, seed=spec.seed, racks=spec.racks)]
    for block in result.summary()["noises"]:
        lines += ["", w("noise", noise=block["noise"]), f"  {w('against'):28s} {w('racks'):>8s}  {w('won')}"]
        for o in block["opponents"]:
            lines.append(f"  {o['opponent']:28s} {o['racks']:8d}  {_pct(o['won'])}")
        figures = [block["player"], *block["seats"]]
        head = [w("all"), w("seat", seat=0), w("seat", seat=1)]
        lines.append(f"  {w('figure'):40s} " + " ".join(f"{h:>24s}" for h in head))
        lines.append(f"  {w('breaks'):40s} " + " ".join(f"{f['breaks']:>24d}" for f in figures))
        for key in ("break_made", "break_scratch", "kept", "break_and_run", "pots_per_call", "art20"):
            lines.append(f"  {w(key):40s} " + " ".join(f"{_pct(f[key]):>24s}" for f in figures))
        lines.append(f"  {w('fouls_per_rack'):40s} " + " ".join(
            f"{'-' if f['fouls_per_rack'] is None else format(f['fouls_per_rack'], '.3f'):>24s}" for f in figures))
        for key, name in (("cpu", "decision_cpu_s"), ("wall", "decision_wall_s")):
            lines.append(f"  {w(key):40s} " + " ".join(
                f"{_times(f[name]):>24s}" for f in figures))
    rate = result.makerate
    if rate.get("shots"):
        lines += ["", w("makerate", trials=rate["trials"]),
                  f"  {'':16s}" + "".join(f"{n:>8g}x" for n in rate["noises"])]
        for shot, cells in rate["shots"].items():
            lines.append(f"  {shot:16s}" + "".join(
                f"{c['made'] / c['trials']:9.3f}" if c["call"] is not None else f"{w('safety'):>9s}" for c in cells))
    m = result.machine
    before, after = m.get("before", {}).get("load", []), m.get("after", {}).get("load", [])
    lines += ["", w("load", before=" ".join(map(str, before)), after=" ".join(map(str, after)),
                    workers=m.get("workers", 1))]
    return "\n".join(lines)


def _times(t: dict[str, Any]) -> str:
    if not t["n"]:
        return "-"
    return f"{t['median']:.3f} / {t['p99']:.2f} / {t['max']:.2f}"
