"""Players: the protocol every player follows, execution noise, and bots.

A player sees a :class:`~bola8.game.Game` (an immutable value) and answers
what the game asks of it: where to put the cue ball in hand, which stroke to
play and what to call, which option to take, how hard to lag. It never reaches
into a game's internals and never decides a rule.

The bots: ``bot`` / ``bot:baseline`` (the baseline bot, the reference every
other is measured against) and the searching bot at its four levels,
``bot:beginner``, ``bot:club``, ``bot:pro`` and ``bot:champion``
(:mod:`bola8.players.levels`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bola8.players.levels import LEVEL_NAMES, LEVELS
from bola8.players.noise import MAX_LEVEL, ExecutionNoise
from bola8.players.protocol import Player, ShotChoice

if TYPE_CHECKING:
    from bola8.physics import PhysicsSettings

__all__ = ["ExecutionNoise", "Player", "ShotChoice", "make_player", "PLAYER_KINDS", "BOT_LEVELS", "bot_label"]

# The bot levels everything offers (the command line, batches, the server), the baseline first.
BOT_LEVELS: tuple[str, ...] = ("baseline",) + LEVEL_NAMES
# The kinds make_player builds ("bot" is the baseline level).
PLAYER_KINDS: tuple[str, ...] = ("bot",) + tuple(f"bot:{level}" for level in BOT_LEVELS)
_BASELINE_LABEL = ("bot básico", "baseline bot")


def bot_label(level: str, lang: str = "es") -> str:
    """A bot level's name for people, in Spanish or English."""
    if level == "baseline":
        return _BASELINE_LABEL[0 if lang == "es" else 1]
    return LEVELS[level].label(lang)


def make_player(kind: str, *, name: str | None = None, seed: int = 0, noise: float = 1.0,
                physics: PhysicsSettings | None = None) -> Player:
    """A player from its command-line name: ``bot``, ``bot:baseline`` or ``bot:<level>``.

    ``noise`` is the match's execution noise (1 = the computer olympiad's); a
    searching bot plays at that times its level's ``noise_scale`` (at most the
    largest level the noise model takes). ``physics``: the match's physics
    settings, which a searching bot uses for its lag.
    """
    from bola8.errors import InputError

    if kind in ("bot", "bot:baseline"):
        from bola8.players.bot import BaselineBot

        return BaselineBot(name=name or "bot", seed=seed, noise=ExecutionNoise(level=noise))
    if kind.startswith("bot:") and kind[4:] in LEVELS:
        from bola8.players.search_bot import SearchBot

        level = LEVELS[kind[4:]]
        ExecutionNoise(level=noise)          # the match's level is checked as given
        scaled = min(noise * level.noise_scale, MAX_LEVEL)
        return SearchBot(level, name=name or kind, seed=seed, noise=ExecutionNoise(level=scaled), physics=physics)
    raise InputError(f"players: {kind!r} is not a kind of player; expected {', '.join(PLAYER_KINDS)}.",
                     f"players: {kind!r} no es un tipo de jugador; se esperaba {', '.join(PLAYER_KINDS)}.")
