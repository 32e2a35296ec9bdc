"""Install requirements into the project's virtual environment: with uv, or with pip where uv cannot.

    .venv/bin/python tools/install.py -e '.[dev]'

The installs were the longest step of a fresh clone's set-up: pip spent 32 s (29 s of its own
CPU, resolving and unpacking one file at a time) on bola8 with every extra, where uv, PyPI's parallel
installer, took 10 s from an empty environment, its own install by pip and its downloads included (the
2-core build machine, 2026-12-05). uv is installed into the environment by the environment's own pip.

uv reads neither pip's configuration nor pip's indexes. Where uv cannot be installed or its install fails
(no route to PyPI; a machine whose pip is set to a private index or a local mirror), pip installs the same
requirements with its own configuration: slower, with the same result.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

UV = "uv>=0.9,<1"
# pip would compile every installed module to bytecode that the project's processes never read (they keep
# theirs in .venv/pycache; see the Makefile's BYTECODE); uv does not compile unless asked.
PIP = [sys.executable, "-m", "pip", "install", "--quiet", "--no-compile"]


def install(requirements: list[str]) -> int:
    """Install ``requirements`` (pip's arguments: ``-e .``, ``'.[dev]'``, ...) into this interpreter's
    environment; the installer's exit status."""
    uv = Path(sys.executable).parent / "uv"
    if not uv.exists():
        subprocess.run([*PIP, UV], check=False)
    if uv.exists():
        done = subprocess.run([str(uv), "pip", "install", "--quiet", "--python", sys.executable, *requirements])
        if done.returncode == 0:
            return 0
        print("uv could not install these requirements; pip installs them instead.", file=sys.stderr)
    return subprocess.run([*PIP, *requirements]).returncode


if __name__ == "__main__":
    sys.exit(install(sys.argv[1:]))
