"""Every route reads its JSON body with the project's strict reader (:func:`bola8.jsonio.strict_loads`).

FastAPI parses a body with Python's ``json``, which accepts ``NaN``, a repeated
key (keeping the last) and a lone UTF-16 surrogate (``"\\ud800"``, which no
answer can repeat: UTF-8 cannot hold it). The routers of
:mod:`bola8.server.routes` are made with :class:`StrictRoute`, whose request
reads JSON with the same strict reader as the command line and the record
files: one validation place for text, so every bad body is refused with one
sentence naming the field - before any route runs, so nothing is half made.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any

from fastapi import Request, Response
from fastapi.routing import APIRoute
from starlette.exceptions import HTTPException

from bola8.errors import InputError
from bola8.jsonio import NotJson, decode_utf8, strict_loads


class RefusedBody(HTTPException):
    """A body the strict reader refused; FastAPI lets an HTTPException through its body parsing, and the
    error handlers answer its sentence (``errors.install``): 400 for what is not JSON, else 422."""

    def __init__(self, error: InputError):
        super().__init__(400 if isinstance(error, NotJson) else 422, detail=error.en)
        self.error = error


class StrictRequest(Request):
    """A request whose ``json()`` is :func:`~bola8.jsonio.strict_loads` of its body, named ``body``."""

    async def json(self) -> Any:
        """The body read as strict JSON (no NaN, no repeated key, no lone surrogate), once."""
        if not hasattr(self, "_json"):
            try:
                self._json = strict_loads(decode_utf8(await self.body(), "body"), "body")
            except InputError as error:
                raise RefusedBody(error) from None
        return self._json


class StrictRoute(APIRoute):
    """A route whose request is a :class:`StrictRequest`."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        """The route's handler, handed a :class:`StrictRequest`."""
        handler = super().get_route_handler()

        async def strict(request: Request) -> Response:
            return await handler(StrictRequest(request.scope, request.receive))

        return strict
