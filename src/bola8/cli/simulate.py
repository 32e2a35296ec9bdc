"""``bola8 simulate``: play one shot read as JSON on stdin (spec/simulate-json.md).

Writes the result's JSON; bad input is ``{"error": ...}`` with exit status 2,
the sentence in ``--lang`` (Spanish by default).
The physics (numpy, numba) is imported only when the command runs.
"""

from __future__ import annotations

from bola8.cli._io import add_lang_argument, guarded


def add_arguments(parser) -> None:
    """Only --lang, for the error sentence: the whole request is the JSON on standard input."""
    add_lang_argument(parser)


def run(args) -> int:
    return guarded(_run, args.lang)


def _run() -> int:
    from bola8.cli._io import read_json_stdin, write_json
    from bola8.errors import InputError
    from bola8.game.facts import contract_facts
    from bola8.physics import simulate

    request = read_json_stdin()
    if not isinstance(request, dict):
        raise InputError("request: expected one JSON object with table, balls or rack_seed, and strike.",
                         "request: se esperaba un objeto JSON con table, balls o rack_seed, y strike.")
    result = simulate(**request)
    write_json({**result.to_dict(), "facts": contract_facts(result)})
    return 0
