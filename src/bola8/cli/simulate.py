"""``bola8 simulate``: play one shot read as JSON on stdin (docs/simulate-json.md).

Writes the result's JSON; bad input is ``{"error": ...}`` with exit status 2,
the sentence in ``--lang`` (Spanish by default).
The physics (numpy, numba) is imported only when the command runs.
"""

from __future__ import annotations

import argparse

from bola8.cli._io import add_lang_argument, guarded


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Only --lang, for the error sentence: the whole request is the JSON on standard input."""
    add_lang_argument(parser)


def run(args: argparse.Namespace) -> int:
    """Run ``bola8 simulate`` with the parsed ``args``; the exit status."""
    return guarded(_run, args.lang)


def _run() -> int:
    from bola8.cli import _signals
    from bola8.cli._io import read_json_stdin, write_json
    from bola8.errors import InputError

    request = read_json_stdin()          # read before the physics: a Ctrl-C while waiting stops at once
    if not isinstance(request, dict):
        raise InputError("request: expected one JSON object with table, balls or rack_seed, and strike.",
                         "request: se esperaba un objeto JSON con table, balls o rack_seed, y strike.")
    with _signals.deferred():            # numba compiles and runs here: a Ctrl-C waits for the answer
        from bola8.game.facts import contract_facts
        from bola8.game.simulation import simulate_request

        result = simulate_request(**request)
        answer = {**result.to_dict(), "facts": contract_facts(result)}
    write_json(answer)
    return 0
