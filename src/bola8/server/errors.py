"""The server's refusals: one sentence naming the field, in the request's language, with its status.

Every answer that is not a success goes through the handlers installed here
(:func:`install`): a refusal of the library or of a route (:class:`InputError`,
:class:`ApiError` with its status), a body that does not validate, an unknown
path, and - the only 5xx - a bug, logged and answered without a traceback.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from bola8.errors import InputError, printable
from bola8.game.session import OutOfTurn
from bola8.server.deps import request_lang
from bola8.server.edge import too_large
from bola8.server.routing import RefusedBody
from bola8.server.store import StorageFault

log = logging.getLogger("bola8.server")


class ApiError(InputError):
    """An InputError with its HTTP status: 400/422 bad input, 403 no token, 404 unknown id, 409 not now,
    429 too many; ``headers`` go with the answer (a 429's ``Retry-After``)."""

    def __init__(self, status: int, en: str, es: str, headers: Mapping[str, str] | None = None):
        super().__init__(en, es)
        self.status = status
        self.headers = headers


def not_found(what: str, ident: str) -> ApiError:
    """404: there is no ``what`` with this id."""
    kinds_es = {"game": "la partida", "table": "la mesa", "shot": "el tiro", "profile": "el perfil",
                "tournament": "el torneo"}
    return ApiError(404, f"id: there is no {what} {ident!r}.",
                    f"id: no existe {kinds_es.get(what, what)} {ident!r}.")


def forbidden(seat: str) -> ApiError:
    """403: the action needs ``seat``'s token."""
    return ApiError(403, f"Authorization: this action needs the token of {seat} (Authorization: Bearer <token>).",
                    f"Authorization: esta acción necesita el token de {seat} (Authorization: Bearer <token>).")


def conflict(error: InputError) -> ApiError:
    """409: the action is not allowed now (the library's sentence)."""
    return ApiError(409, error.en, error.es)


def over() -> ApiError:
    """409: the match is over."""
    return ApiError(409, "game: the match is over; no further action is possible.",
                    "game: el encuentro ha terminado; ya no es posible ninguna acción.")


def error_response(status: int, text: str, lang: str, headers: Mapping[str, str] | None = None) -> JSONResponse:
    """``{"error": text}`` with its status: the sentence made safe to show (``bola8.errors.printable``: a
    lone surrogate escaped, a huge value repeated from the input cut to its ends)."""
    return JSONResponse({"error": printable(text, lang)}, status_code=status, headers=headers)


_VALIDATION_ES = {"missing": "falta; es obligatorio", "extra_forbidden": "campo desconocido",
                  "json_invalid": "el cuerpo no es JSON válido"}


def validation_text(error: RequestValidationError, lang: str) -> tuple[int, str]:
    """The status and sentence of a request that does not fit its route's declared shape."""
    first = error.errors()[0] if error.errors() else {"loc": ("body",), "type": "", "msg": "invalid"}
    loc = [str(part) for part in first.get("loc", ()) if part not in ("body", "query", "path", "header")]
    where = ".".join(loc) or "body"
    kind = str(first.get("type", ""))
    status = 400 if kind == "json_invalid" else 422
    msg = str(first.get("msg", "invalid value"))
    if lang == "es":
        return status, f"{where}: {_VALIDATION_ES.get(kind, 'valor no válido (' + msg + ')')}."
    return status, f"{where}: {msg[0].lower() + msg[1:] if msg else 'invalid value'}."


_HTTP_EN = {404: "path: there is no such page or endpoint.", 405: "method: this endpoint does not take that method."}
_HTTP_ES = {404: "path: no existe esa página ni ese punto de la API.",
            405: "method: este punto de la API no admite ese método."}


def install(app: FastAPI) -> None:
    """Answer every refusal and every bug of ``app`` as ``{"error": sentence}``."""

    @app.exception_handler(RequestValidationError)
    async def on_validation(request: Request, error: RequestValidationError) -> JSONResponse:
        lang = request_lang(request)
        status, text = validation_text(error, lang)
        return error_response(status, text, lang)

    @app.exception_handler(InputError)
    async def on_input(request: Request, error: InputError) -> JSONResponse:
        lang = request_lang(request)
        if isinstance(error, ApiError):
            return error_response(error.status, error.text(lang), lang, error.headers)
        return error_response(409 if isinstance(error, OutOfTurn) else 422, error.text(lang), lang)

    @app.exception_handler(StorageFault)
    async def on_storage(request: Request, error: StorageFault) -> JSONResponse:
        log.error("storage fault answering %s %s: %s", request.method, request.url.path, error.cause)
        lang = request_lang(request)
        return error_response(503, error.text(lang), lang, {"Retry-After": "30"})

    @app.exception_handler(StarletteHTTPException)
    async def on_http(request: Request, error: StarletteHTTPException) -> JSONResponse:
        lang = request_lang(request)
        if isinstance(error, RefusedBody):
            return error_response(error.status_code, error.error.text(lang), lang)
        if error.status_code == 413 and str(error.detail).isdigit():     # a body over the limit (server.edge)
            return error_response(413, too_large(int(error.detail), lang), lang)
        text = (_HTTP_ES if lang == "es" else _HTTP_EN).get(
            error.status_code, "request: rechazada." if lang == "es" else "request: refused.")
        return error_response(error.status_code, text, lang, error.headers)

    @app.exception_handler(Exception)
    async def on_bug(request: Request, error: Exception) -> JSONResponse:
        log.exception("bug answering %s %s (request %s)", request.method, request.url.path,
                      getattr(request.state, "request_id", "-"))
        lang = request_lang(request)
        return error_response(500, "server: an internal error; it has been logged." if lang == "en"
                              else "server: un error interno; ha quedado registrado.", lang)
