"""``bola8 serve``: the browser app and its API on this machine (SQLite under the user's data folder)."""

from __future__ import annotations

import argparse
import os


def default_db() -> str:
    """``$XDG_DATA_HOME/bola8/bola8.db``, or ``~/.local/share/bola8/bola8.db``."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, "bola8", "bola8.db")


def add_arguments(parser: argparse.ArgumentParser) -> None:
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
    parser.add_argument("--worker-nice", type=int, default=5,
                        help=words(parser, "prioridad de esos procesos por debajo de la del servidor (nice, 0 a 19; "
                                           "por defecto 5)",
                                   "those processes' priority below the server's (nice, 0 to 19; default 5)"))
    add_lang_argument(parser)


def run(args: argparse.Namespace) -> int:
    import json
    import sqlite3
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
    import uvicorn

    from bola8.server import create_app

    db = args.db or default_db()
    try:
        app = create_app(db, bot_workers=args.bot_workers, coach_workers=args.coach_workers,
                         worker_nice=args.worker_nice, stop_workers=True)
    except (OSError, sqlite3.Error) as error:
        why = getattr(error, "strerror", None) or str(error)
        text = (f"--db: cannot open {db!r} ({why})." if args.lang == "en"
                else f"--db: no se puede abrir {db!r} ({why}).")
        print(json.dumps({"error": text}, ensure_ascii=False), file=sys.stderr)
        return 2
    # The engine is loaded here, before the first request: a person's first shot then does not wait
    # while numba compiles (up to a minute the first time, with an empty cache; a second from the
    # cache), and the bots' and coach's workers, started later, load what this compiled instead of
    # compiling it at the same time (concurrent first compiles of one cache can crash).
    from bola8.server import thinking

    print(("preparing the physics engine (the first start compiles it: up to a minute)" if args.lang == "en"
           else "preparando el motor de física (el primer arranque lo compila: hasta un minuto)"), flush=True)
    thinking.warm()
    host = f"[{args.host}]" if ":" in args.host else args.host
    url = f"http://{host}:{args.port}/"
    print((f"bola8 is served at {url} (database {db})" if args.lang == "en"
           else f"bola8 se sirve en {url} (base de datos {db})"), flush=True)
    # the app's shutdown stops the bots' and the coach's worker processes (uvicorn then ends the
    # process with the signal that stopped it, so nothing after this call would run)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning")
    return 0
