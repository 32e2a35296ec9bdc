"""Making a game, and playing together: an invitation a friend takes from another device.

A game is made with its two seats' kinds. Its person seats get their tokens
at once - the hot seat: both tokens to the one who made it - except with an
**invitation**: the maker holds seat 0 and seat 1 waits for a second person,
who takes it with the invitation's code (shared as a link), or without one
when the invitation is public (listed in the lobby). Taking the seat is an
action of the game (stored, numbered: two people who try at once on two
servers cannot both take it), and nothing can be played before it.

A seat may be tied to a profile (the request gives the profile's token); a
**rated** match needs both seats tied to two different profiles - an
invitation whose guest brings one, or a bot (whose level has a profile).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from bola8 import rules
from bola8.game.names import player_name
from bola8.players import bot_label
from bola8.server.deps import Services
from bola8.server.errors import ApiError, over
from bola8.server.games import LiveGame, player_kind
from bola8.server.store import token_digest

CODE_BYTES = 6                   # an invitation's code: 8 characters of a link, 48 random bits


@dataclass(frozen=True)
class NewGame:
    """What a request to make a game says (the route's body, validated for its shape)."""

    players: list[str]
    race: int
    table: str
    ruleset: str
    seed: int | None
    names: list[str] | None
    warned: list[int]
    hints: bool
    invite: bool = False
    public: bool = False
    rated: bool = False
    profile: str | None = None


@dataclass(frozen=True)
class Made:
    """A game just made: itself, the seats' tokens (None for a bot or a seat that waits) and the code."""

    game: LiveGame
    tokens: list[str | None]
    invite: str | None


def make_game(s: Services, request: NewGame, lang: str) -> Made:
    """Make and store a game (see the module); every refusal before anything is stored."""
    from bola8.physics import table_spec

    kinds = [player_kind(kind, f"players[{i}]") for i, kind in enumerate(request.players)]
    table_spec(request.table)
    rules.get_ruleset(request.ruleset)
    maker = s.profiles.of_token(request.profile, "profile")
    if request.invite and kinds != ["person", "person"]:
        raise ApiError(422, "invite: an invitation is for a second person; players must be [\"person\", \"person\"].",
                       "invite: una invitación es para una segunda persona; players debe ser [\"person\", \"person\"].")
    if request.public and not request.invite:
        raise ApiError(422, "public: only an invitation is listed in the lobby; set invite too.",
                       "public: solo una invitación aparece en la sala; indique también invite.")
    profiles: list[str | None] = [None, None]
    if maker is not None:
        profiles[0] = maker.id
    for seat, kind in enumerate(kinds):
        if kind.startswith("bot:"):
            profiles[seat] = s.profiles.of_bot(kind, bot_label(kind[4:], "es")).id
    if request.rated:
        if maker is None:
            raise ApiError(422, "profile: a rated match needs your profile's token.",
                           "profile: un encuentro puntuable necesita el token de su perfil.")
        if not request.invite and "bot" not in kinds[1]:
            raise ApiError(422, "rated: a rated match is between two profiles: invite a friend or play a bot.",
                           "rated: un encuentro puntuable es entre dos perfiles: invite a un amigo o juegue contra "
                           "un bot.")
    default = [maker.name if maker is not None and i == 0 else
               ("bot" if kind.startswith("bot") else f"Jugador {i + 1}" if lang == "es" else f"Player {i + 1}")
               for i, kind in enumerate(kinds)]
    names = request.names or default
    for i, name in enumerate(names):
        player_name(name, f"names[{i}]")
    seed = request.seed if request.seed is not None else secrets.randbelow(2**31)
    params: dict[str, Any] = {"players": kinds, "names": list(names), "race": request.race, "table": request.table,
                              "ruleset": request.ruleset, "seed": seed, "hints": request.hints}
    if request.warned:
        params["warned"] = sorted(set(request.warned))
    code = None
    if request.invite:
        code = secrets.token_urlsafe(CODE_BYTES)
        params.update(invite=token_digest(code), public=request.public)
    if any(profiles):
        params["profiles"] = profiles
    if request.rated:
        params["rated"] = True
    game_id = "g_" + secrets.token_urlsafe(9)
    seat_tokens = [secrets.token_urlsafe(24) if kind == "person" and not (request.invite and seat == 1) else None
                   for seat, kind in enumerate(kinds)]
    digests = [None if t is None else token_digest(t) for t in seat_tokens]
    game = LiveGame(game_id, params, digests)
    s.store.create(game_id, "game", params, digests, public=request.public, invite_open=request.invite,
                   profiles={seat: profile for seat, profile in enumerate(profiles) if profile is not None})
    s.games.add(game)
    if request.invite:
        s.sync.lobby_changed()
    return Made(game, seat_tokens, code)


def join(s: Services, game_id: str, code: str | None, name: str | None, profile_token: str | None) -> tuple[int, str]:
    """The invited person takes the waiting seat: its number and token (see the module)."""
    game = s.games.load(game_id, fresh=True)
    if game.session.over:
        raise over()
    if not game.open_seats:
        raise ApiError(409, "seat: both seats of this game are taken.", "seat: los dos asientos de esta partida están "
                                                                         "ocupados.")
    profile = s.profiles.of_token(profile_token, "profile")
    if any(game.reserved):
        # a tournament's online match: each player takes the seat kept for his profile, with no code
        if profile is None or profile.id not in game.reserved:
            raise ApiError(403, "profile: this match is kept for its two players; give your profile's token.",
                           "profile: este encuentro está reservado a sus dos jugadores; dé el token de su perfil.")
        seat = game.reserved.index(profile.id)
        if seat not in game.open_seats:
            raise ApiError(409, "seat: your seat of this match is taken already (from another device?).",
                           "seat: su asiento de este encuentro ya está ocupado (¿desde otro dispositivo?).")
    else:
        seat = game.open_seats[0]
        if not game.public and (code is None or game.invite is None
                                or not secrets.compare_digest(token_digest(code), game.invite)):
            raise ApiError(403, "invite: this is not the invitation's code.", "invite: este no es el código de la "
                                                                               "invitación.")
    if profile is not None and profile.id == game.profiles[1 - seat]:
        raise ApiError(409, "profile: a profile cannot play itself; the other seat is already yours.",
                       "profile: un perfil no puede jugar contra sí mismo; el otro asiento ya es suyo.")
    if game.rated and profile is None:
        raise ApiError(422, "profile: this match is rated; it needs your profile's token.",
                       "profile: este encuentro es puntuable; necesita el token de su perfil.")
    chosen = name if name is not None else profile.name if profile is not None else None
    if chosen is None:
        raise ApiError(422, "name: missing; say how you are called (or give your profile).",
                       "name: falta; diga cómo se llama (o dé su perfil).")
    player_name(chosen, "name")
    token = secrets.token_urlsafe(24)
    s.games.join(game, seat, chosen, None if profile is None else profile.id, token_digest(token))
    s.sync.lobby_changed()
    return seat, token
