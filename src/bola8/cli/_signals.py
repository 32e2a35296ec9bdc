"""Ctrl-C that stops a command cleanly, even in the middle of the compiled physics.

Python raises :class:`KeyboardInterrupt` wherever the interpreter happens to
be when SIGINT arrives. Inside the numba kernels that is sometimes a callback
of numba's own machinery (``_numba_unpickle``), called from compiled code that
does not expect an exception: the command then dies with a ``SystemError``
instead of stopping. So while a command runs, SIGINT is taken by
:func:`_on_sigint`:

- outside numba, and outside a :func:`deferred` block, it raises
  KeyboardInterrupt at once, as Python would;
- inside numba's code, or inside a :func:`deferred` block (a record line or
  a narrated line being written), it is only noted, and raised at the next
  :func:`checkpoint` or when the block ends - so nothing is half-written.

The command line turns the KeyboardInterrupt into one line and exit status 130.
"""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType


class _Pending:
    deferring = 0         # deferred blocks entered and not yet left
    interrupted = False   # a SIGINT arrived that has not been raised yet


_PENDING = _Pending()
_DEFER_IN = ("numba", "llvmlite")      # modules whose Python code numba's compiled code calls back


def _on_sigint(signum: int, frame: FrameType | None) -> None:
    module = frame.f_globals.get("__name__", "") if frame is not None else ""
    if _PENDING.deferring or str(module).split(".")[0] in _DEFER_IN:
        _PENDING.interrupted = True
        return
    _PENDING.interrupted = False
    raise KeyboardInterrupt


@contextmanager
def handled() -> Iterator[None]:
    """SIGINT handled as the module's docstring says, for the duration of the block.

    A SIGINT that the parent process ignores (``nohup``, a background job)
    stays ignored; outside the main thread nothing is installed.
    """
    try:
        previous = signal.getsignal(signal.SIGINT)
    except ValueError:
        previous = None
    if previous is signal.SIG_IGN or previous is None:
        yield
        return
    try:
        signal.signal(signal.SIGINT, _on_sigint)
    except ValueError:             # not the main thread
        yield
        return
    _PENDING.deferring, _PENDING.interrupted = 0, False
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        _PENDING.deferring, _PENDING.interrupted = 0, False


@contextmanager
def deferred() -> Iterator[None]:
    """A block that a Ctrl-C does not cut: the interrupt is raised when it ends."""
    _PENDING.deferring += 1
    try:
        yield
    finally:
        _PENDING.deferring -= 1
    checkpoint()


def checkpoint() -> None:
    """Raise KeyboardInterrupt if a Ctrl-C arrived while it could not be raised."""
    if _PENDING.interrupted and not _PENDING.deferring:
        _PENDING.interrupted = False
        raise KeyboardInterrupt
