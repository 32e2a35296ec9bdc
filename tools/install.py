"""Install requirements into the project's virtual environment: with uv, or with pip where uv cannot.

    .venv/bin/python tools/install.py -e '.[dev]'

The installs were the longest step of a fresh clone's set-up: pip spent 32 s (29 s of its own
CPU, resolving and unpacking one file at a time) on bola8 with every extra, where uv, PyPI's parallel
installer, took 10 s from an empty environment, its own install by pip and its downloads included (the
2-core build machine, 2026-12-05). uv is installed into the environment by the pip of the Python that made
it (`pip --python`), so the environment is made without a pip of its own (`venv --without-pip`: 0.1 s of
the 3.7 s a venv with pip took, 2026-12-06); where that pip cannot (none, or one older than 22.3), the
environment gets its own pip (`ensurepip`) and that one installs uv.

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


def own_pip() -> list[str]:
    """This environment's pip (made by ``ensurepip`` when the environment has none): pip's command."""
    if subprocess.run([sys.executable, "-m", "pip", "--version"], capture_output=True).returncode != 0:
        subprocess.run([sys.executable, "-m", "ensurepip", "--default-pip"], capture_output=True, check=False)
    return PIP


def install_uv(uv: Path) -> None:
    """uv put into this environment: by the pip of the Python the environment was made from, else by the
    environment's own."""
    base = getattr(sys, "_base_executable", sys.executable)
    if base != sys.executable:
        subprocess.run([base, "-m", "pip", "--python", sys.executable, "install", "--quiet", "--no-compile", UV],
                       capture_output=True, check=False)
    if not uv.exists():
        subprocess.run([*own_pip(), UV], check=False)


def install(requirements: list[str]) -> int:
    """Install ``requirements`` (pip's arguments: ``-e .``, ``'.[dev]'``, ...) into this interpreter's
    environment; the installer's exit status."""
    uv = Path(sys.executable).parent / "uv"
    if not uv.exists():
        install_uv(uv)
    if uv.exists():
        done = subprocess.run([str(uv), "pip", "install", "--quiet", "--python", sys.executable, *requirements])
        if done.returncode == 0:
            return 0
        print("uv could not install these requirements; pip installs them instead.", file=sys.stderr)
    return subprocess.run([*own_pip(), *requirements]).returncode


if __name__ == "__main__":
    sys.exit(install(sys.argv[1:]))
