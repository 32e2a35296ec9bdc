"""``bola8 simulate``: play one shot read as JSON on stdin (spec/simulate-json.md).

Writes the result's JSON; bad input is ``{"error": ...}`` with exit status 2.
The physics (numpy, numba) is imported only when the command runs.
"""

from __future__ import annotations

from bola8.cli._io import guarded


def add_arguments(parser) -> None:
    """No options: the whole request is the JSON on standard input."""


def run(args) -> int:
    return guarded(_run)


def _run() -> int:
    from bola8.cli._io import read_json_stdin, write_json
    from bola8.errors import InputError
    from bola8.physics import simulate

    request = read_json_stdin()
    if not isinstance(request, dict):
        raise InputError("request: expected one JSON object with table, balls or rack_seed, and strike.")
    write_json(simulate(**request).to_dict())
    return 0
