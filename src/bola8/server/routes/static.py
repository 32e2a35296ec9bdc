"""The browser app's files at / (and a 404 for any other /api path).

Only files inside the static folder are served: a path that resolves outside
it, or that holds a NUL byte (which no file name can), is a 404.
"""

from __future__ import annotations

import os
from typing import Any

from fastapi import APIRouter
from fastapi.responses import FileResponse, HTMLResponse
from starlette.exceptions import HTTPException as StarletteHTTPException
from bola8.server.routing import StrictRoute

STATIC = os.path.join(os.path.dirname(os.path.dirname(__file__)), "static")

router = APIRouter(route_class=StrictRoute, include_in_schema=False)


@router.api_route("/api/{rest:path}", methods=["GET", "POST", "PUT", "DELETE", "PATCH"])
async def unknown_api(rest: str) -> None:
    """404 for any API path no route serves."""
    raise StarletteHTTPException(404)


@router.get("/")
async def index() -> Any:
    """The browser app's page."""
    page = os.path.join(STATIC, "index.html")
    if os.path.exists(page):
        return FileResponse(page, media_type="text/html")
    return HTMLResponse("<!doctype html><meta charset=utf-8><title>bola8</title>"
                        "<p>bola8: the API is at <a href=/api/docs>/api/docs</a>.</p>")


@router.get("/{name:path}")
async def static_file(name: str) -> FileResponse:
    """One of the browser app's files (404 outside ``static/``)."""
    if "\0" in name:
        raise StarletteHTTPException(404)
    path = os.path.realpath(os.path.join(STATIC, name))
    if not path.startswith(os.path.realpath(STATIC) + os.sep) or not os.path.isfile(path):
        raise StarletteHTTPException(404)
    media = "text/javascript" if path.endswith((".js", ".mjs")) else None
    return FileResponse(path, media_type=media)
