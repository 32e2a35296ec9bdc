"""``bola8 referee``: judge one shot, choice or declaration read as JSON on stdin.

Input is one of the contract's three forms (docs/referee-json.md)::

    {"state": STATE, "shot": SHOT}
    {"state": STATE, "choice": "accept_table" | "rebreak" | "respot_eight" | "rerack"}
    {"state": STATE, "declare": "stalemate" | "forfeit", "player": 0}

Output is ``{"ruling": ..., "state": ...}``; bad input is ``{"error": ...}``
with exit status 2. Only the standard library is imported, so it answers fast.
"""

from __future__ import annotations

import argparse

from bola8.cli._io import add_lang_argument, guarded


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the options of ``bola8 referee`` on ``parser`` (help in the parser's language)."""
    add_lang_argument(parser)


def run(args: argparse.Namespace) -> int:
    """Run ``bola8 referee`` with the parsed ``args``; the exit status."""
    return guarded(lambda: _run(args), args.lang)


def _run(args: argparse.Namespace) -> int:
    from bola8.cli._io import read_json_stdin, write_json
    from bola8.rules.referee_request import answer

    write_json(answer(read_json_stdin(), lang=args.lang))
    return 0
