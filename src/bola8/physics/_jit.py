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

import functools
import hashlib
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal, TypeVar, cast

import numba
from numba.core import config, types
from numba.core.caching import CompileResultCacheImpl, FunctionCache, _CacheLocator
from numba.core.typing.typeof import typeof_impl

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


def engine_compiled() -> bool:
    """Whether the engine's one-stroke kernel (``engine.play_stroke``, which holds the event loop) of these
    sources is in the disk cache: the first simulation then loads it in a fraction of a second instead of
    compiling it (about ten seconds on two cores)."""
    return any(next((base / FOLDER).glob("engine.play_stroke-*.nbi"), None) is not None for base in _bases())


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


def _cached(dispatcher: Any) -> Any:
    """``dispatcher`` with its compiled code kept in the package's cache folder (when one is writable)."""
    try:
        dispatcher._cache = _PackageCache(dispatcher.py_func)  # type: ignore[no-untyped-call]
    except RuntimeError:
        # no writable folder anywhere: compile in memory every run, as numba does without cache=True
        pass
    return dispatcher


Inline = Literal["never", "always"]


def _njit(func: Callable[..., Any], inline: Inline, from_python: bool, allocates: bool = True,
          releases_gil: bool = False) -> Any:
    """numba's dispatcher of ``func``. A helper only kernels call (``from_python`` False) needs neither
    the Python wrapper (boxing and unboxing each argument) nor the C one: generating them cost about
    0.03 s of a cold start per helper.

    A function that allocates no array (``allocates`` False) is compiled without numba's reference
    counting (its ``_nrt`` option): it only reads and writes arrays its caller owns, so the counts it
    would keep on them (an atomic increment and decrement per array argument and per view taken, which
    LLVM's pruning leaves in place across branches) are useless. Measured on two-ball strokes: those
    calls were 14 % of the samples of a profile (perf; 7 % after), and the strokes 3-5 % faster. numba
    refuses to compile a function without it that allocates, so a helper that does says so.

    ``releases_gil`` (numba's ``nogil``): the Python wrapper lets go of the interpreter's lock for the
    call, so several threads run the kernel at once, each on a core. Only the wrapper changes (the
    compiled code, its compile time and its results are the same); the kernel must touch no Python
    object, which none of the package's does."""
    options: dict[str, Any] = {"inline": inline}
    if releases_gil:
        options.update(nogil=True)
    if not from_python:
        options.update(no_cpython_wrapper=True, no_cfunc_wrapper=True)
    if not allocates:
        options.update(_nrt=False)
    return cast(Any, numba.njit)(**options)(func)


class _Helper:
    """A kernel only other kernels call.

    numba sees (types, and inlines when asked) ``in_kernels``: compiled with no Python
    wrapper and not written to the cache. Called from Python it raises ``TypeError``
    (numba's dispatcher without its wrapper would crash the interpreter).
    """

    def __init__(self, func: Callable[..., Any], inline: Inline, allocates: bool = False) -> None:
        self.py_func = func
        self.in_kernels = _njit(func, inline, from_python=False, allocates=allocates)
        self.targetoptions = self.in_kernels.targetoptions   # numba's inlining pass reads "inline" here
        self._inline = inline
        functools.update_wrapper(self, func)

    def __call__(self, *args: Any) -> Any:
        raise TypeError(f"{self.py_func.__module__}.{self.py_func.__qualname__} is a kernel helper: only "
                        "kernels call it (kernel(tested=True) gives it a copy Python can call)")


class _TestedHelper(_Helper):
    """A helper the kernels call, that tests and benchmarks also call from Python.

    The kernels' copy is a plain helper's. A call from Python compiles (or loads
    from the cache) a second copy with the wrapper, only in the processes that make
    one: the engine's cold start pays for neither.
    """

    _from_python: Any = None

    def __call__(self, *args: Any) -> Any:
        if self._from_python is None:
            self._from_python = _cached(_njit(self.py_func, self._inline, from_python=True))
        return self._from_python(*args)


@typeof_impl.register(_Helper)
def _typeof_helper(helper: _Helper, context: Any) -> Any:
    return types.Dispatcher(helper.in_kernels)


def kernel(*, inline: Inline = "never", entry: bool = False, tested: bool = False, allocates: bool = False,
           releases_gil: bool = False) -> Callable[[F], F]:
    """``numba.njit`` compiled lazily, of three kinds by who calls it.

    A helper that creates arrays says so (``allocates``); the others are compiled without
    reference counting (``_njit``). Entry kernels always keep it (they return arrays).

    - a helper (the default): only other kernels call it. It is compiled as part of
      the kernel that calls it, whose cached library holds the helper's code too, so
      it is not written to the disk cache (a warm start loads the entry kernels and
      compiles nothing), and it has no Python wrapper (a ``_Helper``).
    - ``tested``: a helper that tests or benchmarks also call from Python (a
      ``_TestedHelper``: the kernels' copy is a plain helper's).
    - ``entry``: the package's Python calls it (``play_stroke``, ``run_batch``, the
      samplers): one dispatcher, cached by the package key, that kernels may call too.
      An entry that threads run side by side says so (``releases_gil``: ``_njit``).

    Measured on the first ``simulate_layout`` with an empty cache (2-CPU AMD EPYC,
    alternated fresh processes): 9.7-10.3 s when every helper the tests call was a
    cached entry with its wrappers (each wrote its own cache file, holding the code
    of the levels below it), 8.9-9.0 s with the three kinds (docs/performance.md).
    """

    def decorate(func: F) -> F:
        if entry:
            return cast(F, _cached(_njit(func, inline, from_python=True, releases_gil=releases_gil)))
        if tested:
            return cast(F, _TestedHelper(func, inline, allocates))   # called like the function
        return cast(F, _Helper(func, inline, allocates))

    return decorate


__all__ = ["kernel", "KEY", "source_key", "engine_compiled"]
