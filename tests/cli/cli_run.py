"""Run the ``bola8`` command in process: ``bola8.cli.main(argv)`` with its own stdin, stdout, stderr.

A subprocess costs a Python start-up and, for the simulating commands, a
numba cache load (about a second each); in process the command runs in the
test's interpreter, its kernels already loaded. One subprocess test per
command and error class stays (tests/cli/test_subprocess.py), to prove the
real ``bola8`` program behaves the same.
"""

from __future__ import annotations

import io
import os
import sys
from dataclasses import dataclass


@dataclass
class Done:
    """What one command line did: its exit status and what it wrote."""

    returncode: int
    stdout: str
    stderr: str


def run_cli(*argv: str, stdin: str | bytes = b"", cwd: object = None) -> Done:
    """``bola8 ARGV`` with ``stdin``, in the directory ``cwd`` (the current one by default)."""
    from bola8.cli import main

    data = stdin.encode("utf-8") if isinstance(stdin, str) else stdin
    streams = (sys.stdin, sys.stdout, sys.stderr)
    out, err = io.BytesIO(), io.BytesIO()
    wrappers = (io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"),
                io.TextIOWrapper(out, encoding="utf-8", write_through=True),
                io.TextIOWrapper(err, encoding="utf-8", write_through=True))   # alive until read
    sys.stdin, sys.stdout, sys.stderr = wrappers
    here = os.getcwd()
    try:
        if cwd is not None:
            os.chdir(str(cwd))
        status = main(list(argv))
        sys.stdout.flush()
        sys.stderr.flush()
    finally:
        os.chdir(here)
        sys.stdin, sys.stdout, sys.stderr = streams
    return Done(status, out.getvalue().decode("utf-8"), err.getvalue().decode("utf-8"))
