"""``kernel``: numba's ``njit`` with a disk cache keyed by the whole physics package.

numba's own cache (``cache=True``) checks only the source file of the cached
function: a kernel that inlines or calls a function of another module (the
loop calls the roots, the cushion models, the motion) keeps running the old
code after that module changes, until its cache files are deleted (numba issue
1833). Here every kernel of the package is cached in one folder named by a
hash of all the package's source files, numba's version and Python's: any
change of any of them means a new, empty folder, so everything recompiles.

The folder lives under ``NUMBA_CACHE_DIR`` when that is set (numba's own
setting), else in the package's ``__pycache__``, else in the user's cache
directory (a read-only install). Stale folders of older sources stay on disk
until removed: each is a few megabytes.
"""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal, TypeVar

import numba
from numba.core import config
from numba.core.caching import CompileResultCacheImpl, FunctionCache, _CacheLocator

PACKAGE_DIR = Path(__file__).resolve().parent

F = TypeVar("F", bound=Callable[..., Any])


def source_key(package_dir: Path = PACKAGE_DIR) -> str:
    """A hash of every ``.py`` file under the physics package (names and bytes), numba and Python."""
    h = hashlib.sha256()
    h.update(f"numba {numba.__version__} python {sys.version}".encode())
    for path in sorted(package_dir.rglob("*.py")):
        if "__pycache__" in path.parts:
            continue
        h.update(path.relative_to(package_dir).as_posix().encode() + b"\0")
        h.update(path.read_bytes() + b"\0")
    return h.hexdigest()[:20]


KEY = source_key()
FOLDER = f"bola8-kernels-{KEY}"


def _bases() -> list[Path]:
    """Where the cache folder may go, in order of preference."""
    chosen: str = getattr(config, "CACHE_DIR", "") or ""   # NUMBA_CACHE_DIR
    if chosen:
        return [Path(chosen)]
    from numba.misc.appdirs import AppDirs

    user = AppDirs(appname="numba", appauthor=False).user_cache_dir  # type: ignore[no-untyped-call]
    return [PACKAGE_DIR / "__pycache__", Path(user)]


class _PackageLocator(_CacheLocator):
    """Every kernel of the package in ``<base>/bola8-kernels-<KEY>``, stamped with KEY."""

    def __init__(self, py_func: Callable[..., Any], path: Path) -> None:
        self._lineno = py_func.__code__.co_firstlineno
        self._py_file = py_func.__code__.co_filename   # (numba's warning about an uncachable function reads it)
        self._cache_path = str(path)

    def get_cache_path(self) -> str:
        return self._cache_path

    def get_source_stamp(self) -> str:
        return KEY

    def get_disambiguator(self) -> str:
        return str(self._lineno)

    @classmethod
    def from_function(cls, py_func: Callable[..., Any], py_file: str) -> _PackageLocator | None:
        for base in _bases():
            self = cls(py_func, base / FOLDER)
            try:
                self.ensure_cache_path()  # type: ignore[no-untyped-call]
            except OSError:
                continue
            return self
        return None


class _PackageCacheImpl(CompileResultCacheImpl):
    _locator_classes = [_PackageLocator]


class _PackageCache(FunctionCache):
    _impl_class = _PackageCacheImpl


def kernel(*, inline: Literal["never", "always"] = "never", entry: bool = False) -> Callable[[F], F]:
    """``numba.njit`` compiled lazily; an ``entry`` kernel (one Python calls: the package, or the tests and
    benchmarks that call a helper directly) is cached by the package key.

    Only entry kernels are written to the disk cache. A helper is compiled as part
    of the kernel that calls it, whose cached library holds the helper's code too: a
    warm start loads the entry kernels and compiles nothing, and a cold start does
    not pay for writing every helper's own copy (each level of the call tree held
    the code of the levels below it: about a second of a cold start).
    """

    def decorate(func: F) -> F:
        dispatcher = numba.njit(inline=inline)(func)
        if not entry:
            return dispatcher  # type: ignore[return-value]  # a Dispatcher is called like the function
        try:
            dispatcher._cache = _PackageCache(dispatcher.py_func)  # type: ignore[attr-defined, no-untyped-call]
        except RuntimeError:
            # no writable folder anywhere: compile in memory every run, as numba does without cache=True
            pass
        return dispatcher  # type: ignore[return-value]  # a Dispatcher is called like the function

    return decorate


__all__ = ["kernel", "KEY", "source_key"]
