"""Files written so that nothing is lost: whole or not at all."""

from __future__ import annotations

import os
import tempfile

from bola8.errors import InputError


def write_atomically(path: str, text: str, *, field: str = "output") -> None:
    """Write ``text`` to ``path`` so that readers see either the old or the whole new content.

    A path that cannot be written (no such directory, no permission) is bad
    input: an InputError naming ``field``, never a traceback.
    """
    directory = os.path.dirname(os.path.abspath(path))
    try:
        fd, tmp = tempfile.mkstemp(dir=directory, prefix=".tmp-", suffix=os.path.basename(path))
    except OSError as error:
        raise InputError(f"{field}: cannot write {path!r} ({error.strerror}).",
                         f"{field}: no se puede escribir {path!r} ({error.strerror}).") from None
    try:
        os.fchmod(fd, 0o666 & ~_umask())     # mkstemp makes 0600; the file gets what open() would give it
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except OSError as error:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise InputError(f"{field}: cannot write {path!r} ({error.strerror}).",
                         f"{field}: no se puede escribir {path!r} ({error.strerror}).") from None
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def _umask() -> int:
    """The process's umask (read from /proc where it can be, without changing it even for an instant)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
