"""``bola8 serve``: the browser app and its API on this machine (SQLite under the user's data folder).

Before anything compiles, the command makes sure numba can keep what it
compiles: where neither the package's folders nor the user's cache folder
can be written (a system-wide install run by a service user without a home),
it compiles into a temporary folder for this run and says so (every start
then compiles again); only if no folder at all can be written does it stop,
with one sentence.
"""

from __future__ import annotations

import argparse
import os
import tempfile
from collections.abc import AsyncIterator
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fastapi import FastAPI


def default_db() -> str:
    """``$XDG_DATA_HOME/bola8/bola8.db``, or ``~/.local/share/bola8/bola8.db``."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, "bola8", "bola8.db")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the options of ``bola8 serve`` on ``parser`` (help in the parser's language)."""
    from bola8.cli._io import add_lang_argument, words

    parser.add_argument("--host", default="127.0.0.1",
                        help=words(parser, "dirección en la que escuchar (por defecto 127.0.0.1)",
                                   "address to listen on (default 127.0.0.1)"))
    parser.add_argument("--port", type=int, default=8808,
                        help=words(parser, "puerto (por defecto 8808)", "port (default 8808)"))
    parser.add_argument("--db", default=None,
                        help=words(parser, f"base de datos SQLite (por defecto {default_db()})",
                                   f"SQLite database (default {default_db()})"))
    parser.add_argument("--bot-workers", type=int, default=1,
                        help=words(parser, "cuántas decisiones de bot a la vez (procesos; 0: los bots no juegan; "
                                           "por defecto 1)",
                                   "how many bot decisions at once (processes; 0: the bots do not play; default 1)"))
    parser.add_argument("--coach-workers", type=int, default=1,
                        help=words(parser, "cuántas pistas del entrenador a la vez (procesos; por defecto 1)",
                                   "how many of the coach's hints at once (processes; default 1)"))
    parser.add_argument("--max-body", type=int, default=1 << 20,
                        help=words(parser, "el mayor cuerpo de petición, en bytes (por defecto 1048576)",
                                   "the largest request body, in bytes (default 1048576)"))
    parser.add_argument("--creations-per-minute", type=int, default=60,
                        help=words(parser, "cuántas partidas, mesas o perfiles puede crear una dirección por minuto "
                                           "(0: sin límite; por defecto 60)",
                                   "how many games, tables or profiles one address may create a minute "
                                   "(0: no limit; default 60)"))
    parser.add_argument("--games-in-memory", type=int, default=200,
                        help=words(parser, "cuántas partidas guarda en memoria (las demás se leen de la base de "
                                           "datos; por defecto 200)",
                                   "how many games are kept in memory (the others are read from the database; "
                                   "default 200)"))
    parser.add_argument("--access-log", action=argparse.BooleanOptionalAction, default=True,
                        help=words(parser, "una línea por petición, y por acción de un bot, en la salida de errores "
                                           "(por defecto sí)",
                                   "one line per request, and per bot action, on standard error (default yes)"))
    parser.add_argument("--worker-nice", type=int, default=5,
                        help=words(parser, "prioridad de esos procesos por debajo de la del servidor (nice, 0 a 19; "
                                           "por defecto 5)",
                                   "those processes' priority below the server's (nice, 0 to 19; default 5)"))
    add_lang_argument(parser)


def usable_folder(folder: Path) -> bool:
    """Whether files can be made in ``folder`` (made if missing)."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=folder):
            return True
    except OSError:
        return False


def kernel_cache(environ: dict[str, str] | os._Environ[str]) -> tuple[str | None, list[str]]:
    """Where numba should keep compiled code for this run: None when its own choice is writable, else a
    temporary folder; and the folders that could not be written (to say so). ``NUMBA_CACHE_DIR``
    when set, else the package's ``__pycache__`` folders and the user's cache folder (numba's order)."""
    import bola8

    chosen = environ.get("NUMBA_CACHE_DIR")
    if chosen:
        candidates = [Path(chosen)]
    else:
        package = Path(bola8.__file__).resolve().parent
        home_cache = Path(environ.get("XDG_CACHE_HOME") or Path(environ.get("HOME", "/nonexistent")) / ".cache")
        in_tree = [package / "physics" / "__pycache__", package / "players" / "__pycache__"]
        if all(usable_folder(folder) for folder in in_tree):
            return None, []
        candidates = [*in_tree, home_cache / "numba"]
        if usable_folder(home_cache / "numba"):
            return None, []
    if chosen and usable_folder(Path(chosen)):
        return None, []
    refused = [str(folder) for folder in candidates if not usable_folder(folder)]
    try:
        return tempfile.mkdtemp(prefix="bola8-kernels-"), refused
    except OSError:
        return "", refused


def remove_at_shutdown(app: FastAPI, folder: str) -> None:
    """Remove ``folder`` once ``app``'s own shutdown has run (its workers stopped). uvicorn stopped by a
    signal runs the app's shutdown, then ends the process with that signal: ``atexit`` never runs."""
    import shutil
    from contextlib import asynccontextmanager

    own = app.router.lifespan_context

    @asynccontextmanager
    async def lifespan(served: FastAPI) -> AsyncIterator[None]:
        try:
            async with own(served):
                yield
        finally:
            shutil.rmtree(folder, ignore_errors=True)

    app.router.lifespan_context = lifespan


def run(args: argparse.Namespace) -> int:
    """Run ``bola8 serve`` with the parsed ``args``; the exit status."""
    import json
    import logging
    import sys

    from bola8.extras import require

    require("server", "bola8 serve")
    if not 0 < args.port < 65536:
        text = ("--port: {} is not a port; expected 1 to 65535." if args.lang == "en"
                else "--port: {} no es un puerto; se esperaba de 1 a 65535.")
        print(json.dumps({"error": text.format(args.port)}, ensure_ascii=False), file=sys.stderr)
        return 2
    if not 0 <= args.bot_workers <= 16:
        text = ("--bot-workers: {} is not a number of workers; expected 0 to 16." if args.lang == "en"
                else "--bot-workers: {} no es un número de procesos; se esperaba de 0 a 16.")
        print(json.dumps({"error": text.format(args.bot_workers)}, ensure_ascii=False), file=sys.stderr)
        return 2
    if not 1 <= args.coach_workers <= 16:
        text = ("--coach-workers: {} is not a number of workers; expected 1 to 16." if args.lang == "en"
                else "--coach-workers: {} no es un número de procesos; se esperaba de 1 a 16.")
        print(json.dumps({"error": text.format(args.coach_workers)}, ensure_ascii=False), file=sys.stderr)
        return 2
    if not 0 <= args.worker_nice <= 19:
        text = ("--worker-nice: {} is not a niceness; expected 0 to 19." if args.lang == "en"
                else "--worker-nice: {} no es un valor de nice; se esperaba de 0 a 19.")
        print(json.dumps({"error": text.format(args.worker_nice)}, ensure_ascii=False), file=sys.stderr)
        return 2
    for name, value, low in (("--max-body", args.max_body, 1024), ("--creations-per-minute", args.creations_per_minute, 0),
                             ("--games-in-memory", args.games_in_memory, 1)):
        if value < low:
            text = (f"{name}: {value} is too small; expected at least {low}." if args.lang == "en"
                    else f"{name}: {value} es demasiado pequeño; se esperaba al menos {low}.")
            print(json.dumps({"error": text}, ensure_ascii=False), file=sys.stderr)
            return 2
    folder, refused = kernel_cache(os.environ)
    if folder == "":
        text = (f"NUMBA_CACHE_DIR: no folder can be written for the compiled physics ({', '.join(refused)}, nor a "
                "temporary one); set NUMBA_CACHE_DIR to a writable folder." if args.lang == "en" else
                f"NUMBA_CACHE_DIR: no se puede escribir ninguna carpeta para la física compilada ({', '.join(refused)}, "
                "ni una temporal); ponga en NUMBA_CACHE_DIR una carpeta con permiso de escritura.")
        print(json.dumps({"error": text}, ensure_ascii=False), file=sys.stderr)
        return 2
    if folder is not None:
        import atexit
        import shutil

        os.environ["NUMBA_CACHE_DIR"] = folder      # read by numba when it is first imported, below
        # this run's alone: nothing left behind in the temp folder, whether the command returns (atexit) or
        # uvicorn ends the process with the signal that stopped it (the app's shutdown, remove_at_shutdown)
        atexit.register(shutil.rmtree, folder, True)
        print((f"the compiled physics cannot be kept in {', '.join(refused)}: it is compiled into {folder} for this "
               "run (every start compiles again; set NUMBA_CACHE_DIR to a writable folder to keep it)"
               if args.lang == "en" else
               f"la física compilada no se puede guardar en {', '.join(refused)}: se compila en {folder} para esta "
               "ejecución (cada arranque vuelve a compilar; ponga en NUMBA_CACHE_DIR una carpeta con permiso de "
               "escritura para conservarla)"), flush=True)
    import uvicorn

    from bola8.server import create_app
    from bola8.server.store import StorageFault

    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    for name in ("bola8.access", "bola8.bots"):         # one line per request, and per bot action played
        logging.getLogger(name).setLevel(logging.INFO if args.access_log else logging.WARNING)
    db = args.db or default_db()
    try:
        app = create_app(db, bot_workers=args.bot_workers, coach_workers=args.coach_workers,
                         worker_nice=args.worker_nice, stop_workers=True, max_body=args.max_body,
                         creations_per_minute=args.creations_per_minute, games_in_memory=args.games_in_memory)
    except (OSError, StorageFault) as error:
        why = error.cause if isinstance(error, StorageFault) else getattr(error, "strerror", None) or str(error)
        text = (f"--db: cannot open {db!r} ({why})." if args.lang == "en"
                else f"--db: no se puede abrir {db!r} ({why}).")
        print(json.dumps({"error": text}, ensure_ascii=False), file=sys.stderr)
        return 2
    if folder is not None:
        remove_at_shutdown(app, folder)
    # The engine is loaded here, before the first request: a person's first shot then does not wait
    # while numba compiles (up to a minute the first time, with an empty cache; a second from the
    # cache), and the bots' and coach's workers, started later, load what this compiled instead of
    # compiling it at the same time (concurrent first compiles of one cache can crash).
    from bola8.server import thinking

    print(("preparing the physics engine (the first start compiles it: up to a minute)" if args.lang == "en"
           else "preparando el motor de física (el primer arranque lo compila: hasta un minuto)"), flush=True)
    if folder is None:
        thinking.warm()
    else:
        # stopped while it compiles (before uvicorn handles signals), the process still ends through
        # SystemExit, so atexit removes the temporary folder; the signal's default action would not
        import signal

        def stop(signum: int, frame: object) -> None:
            raise SystemExit(128 + signum)

        previous = signal.signal(signal.SIGTERM, stop)
        try:
            thinking.warm()
        finally:
            signal.signal(signal.SIGTERM, previous)
    host = f"[{args.host}]" if ":" in args.host else args.host
    url = f"http://{host}:{args.port}/"
    print((f"bola8 is served at {url} (database {db})" if args.lang == "en"
           else f"bola8 se sirve en {url} (base de datos {db})"), flush=True)
    # the app's shutdown stops the bots' and the coach's worker processes (uvicorn then ends the
    # process with the signal that stopped it, so nothing after this call would run)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning")
    return 0
