"""The throwaway virtual environment that holds pooltool 0.6.0 for the side-by-side benchmark.

pooltool-billiards 0.6.0 pins, on Linux, a panda3d development build that is not on PyPI, so a plain
`pip install pooltool-billiards==0.6.0` backtracks to 0.3.3 (see /work/shared/research/pooltool.md, section 6).
What works: install the wheel with `--no-deps`, then install the requirements its own metadata declares, with
panda3d replaced by the released 1.10 line and numba/llvmlite kept below the versions pooltool 0.6.0 supports.
The environment lives in `benchmarks/.pooltool-venv/` (git-ignored) and is reused while pooltool imports.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

VENV_DIR = Path(__file__).resolve().parent / ".pooltool-venv"
POOLTOOL_REQUIREMENT = "pooltool-billiards==0.6.0"
POOLTOOL_DISTRIBUTION = "pooltool-billiards"
# Replace or tighten what the wheel declares: panda3d 1.11 dev builds are unreachable here, and pooltool 0.6.0
# breaks with numba >= 0.63 / llvmlite >= 0.46 (its `main` branch pins numba<0.63 for that reason).
REQUIREMENT_OVERRIDES: dict[str, str] = {
    "panda3d": "panda3d>=1.10.13,<1.11",
    "numba": "numba>=0.59,<0.63",
    "llvmlite": "llvmlite>=0.44,<0.46",
}

# Prints the wheel's own Requires-Dist lines, one per line (run inside the venv after the --no-deps install).
_LIST_REQUIREMENTS = (
    "import importlib.metadata as m\n"
    f"print('\\n'.join(m.requires({POOLTOOL_DISTRIBUTION!r}) or []))\n"
)


@dataclass(frozen=True)
class VenvStatus:
    """Outcome of `ensure_pooltool_venv`: the interpreter to use, or why there is none."""

    python: Path | None
    message: str


def venv_python(venv_dir: Path = VENV_DIR) -> Path:
    return venv_dir / "bin" / "python"


def pooltool_environment(home: str) -> dict[str, str]:
    """Environment for anything that imports pooltool.

    HOME points at a scratch directory because `import pooltool` writes `~/.config/pooltool/*.yaml`;
    PYTHONHASHSEED=0 because pooltool's rack code iterates over sets.
    """
    env = dict(os.environ)
    env["HOME"] = home
    env["PYTHONHASHSEED"] = "0"
    env.pop("NUMBA_CACHE_DIR", None)  # pooltool keeps its numba cache inside its own package directory
    env.pop("PYTHONPATH", None)
    return env


def pooltool_importable(python: Path) -> bool:
    """True when `python` exists and can import pooltool 0.6.0."""
    if not python.exists():
        return False
    with tempfile.TemporaryDirectory(prefix="bench-pt-home-") as home:
        probe = subprocess.run(
            [str(python), "-c", "import pooltool, sys; sys.exit(0 if pooltool.__version__ == '0.6.0' else 3)"],
            env=pooltool_environment(home),
            capture_output=True,
            text=True,
            timeout=600,
        )
    return probe.returncode == 0


def requirement_name(requirement: str) -> str:
    """The distribution name at the start of a PEP 508 requirement, normalised (`Panda3D_gltf>=1` -> `panda3d-gltf`)."""
    name = ""
    for char in requirement.strip():
        if char.isalnum() or char in "-_.":
            name += char
        else:
            break
    return name.lower().replace("_", "-").replace(".", "-")


def dependency_requirements(declared: list[str]) -> list[str]:
    """pip arguments for pooltool's runtime dependencies: its declared ones minus extras, with overrides applied."""
    chosen: list[str] = []
    for line in declared:
        line = line.strip()
        marker = line.partition(";")[2]
        if not line or "extra" in marker:  # optional groups are not needed to simulate
            continue
        if requirement_name(line) in REQUIREMENT_OVERRIDES:
            continue
        chosen.append(line)
    chosen.extend(REQUIREMENT_OVERRIDES.values())
    return chosen


def _run(command: list[str], log: list[str]) -> bool:
    log.append("$ " + " ".join(command))
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        log.append((done.stdout + done.stderr).strip()[-3000:])
    return done.returncode == 0


def ensure_pooltool_venv(venv_dir: Path = VENV_DIR, *, say=print) -> VenvStatus:
    """Create and fill the pooltool venv unless it already imports pooltool 0.6.0."""
    python = venv_python(venv_dir)
    if pooltool_importable(python):
        return VenvStatus(python, f"pooltool 0.6.0 ya instalado / already installed: {venv_dir}")
    say(f"Instalando pooltool 0.6.0 en / installing pooltool 0.6.0 into {venv_dir} (una vez / once, ~1 min)...")
    log: list[str] = []
    steps_ok = (python.exists() or _run([sys.executable, "-m", "venv", str(venv_dir)], log)) and _run(
        [str(python), "-m", "pip", "install", "--quiet", "--no-deps", POOLTOOL_REQUIREMENT], log
    )
    if steps_ok:
        listed = subprocess.run([str(python), "-c", _LIST_REQUIREMENTS], capture_output=True, text=True)
        steps_ok = listed.returncode == 0
        if steps_ok:
            requirements = dependency_requirements(listed.stdout.splitlines())
            steps_ok = _run([str(python), "-m", "pip", "install", "--quiet", *requirements], log)
        else:
            log.append(listed.stderr.strip()[-3000:])
    if steps_ok and pooltool_importable(python):
        return VenvStatus(python, f"pooltool 0.6.0 instalado / installed: {venv_dir}")
    detail = "\n".join(log[-4:])
    return VenvStatus(
        None,
        "No se pudo instalar pooltool 0.6.0; se omite su columna / could not install pooltool 0.6.0; "
        f"its column is skipped.\n{detail}",
    )
