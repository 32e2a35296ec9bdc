"""What every storage backend of the server provides, and how it fails.

The server keeps everything event-sourced (:mod:`bola8.server.store`):
matches - a game on the simulated table, a real table - are their creation
parameters and their accepted actions in order. A backend is a
:class:`~bola8.server.store.sql.SqlStore`; each action is appended in its own transaction, committed
before the server answers, and numbered: a second writer of the same number
(another server that acted on the same match first) is refused with
:class:`ActionTaken`, never a second copy.

A backend's failures reach the server as :class:`StorageFault`: one
sentence, in both languages, that names what is wrong with the storage (the
disk is full, the database cannot be written, it is damaged, it cannot be
reached), answered ``503``; the action can be sent again once the fault is
gone, and nothing that was answered is lost.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any


def token_digest(token: str) -> str:
    """What is stored of a token: its SHA-256 digest (the database alone lets nobody act)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Stored:
    """A stored match: what created it, its token digests, and its actions with their commit times."""

    params: dict[str, Any]
    tokens: Any
    actions: list[dict[str, Any]]
    times: list[float | None]


class StorageFault(Exception):
    """The storage failed (not the request): a sentence naming the fault, in English and Spanish."""

    def __init__(self, en: str, es: str, cause: str):
        super().__init__(en)
        self.en, self.es, self.cause = en, es, cause

    def text(self, lang: str = "es") -> str:
        """The sentence in ``lang``."""
        return self.es if lang == "es" else self.en


class ActionTaken(Exception):
    """Another writer stored this match's action of the same number first (several servers)."""


def disk_full(cause: str) -> StorageFault:
    """The fault of a full disk."""
    return StorageFault("storage: the disk that holds the database is full; nothing was stored - try again once "
                        "space is freed.",
                        "storage: el disco que guarda la base de datos está lleno; no se ha guardado nada - vuelva a "
                        "intentarlo cuando haya espacio.", cause)


def read_only(cause: str) -> StorageFault:
    """The fault of a database that cannot be written."""
    return StorageFault("storage: the database cannot be written (it is read-only); nothing was stored - try again "
                        "once it can be.",
                        "storage: no se puede escribir en la base de datos (es de solo lectura); no se ha guardado "
                        "nada - vuelva a intentarlo cuando se pueda.", cause)


def damaged(cause: str) -> StorageFault:
    """The fault of a damaged database."""
    return StorageFault("storage: the database is damaged; what this request needs cannot be read or written.",
                        "storage: la base de datos está dañada; no se puede leer ni escribir lo que pide esta "
                        "petición.", cause)


def unreachable(cause: str) -> StorageFault:
    """The fault of a database that cannot be reached now."""
    return StorageFault("storage: the database cannot be reached now; nothing was stored - try again shortly.",
                        "storage: ahora no se puede acceder a la base de datos; no se ha guardado nada - vuelva a "
                        "intentarlo en un momento.", cause)
