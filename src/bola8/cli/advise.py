"""``bola8 advise``: the searching bot's advice for one position, JSON in, JSON out (docs/advise-json.md).

Reads ``{"state": STATE, "balls": {...}, "level": "champion", ...}`` on
standard input and writes the best shots with their calls, strokes, chances
and a short explanation in Spanish and English, the safety it would play
instead, where to put a cue ball in hand, or the option to take. Bad input is
``{"error": ...}`` with exit status 2, the sentence in ``--lang``.
"""

from __future__ import annotations

import argparse

from bola8.cli._io import add_lang_argument, guarded


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Only --lang, for the error sentence: the whole request is the JSON on standard input."""
    add_lang_argument(parser)


def run(args: argparse.Namespace) -> int:
    """Run ``bola8 advise`` with the parsed ``args``; the exit status."""
    return guarded(_run, args.lang)


def _run() -> int:
    from bola8.cli import _signals
    from bola8.cli._io import read_json_stdin, write_json

    request = read_json_stdin()          # read before searching: a Ctrl-C while waiting stops at once
    with _signals.deferred():            # numba compiles and the search runs here: a Ctrl-C waits for the answer
        from bola8.players.coach import answer

        advice = answer(request)
    write_json(advice)
    return 0
