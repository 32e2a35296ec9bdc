"""Playing a batch's units: in this process, on local worker processes, or on a Ray cluster.

Whatever the backend, a unit is played by :func:`bola8.batch.play.play_unit`
from its index alone, and the rows come back keyed by that index: the same
batch gives the same rows on one worker, on many, or on Ray.

- The numba engine is compiled (and its cache written) once, in this
  process, before any worker starts: concurrent first compiles of the same
  cache have crashed elsewhere, and forked workers inherit the compiled code.
- A worker process killed in the middle of a unit is replaced and the unit
  played again (up to :data:`ATTEMPTS` times); Ray does the same for its tasks.
- Ctrl-C stops the workers; every unit finished by then is on disk, and
  ``resume`` plays the rest.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any

from bola8.batch.play import UnitRows, play_unit
from bola8.batch.spec import BatchSpec
from bola8.batch.store import BatchFolder
from bola8.errors import InputError

ATTEMPTS = 3            # plays of one unit before the batch gives up on it
MAX_WORKERS = 256

Progress = Callable[[int, int], None]          # (units done, units in all)


class WorkerLost(RuntimeError):
    """A unit's worker died :data:`ATTEMPTS` times: the unit itself kills its process."""


@dataclass
class BatchResult:
    """What a run did: the units played now, the units found done before, the rows (without a folder)."""

    spec: BatchSpec
    played: int = 0
    resumed: int = 0
    retried: int = 0
    rows: dict[int, UnitRows] = field(default_factory=dict)

    def games(self) -> list[dict[str, Any]]:
        """Every game row, in unit order (the order the Parquet file keeps)."""
        return [g for unit in sorted(self.rows) for g in self.rows[unit].games]

    def shots(self) -> list[dict[str, Any]]:
        """Every action row, in unit order."""
        return [s for unit in sorted(self.rows) for s in self.rows[unit].shots]


def check_workers(workers: object) -> int:
    """``workers`` if it is a whole number of processes from 1 to ``MAX_WORKERS``, else an InputError."""
    if not isinstance(workers, int) or isinstance(workers, bool) or not 1 <= workers <= MAX_WORKERS:
        raise InputError(f"workers: {workers!r} is not a number of workers; expected a whole number from 1 "
                         f"to {MAX_WORKERS}.",
                         f"workers: {workers!r} no es un número de procesos; se esperaba un entero de 1 a "
                         f"{MAX_WORKERS}.")
    return workers


def default_workers() -> int:
    """All the cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:                    # not on Linux
        return max(1, os.cpu_count() or 1)


def run_batch(spec: BatchSpec, out: str | None = None, *, workers: int | None = None, ray: str | None = None,
              resume: bool = False, records: bool = False, progress: Progress | None = None) -> BatchResult:
    """Play every unit of ``spec`` and return what was done.

    ``out``: the batch folder (:mod:`bola8.batch.store`); None keeps the rows in
    memory (``result.rows``). ``resume``: continue the batch in ``out`` - its
    manifest's spec must be ``spec``. ``ray``: a Ray address (``auto`` for a
    running cluster, ``local`` to start one in this process) instead of local
    processes. ``workers``: local processes (default: every core); with
    ``local`` Ray, its CPUs.
    """
    workers = check_workers(default_workers() if workers is None else workers)
    if ray is not None:             # joined first: a cluster that cannot be reached leaves nothing behind
        with ray_session(ray, workers):
            return _run_batch(spec, out, workers, ray, resume, records, progress)
    return _run_batch(spec, out, workers, ray, resume, records, progress)


def _run_batch(spec: BatchSpec, out: str | None, workers: int, ray: str | None, resume: bool, records: bool,
               progress: Progress | None) -> BatchResult:
    result = BatchResult(spec)
    folder = BatchFolder(out) if out is not None else None
    todo = list(range(spec.matches))
    if folder is not None:
        if resume:
            found, kept_records, _complete = folder.open_existing()
            if found != spec:
                raise InputError("--resume: the folder holds another batch; continue it with the same "
                                 "players, games and settings (or start a new folder).",
                                 "--resume: la carpeta guarda otra tanda; continúela con los mismos "
                                 "jugadores, partidas y ajustes (o empiece una carpeta nueva).")
            records = kept_records
            done = folder.done_units()
            if _complete:
                done = set(todo)
            result.resumed = len(done)
            todo = [u for u in todo if u not in done]
        else:
            folder.create(spec, records)
    if todo and not _complete_already(folder, resume):
        _warm(spec)
    total, finished = spec.matches, spec.matches - len(todo)
    if progress:
        progress(finished, total)

    def keep(rows: UnitRows) -> None:
        nonlocal finished
        if folder is not None:
            folder.save_part(rows)
            rows = UnitRows(rows.unit)        # on disk now; the memory is not needed
        result.rows[rows.unit] = rows
        result.played += 1
        finished += 1
        if progress:
            progress(finished, total)

    if todo:
        if ray is not None:
            result.retried = _run_on_ray(spec, todo, ray, workers, records, keep)
        elif workers == 1:
            for unit in todo:
                keep(play_unit(spec, unit, records=records))
        else:
            result.retried = _run_on_processes(spec, todo, workers, records, keep)
    if folder is not None and not _complete_already(folder, resume):
        folder.finish(spec, records)
        result.rows = {}
    return result


def _complete_already(folder: BatchFolder | None, resume: bool) -> bool:
    if folder is None or not resume:
        return False
    return folder.open_existing()[2]


def _warm(spec: BatchSpec) -> None:
    """Compile the engine here, once, before any worker: one game of the batch's own players and table."""
    play_unit(replace(spec, race=1, matches=1), 0)


# ------------------------------------------------------------------ local processes
def _ignore_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)     # Ctrl-C is the parent's to handle


def _play(spec: BatchSpec, unit: int, records: bool) -> UnitRows:
    return play_unit(spec, unit, records=records)


def _run_on_processes(spec: BatchSpec, todo: list[int], workers: int, records: bool,
                      keep: Callable[[UnitRows], None]) -> int:
    """Play ``todo`` on ``workers`` forked processes; a dead worker's units are played again."""
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
    from concurrent.futures.process import BrokenProcessPool

    context = multiprocessing.get_context("fork")     # the workers inherit the compiled engine
    attempts = {unit: 0 for unit in todo}
    queue = list(reversed(todo))
    retried = 0
    while queue:
        pool = ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=_ignore_interrupts)
        running: dict[Future[UnitRows], int] = {}
        broken = False
        try:
            while (queue or running) and not broken:
                while queue and len(running) < 2 * workers:
                    unit = queue.pop()
                    attempts[unit] += 1
                    running[pool.submit(_play, spec, unit, records)] = unit
                finished, _ = wait(running, return_when=FIRST_COMPLETED)
                for future in finished:
                    unit = running.pop(future)
                    try:
                        rows = future.result()
                    except BrokenProcessPool:
                        broken = True
                        _retry(unit, attempts, queue)
                        retried += 1
                        continue
                    keep(rows)
            if broken:                          # every unit still running died with the pool
                for future, unit in running.items():
                    if future.done() and not future.cancelled() and future.exception() is None:
                        keep(future.result())
                    else:
                        _retry(unit, attempts, queue)
                        retried += 1
        except BaseException:
            _stop(pool)
            raise
        pool.shutdown(wait=True, cancel_futures=True)
    return retried


def _retry(unit: int, attempts: dict[int, int], queue: list[int]) -> None:
    if attempts[unit] >= ATTEMPTS:
        raise WorkerLost(f"unit {unit}: its worker died {ATTEMPTS} times")
    queue.append(unit)


def _stop(pool: Any) -> None:
    """Stop a pool now: its queued work dropped, its processes ended."""
    processes = list(getattr(pool, "_processes", {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(timeout=5)


# ------------------------------------------------------------------ Ray
@contextmanager
def ray_session(address: str, workers: int) -> Iterator[Any]:
    """Ray joined at ``address`` ("local": started here with ``workers`` CPUs) for the block; the ray module.

    Already joined (a tournament joins once for all its pairings): used as it is, and left joined. An
    address where nothing answers is refused at once (:func:`check_reachable`): Ray itself would retry
    for minutes.
    """
    from bola8.extras import require

    require("cluster", "--ray")
    if address not in ("local", "auto"):
        check_reachable(address)
    import ray
    started_here = not ray.is_initialized()
    if started_here:
        try:
            if address == "local":
                ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False,
                         configure_logging=False)
            else:
                ray.init(address=address, log_to_driver=False, configure_logging=False)
        except (ConnectionError, RuntimeError, ValueError) as error:
            raise InputError(f"--ray: cannot join the Ray cluster at {address!r} ({_first_line(error)}).",
                             f"--ray: no se puede unir al clúster de Ray en {address!r} "
                             f"({_first_line(error)}).") from None
    try:
        yield ray
    finally:
        if started_here:
            ray.shutdown()


RAY_CONNECT_S = 5.0      # how long to wait for a cluster's address to answer before refusing it


def check_reachable(address: str) -> None:
    """Refuse a Ray address (``host:port`` or ``ray://host:port``) where no server accepts a connection
    within :data:`RAY_CONNECT_S` seconds, naming it."""
    import socket

    where = address.split("://", 1)[-1]
    host, _, port = where.rpartition(":")
    if not host or not port.isdigit():
        raise InputError(f"--ray: {address!r} is not a cluster address; expected HOST:PORT, ray://HOST:PORT, "
                         "auto or local.",
                         f"--ray: {address!r} no es la dirección de un clúster; se esperaba HOST:PUERTO, "
                         "ray://HOST:PUERTO, auto o local.")
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=RAY_CONNECT_S):
            pass
    except OSError as error:
        why = error.strerror or type(error).__name__
        raise InputError(f"--ray: nothing answers at {address!r} ({why}); is the Ray cluster running there?",
                         f"--ray: nada responde en {address!r} ({why}); ¿está el clúster de Ray en marcha "
                         "ahí?") from None


def _run_on_ray(spec: BatchSpec, todo: list[int], address: str, workers: int, records: bool,
                keep: Callable[[UnitRows], None]) -> int:
    """Play ``todo`` as Ray tasks; a task whose worker dies is retried by Ray itself."""
    with ray_session(address, workers) as ray:
        task = ray.remote(max_retries=ATTEMPTS - 1, retry_exceptions=False)(_play_as_dict)
        window = 4 * max(1, int(ray.cluster_resources().get("CPU", workers)))
        queue = list(reversed(todo))
        running: list[Any] = []
        while queue or running:
            while queue and len(running) < window:
                running.append(task.remote(spec.to_dict(), queue.pop(), records))
            ready, running = ray.wait(running, num_returns=1)
            for ref in ready:
                keep(UnitRows.from_dict(ray.get(ref)))
    return 0        # Ray retries a lost task itself and does not say how often


def _play_as_dict(spec: dict[str, Any], unit: int, records: bool) -> dict[str, Any]:
    return play_unit(BatchSpec.from_dict(spec), unit, records=records).to_dict()


def _first_line(error: BaseException) -> str:
    text = str(error).strip().splitlines()
    return text[0][:160] if text else type(error).__name__

