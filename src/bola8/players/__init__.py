"""Players: the protocol every player follows, execution noise, and bots.

A player sees a :class:`~bola8.game.Game` (an immutable value) and answers
what the game asks of it: where to put the cue ball in hand, which stroke to
play and what to call, which option to take, how hard to lag. It never reaches
into a game's internals and never decides a rule.
"""

from bola8.players.noise import ExecutionNoise
from bola8.players.protocol import Player, ShotChoice

__all__ = ["ExecutionNoise", "Player", "ShotChoice", "make_player", "PLAYER_KINDS"]

PLAYER_KINDS = ("bot", "bot:baseline")      # the kinds make_player builds ("bot" is the baseline level)


def make_player(kind: str, *, name: str | None = None, seed: int = 0, noise: float = 1.0) -> Player:
    """A player from its command-line name: ``bot`` or ``bot:baseline`` (the baseline bot)."""
    from bola8.errors import InputError

    if kind in ("bot", "bot:baseline"):
        from bola8.players.bot import BaselineBot

        return BaselineBot(name=name or "bot", seed=seed, noise=ExecutionNoise(level=noise))
    raise InputError(f"players: {kind!r} is not a kind of player; expected {', '.join(PLAYER_KINDS)}.",
                     f"players: {kind!r} no es un tipo de jugador; se esperaba {', '.join(PLAYER_KINDS)}.")
