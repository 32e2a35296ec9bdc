"""The server's refusals: one sentence naming the field, in the request's language, with its status."""

from __future__ import annotations

from bola8.errors import InputError


class ApiError(InputError):
    """An InputError with its HTTP status: 400/422 bad input, 403 no token, 404 unknown id, 409 not now."""

    def __init__(self, status: int, en: str, es: str):
        super().__init__(en, es)
        self.status = status


def not_found(what: str, ident: str) -> ApiError:
    kinds_es = {"game": "partida", "table": "mesa", "shot": "tiro"}
    return ApiError(404, f"id: there is no {what} {ident!r}.",
                    f"id: no existe la {kinds_es.get(what, what)} {ident!r}.")


def forbidden(seat: str) -> ApiError:
    return ApiError(403, f"Authorization: this action needs the token of {seat} (Authorization: Bearer <token>).",
                    f"Authorization: esta acción necesita el token de {seat} (Authorization: Bearer <token>).")


def conflict(error: InputError) -> ApiError:
    return ApiError(409, error.en, error.es)


def over() -> ApiError:
    return ApiError(409, "game: the match is over; no further action is possible.",
                    "game: el encuentro ha terminado; ya no es posible ninguna acción.")
