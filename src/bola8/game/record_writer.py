"""Writing a record while the match is played: appended game by game, never replacing a file unasked.

:class:`RecordWriter` is a match observer. The file is created when the
writer is (so a path that cannot be written is refused before the match
starts) and it is LINEAR: the header line is written when the match starts,
then each game's lines are appended and synced to the disk at the game's
end, and the match's end at the match's end. A match killed at any moment
leaves every finished game on the disk; at worst its last line is cut, which
the reader recognises (an interrupted match), never a damaged record.

An existing path is never replaced unless the caller says ``overwrite=True``
(``bola8 match --record FILE --overwrite``), and even then only a regular
file that is empty or is a bola8 record - never a symbolic link, a directory,
a device or someone's notes. A replaced record stays whole until the new one
holds its header: the new file is written next to it and renamed over it.
New files get the mode the user's umask gives, as any file they create.
"""

from __future__ import annotations

import json
import math
import os
import stat
from collections.abc import Mapping, Sequence
from types import TracebackType
from typing import TYPE_CHECKING, Any

from bola8.errors import InputError
from bola8.game.record_format import FORMAT, Line, game_line, header_line, shorten, turn_line

if TYPE_CHECKING:
    from bola8.game.game import Game, Turn
    from bola8.game.lag import LagStroke
    from bola8.game.layout import Point
    from bola8.game.match import MatchResult, MatchSettings


class RecordWriter:
    """A match observer that appends the record to ``path`` game by game (or keeps it in memory: ``path`` None).

    ``header`` holds what the match itself does not know (the players' names,
    the bots' noise); :meth:`on_match_start` adds the settings. ``field`` is
    how errors name the path - ``"--record"`` on the command line.
    """

    def __init__(self, path: str | None, header: Mapping[str, object], *, field: str = "record",
                 overwrite: bool = False) -> None:
        self.path = path
        self.field = field
        self.extra = dict(header)
        self.lines: list[Line] = []         # every line so far, in order
        self._written = 0                   # how many of them are on the disk
        self._fd: int | None = None
        self._replaces: str | None = None   # the temporary name written while an old record still stands
        if path is not None:
            self._fd, self._replaces = _create(path, field, overwrite)

    # ------------------------------------------------------------ the file
    def text(self) -> str:
        """The record so far, as its file holds it once saved."""
        return "".join(_text(line) for line in self.lines)

    def save(self) -> None:
        """Append the lines not yet written and sync them to the disk (nothing to do without a path)."""
        if self._fd is None or self._written == len(self.lines):
            return
        data = "".join(_text(line) for line in self.lines[self._written:]).encode("utf-8")
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(self._fd, view):]
            os.fsync(self._fd)
            if self._replaces is not None and self.path is not None:
                os.replace(self._replaces, self.path)      # the old record gives way to one with a header
                self._replaces = None
        except OSError as error:
            raise InputError(f"{self.field}: cannot write {shorten(repr(self.path))} ({error.strerror}).",
                             f"{self.field}: no se puede escribir {shorten(repr(self.path))} "
                             f"({error.strerror}).") from None
        self._written = len(self.lines)

    def close(self) -> None:
        """Write what is pending and close the file; a replacement that never got its header is removed."""
        if self._fd is None:
            return
        try:
            if self.lines:
                self.save()
        finally:
            os.close(self._fd)
            self._fd = None
            if self._replaces is not None:
                os.unlink(self._replaces)
                self._replaces = None

    def __enter__(self) -> RecordWriter:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.close()

    # ------------------------------------------------------------ the match observer
    def on_match_start(self, settings: MatchSettings) -> None:
        """The header takes the settings the match is played with (replay plays them again); it is on the
        disk before the first lag."""
        self.lines.append(header_line(settings, self.extra))
        self.save()

    def on_lag(self, strokes: Sequence[LagStroke], winner: int | None, breaker: int, reason: str,
               coin_toss: bool = False) -> None:
        """The record's line for the lag."""
        self.lines.append({"type": "lag", "reason": reason, "winner": winner, "breaker": breaker,
                           "coin_toss": coin_toss,
                           "strokes": [{"player": s.player, "speed": s.speed,
                                        "distance": None if math.isinf(s.distance) else s.distance}
                                       for s in strokes]})

    def on_game_start(self, number: int, game: Game) -> None:
        """The record's line for the game's start."""
        self.lines.append(game_line(game, number))

    def on_place(self, player: int, point: Point, game: Game) -> None:
        """The record's line for the placement."""
        self.lines.append({"type": "place", "player": player, "x": point[0], "y": point[1]})

    def on_turn(self, turn: Turn, choice: object) -> None:
        """The record's line for the action judged."""
        self.lines.append(turn_line(turn, choice))

    def on_warn(self, player: int, number: int | None) -> None:
        """The record's line for the warning."""
        self.lines.append({"type": "warn", "player": player})

    def on_disqualify(self, player: int, number: int | None) -> None:
        """The record's line for the disqualification."""
        self.lines.append({"type": "disqualify", "player": player})

    def on_concede(self, player: int, number: int | None, abandoned: bool) -> None:
        """The record's line for the match conceded (or abandoned and claimed)."""
        self.lines.append({"type": "concede", "player": player, "abandoned": abandoned})

    def on_game_end(self, number: int, game: Game, score: Sequence[int]) -> None:
        """The record's line for the game's end."""
        self.lines.append({"type": "game_end", "number": number, "result": game.state.result,
                           "winner": game.state.winner, "score": list(score)})
        self.save()

    def on_match_end(self, result: MatchResult) -> None:
        """The record's line for the match's end."""
        self.lines.append({"type": "match_end", "winner": result.winner, "score": list(result.score),
                           "result": result.result})
        self.close()


def _text(line: Line) -> str:
    return json.dumps(line, ensure_ascii=False) + "\n"


_NEW = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0)
_MODE = 0o666          # less the umask, as for any file the user creates


def _create(path: str, field: str, overwrite: bool) -> tuple[int, str | None]:
    """The open file to append to, and the temporary name it has while it is to replace ``path``."""
    shown = shorten(repr(path))

    def refuse(en: str, es: str) -> InputError:
        return InputError(f"{field}: {shown} {en}", f"{field}: {shown} {es}")

    def cannot(error: OSError) -> InputError:
        return InputError(f"{field}: cannot write {shown} ({error.strerror}).",
                          f"{field}: no se puede escribir {shown} ({error.strerror}).")

    if not path:
        raise InputError(f"{field}: an empty name is no file; name the file to write the record to.",
                         f"{field}: un nombre vacío no es ningún archivo; indique el archivo del registro.")
    try:
        return os.open(path, _NEW, _MODE), None
    except FileExistsError:
        pass
    except OSError as error:
        raise cannot(error) from None
    option = "--overwrite" if field.startswith("--") else "overwrite=True"
    try:
        info = os.lstat(path)
    except OSError as error:       # it went away meanwhile: still not ours to create blindly
        raise cannot(error) from None
    if stat.S_ISLNK(info.st_mode):
        raise refuse("is a symbolic link; a record is not written through one - name the file itself.",
                     "es un enlace simbólico; un registro no se escribe a través de uno: indique el archivo "
                     "mismo.")
    if not stat.S_ISREG(info.st_mode):
        raise refuse("exists and is not a regular file; it is never replaced.",
                     "existe y no es un archivo normal; nunca se reemplaza.")
    if not overwrite:
        raise refuse(f"exists; it is not replaced unless you say {option}.",
                     f"ya existe; no se reemplaza salvo que indique {option}.")
    if info.st_size and not _is_record(path):
        raise refuse(f"is not a bola8 record; it is not replaced, not even with {option}.",
                     f"no es un registro de bola8; no se reemplaza, ni siquiera con {option}.")
    directory, name = os.path.split(os.path.abspath(path))
    for attempt in range(100):
        temporary = os.path.join(directory, f".{name}.{os.getpid()}.{attempt}.tmp")
        try:
            return os.open(temporary, _NEW, _MODE), temporary
        except FileExistsError:
            continue
        except OSError as error:
            raise cannot(error) from None
    raise InputError(f"{field}: cannot write {shown} (no free temporary name next to it).",
                     f"{field}: no se puede escribir {shown} (no hay un nombre temporal libre a su lado).")


def _is_record(path: str) -> bool:
    """Whether the file begins with a bola8 record header."""
    try:
        with open(path, "rb") as handle:
            first = handle.readline(1 << 16)
        header: Any = json.loads(first)
    except (OSError, ValueError, RecursionError):
        return False
    return isinstance(header, dict) and header.get("type") == "match" and header.get("format") == FORMAT
