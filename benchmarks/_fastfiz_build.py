"""FastFiz (the computer olympiad's C++ pool engine) built from its source, for the side-by-side benchmarks.

FastFiz is not on PyPI. The P6-Pool fork of it (`P6-Pool/fastfiz`, the 2010 library brought up to date, with
a `setup.py` and a SWIG interface) builds into a Python extension with SWIG and GSL:

    apt-get install swig libgsl-dev        # Debian
    python benchmarks/_fastfiz_build.py    # clones, checks out FASTFIZ_COMMIT, builds, checks the import

The checkout and its build live in `benchmarks/.fastfiz/` (git-ignored); nothing of FastFiz enters the
repository. The source is cloned from `BOLA8_FASTFIZ_SOURCE` when set (a URL or a local clone, for a
machine without access to GitHub), else from `FASTFIZ_URL`. The benchmarks import the built module into
their own process (`load`), so both engines are timed side by side; when it cannot be built they say so
and print bola8's figures alone.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent
FASTFIZ_DIR = HERE / ".fastfiz"
CHECKOUT = FASTFIZ_DIR / "fastfiz"
FASTFIZ_URL = "https://github.com/P6-Pool/fastfiz.git"
FASTFIZ_COMMIT = "2c1c92099a2b0c891dfaa944193de89692f01177"   # "Updated gsl version", the fork's head when measured
SOURCE_VARIABLE = "BOLA8_FASTFIZ_SOURCE"


@dataclass(frozen=True)
class FastFizStatus:
    """The built module's folder, or why there is none (one sentence, then the build's last lines)."""

    folder: Path | None
    message: str


def source() -> str:
    return os.environ.get(SOURCE_VARIABLE) or FASTFIZ_URL


def _built() -> bool:
    return (CHECKOUT / "fastfiz.py").exists() and any(CHECKOUT.glob("_fastfiz*.so"))


def missing_tools() -> list[str]:
    """What the build needs and this machine lacks."""
    missing = [tool for tool in ("git", "swig", "g++") if shutil.which(tool) is None]
    if not Path("/usr/include/gsl/gsl_sf_trig.h").exists() and shutil.which("gsl-config") is None:
        missing.append("GSL headers (libgsl-dev)")
    return missing


def _run(command: list[str], cwd: Path | None, log: list[str]) -> bool:
    log.append("$ " + " ".join(command))
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    if done.returncode != 0:
        log.append((done.stdout + done.stderr).strip()[-2000:])
    return done.returncode == 0


def ensure_fastfiz(*, build: bool = True, say=print) -> FastFizStatus:
    """The folder holding FastFiz's built module; clone and build it first when ``build`` (about 40 s)."""
    if _built():
        return FastFizStatus(CHECKOUT, f"FastFiz ya compilado / already built: {CHECKOUT}")
    if not build:
        return FastFizStatus(None, "FastFiz no compilado / not built (python benchmarks/_fastfiz_build.py builds it)")
    missing = missing_tools()
    if missing:
        return FastFizStatus(None, "FastFiz no disponible / not available: missing " + ", ".join(missing)
                             + " (Debian: apt-get install swig libgsl-dev g++ git)")
    say(f"Compilando FastFiz en / building FastFiz into {CHECKOUT} (una vez / once, ~40 s)...")
    log: list[str] = []
    FASTFIZ_DIR.mkdir(exist_ok=True)
    ok = CHECKOUT.exists() or _run(["git", "clone", "--quiet", source(), str(CHECKOUT)], None, log)
    ok = ok and _run(["git", "checkout", "--quiet", FASTFIZ_COMMIT], CHECKOUT, log)
    ok = ok and _run(["nice", "-n", "19", sys.executable, "setup.py", "--quiet", "build_ext", "--inplace"],
                     CHECKOUT, log)
    if ok and _built():
        return FastFizStatus(CHECKOUT, f"FastFiz compilado / built: {CHECKOUT}")
    return FastFizStatus(None, f"FastFiz no disponible / not available: the build failed (source {source()}).\n"
                         + "\n".join(log[-4:]))


def load(folder: Path) -> ModuleType:
    """The built ``fastfiz`` module, imported into this process."""
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))
    import fastfiz   # type: ignore[import-not-found]   (built above, outside the package)

    return fastfiz


if __name__ == "__main__":
    status = ensure_fastfiz(say=lambda message: print(message, file=sys.stderr))
    print(status.message)
    sys.exit(0 if status.folder is not None else 1)
