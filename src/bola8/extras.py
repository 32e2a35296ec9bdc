"""The optional parts of bola8: when one is not installed, one sentence says which extra to install.

``pip install bola8`` gives the referee, the physics, games, records, the
bots and the command line. The rest comes with an extra (``pyproject.toml``,
``[project.optional-dependencies]``): ``server`` (the browser app), ``batch``
(Parquet folders and the report), ``cluster`` (Ray), ``rl`` (Gymnasium and
PettingZoo). What each extra holds is read from bola8's own installed
metadata, so the list is written once, in ``pyproject.toml``. Standard
library only.

>>> require("server", "bola8 serve")        # the dev install has every extra
"""

from __future__ import annotations

import importlib.metadata as metadata
import re

from bola8.errors import InputError

EXTRAS = ("server", "batch", "cluster", "rl")
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")


class MissingExtra(InputError, ImportError):
    """A part of bola8 needs an extra that is not installed: an :class:`InputError` for the command
    line (exit 2, the sentence in its language) and an :class:`ImportError` for Python callers."""


def missing(extra: str) -> tuple[str, ...]:
    """The distributions ``extra`` needs that are not installed (empty when bola8 itself is not
    installed - a source tree on ``sys.path`` - since there is no metadata to read)."""
    try:
        requires = metadata.requires("bola8") or []
    except metadata.PackageNotFoundError:
        return ()
    marker = re.compile(r"extra\s*==\s*['\"]" + re.escape(extra) + r"['\"]")
    absent = []
    for requirement in requires:
        found = _NAME.match(requirement)
        if found is None or not marker.search(requirement):
            continue
        try:
            metadata.distribution(found.group())
        except metadata.PackageNotFoundError:
            absent.append(found.group())
    return tuple(absent)


def require(extra: str, what: str) -> None:
    """Raise :class:`MissingExtra` naming ``what`` needs and how to install it, if ``extra`` is missing."""
    absent = missing(extra)
    if absent:
        listed = ", ".join(absent)
        raise MissingExtra(
            f"{what}: needs bola8's '{extra}' extra ({listed} not installed); install it with "
            f"pip install 'bola8[{extra}]'.",
            f"{what}: necesita el extra '{extra}' de bola8 (falta {listed}); instálelo con "
            f"pip install 'bola8[{extra}]'.")
