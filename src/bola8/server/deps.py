"""What a route receives besides its body: the server's services, the language, the bearer token.

Each is a FastAPI dependency written once here and named as an ``Annotated``
type, so a route says what it needs in its signature (``services:
ServicesDep, lang: LangDep, token: TokenDep``) and never reaches for it by
hand. Which seat or table a token holds is decided by the registries
(``GameRegistry.seat_of``, ``TableRegistry.change``), not here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Literal

from fastapi import Depends, Header, Request
from starlette.requests import HTTPConnection

if TYPE_CHECKING:
    from bola8.server.bots import BotRunner
    from bola8.server.hints import HintService
    from bola8.server.live import Hub
    from bola8.server.profiles import Profiles
    from bola8.server.sync import Sync
    from bola8.server.tournaments import Tournaments
    from bola8.server.rate import CreationLimit
    from bola8.server.registry import GameRegistry
    from bola8.server.store import SqlStore
    from bola8.server.tables import TableRegistry

Lang = Literal["es", "en"]


@dataclass
class Services:
    """Everything the routes of one app share: made once by ``create_app``, kept on ``app.state``."""

    store: SqlStore
    hub: Hub
    games: GameRegistry
    bots: BotRunner
    hints: HintService
    tables: TableRegistry
    creations: CreationLimit
    profiles: Profiles
    sync: Sync
    tournaments: Tournaments


def services_of(connection: HTTPConnection) -> Services:
    """The services of the app a request or a WebSocket came to."""
    found: Services = connection.app.state.services
    return found


def services(request: Request) -> Services:
    """The app's services (the dependency)."""
    return services_of(request)


def language(lang: Lang = "es") -> str:
    """``?lang=es|en``: the language of every ``text`` and ``error`` of the answer (Spanish by default)."""
    return lang


def bearer_token(authorization: Annotated[str | None, Header()] = None) -> str | None:
    """The token of ``Authorization: Bearer <token>``, or None when the request carries none."""
    if not authorization or not authorization.startswith("Bearer "):
        return None
    return authorization[len("Bearer "):].strip() or None


def request_lang(request: Request) -> str:
    """The language of a request whose query was not validated (an error handler's)."""
    return "en" if request.query_params.get("lang") == "en" else "es"


def counted_creation(request: Request) -> None:
    """A route that creates something counts against the client's limit (:mod:`bola8.server.rate`)."""
    services_of(request).creations.check(request)


ServicesDep = Annotated[Services, Depends(services)]
CREATES = [Depends(counted_creation)]      # ``dependencies=CREATES`` on each creating route
LangDep = Annotated[str, Depends(language)]
TokenDep = Annotated[str | None, Depends(bearer_token)]
