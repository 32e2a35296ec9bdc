"""Records for the record tests: matches played in process, written by RecordWriter."""

from __future__ import annotations

import json
from pathlib import Path

from bola8.game import MatchSettings, play_match
from bola8.game.record import RecordWriter
from bola8.players import make_player


def record_match(path: Path, *, seed: int = 3, race: int = 1, physics: object = None, noise: float = 1.0,
                 observer: object = None) -> Path:
    """Play a bot match and record it at ``path`` (the players named "bot A" and "bot B")."""
    names = ["bot A", "bot B"]
    players = tuple(make_player("bot", name=names[i], seed=seed * 2 + i, noise=noise) for i in range(2))
    writer = RecordWriter(str(path), {"players": names, "noise": noise})
    settings = MatchSettings(race=race, seed=seed, physics=physics)
    play_match(players, settings, observer(writer) if observer is not None else writer)
    return path


def json_lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def write_lines(path: Path, lines: list[dict]) -> Path:
    path.write_text("".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines))
    return path


def index_of(lines: list[dict], kind: str, nth: int = 0) -> int:
    return [i for i, line in enumerate(lines) if line["type"] == kind][nth]
